import {
  SECURITY_PATHS,
  authenticatorSetupResponse,
  noData,
  securityStatus,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
} from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { profileKeys } from '../../../lib/profile';
import { securityKeys, silentPost } from '../../../lib/security';

/** Security settings (SECURITY_ENDPOINTS): Authenticator, password and e-mail (status and codes: lib). */
export function useAuthenticatorSetup() {
  const client = useApiClient();
  return useMutation({
    mutationFn: () =>
      silentPost(client, SECURITY_PATHS.authenticatorSetup, authenticatorSetupResponse, {}),
  });
}

/** Link and unlink answer the new status; the profile's verifications change with it. */
function useStatusChange<I>(path: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => silentPost(client, path, securityStatus, input),
    onSuccess: (status) => {
      queryClient.setQueryData(securityKeys.status, status);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export const useLinkAuthenticator = () =>
  useStatusChange<{ googleCode: string }>(SECURITY_PATHS.authenticatorLink);
export const useUnlinkAuthenticator = () =>
  useStatusChange<{ googleCode: string; emailCode: string }>(SECURITY_PATHS.authenticatorUnlink);

export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      silentPost(client, SECURITY_PATHS.changePassword, noData, input),
  });
}

export function useChangeEmail() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChangeEmailRequest) =>
      silentPost(client, SECURITY_PATHS.changeEmail, noData, input),
  });
}
