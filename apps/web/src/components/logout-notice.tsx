import { ErrorCode, i18nKey } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { logoutReason } from '../lib/session';

/**
 * Why the user was logged out, shown where they land afterwards (the login page, a private page
 * asking to log in), also after a reload: 4003 says the account logged in on another device.
 */
export function LogoutNotice({ showTips = false }: { showTips?: boolean }) {
  const { t } = useTranslation();
  const reason = logoutReason();
  if (reason === String(ErrorCode.LOGGED_IN_ELSEWHERE.code)) {
    return (
      <p className="notice notice--error" role="alert" data-testid="logout-reason">
        {t(i18nKey(reason), { ns: 'errors' })}
      </p>
    );
  }
  if (!reason && !showTips) return null;
  return (
    <p className="notice" role="status" data-testid="logout-reason">
      {t('auth.sessionEnded')}
    </p>
  );
}
