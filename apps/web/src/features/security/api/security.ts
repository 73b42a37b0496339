import {
  SECURITY_ENDPOINTS,
  authenticatorSetupResponse,
  noData,
  securityStatus,
  type ChangeEmailRequest,
  type Endpoint,
  type ChangePasswordRequest,
} from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { profileKeys } from '../../../lib/profile';
import { securityKeys, silentCall } from '../../../lib/security';

/** Security settings (SECURITY_ENDPOINTS): Authenticator, password and e-mail (status and codes: lib). */
export function useAuthenticatorSetup() {
  const client = useApiClient();
  return useMutation({
    mutationFn: () =>
      silentCall(client, SECURITY_ENDPOINTS.authenticatorSetup, authenticatorSetupResponse, {}),
  });
}

/** Link and unlink answer the new status; the profile's verifications change with it. */
function useStatusChange<I>(endpoint: Endpoint) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => silentCall(client, endpoint, securityStatus, input),
    onSuccess: (status) => {
      queryClient.setQueryData(securityKeys.status, status);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export const useLinkAuthenticator = () =>
  useStatusChange<{ googleCode: string }>(SECURITY_ENDPOINTS.authenticatorLink);
export const useUnlinkAuthenticator = () =>
  useStatusChange<{ googleCode: string; emailCode: string }>(
    SECURITY_ENDPOINTS.authenticatorUnlink,
  );

export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      silentCall(client, SECURITY_ENDPOINTS.changePassword, noData, input),
  });
}

export function useChangeEmail() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChangeEmailRequest) =>
      silentCall(client, SECURITY_ENDPOINTS.changeEmail, noData, input),
  });
}
