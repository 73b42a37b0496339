import { ErrorCode, i18nKey } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-context';
import { logout } from '../../../lib/session-actions';
import { showToast } from '../../../lib/toast';

/**
 * After a password or e-mail change the server has ended every session: say "The operation
 * succeeded. Please log in again.", log out here and open the login page.
 */
export function useRelogin() {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    showToast(t(i18nKey(ErrorCode.OPERATION_SUCCEEDED_RELOGIN.code), { ns: 'errors' }), 'success');
    await logout(client, { callServer: false });
    queryClient.clear();
    await navigate(PATHS.login, { replace: true });
  };
}
