import {
  SECURITY_PATHS,
  authenticatorSetupResponse,
  emailCodeResponse,
  noData,
  securityStatus,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type SecurityCodePurpose,
} from '@exchange/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { profileKeys } from '../../../lib/profile';

/** Security settings of /v1/security: status, codes, Authenticator, password and e-mail. */
export const securityKeys = { status: ['security', 'status'] as const };

export const fetchSecurityStatus = (client: ApiClient, signal?: AbortSignal) =>
  client.get(SECURITY_PATHS.status, securityStatus, signal ? { signal } : {});

export const securityStatusQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => fetchSecurityStatus(client, signal),
  });

export function useSecurityStatus() {
  return useQuery(securityStatusQuery(useApiClient()));
}

/** Forms show their own failures next to the fields: every call is silent. */
const post = <T>(
  client: ApiClient,
  path: string,
  schema: { parse(v: unknown): T },
  body: unknown,
) => client.request(path, schema, { method: 'POST', body, silent: true });

export function useSecurityCode() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: { purpose: SecurityCodePurpose; email?: string }) =>
      post(client, SECURITY_PATHS.emailCode, emailCodeResponse, input),
  });
}

export function useAuthenticatorSetup() {
  const client = useApiClient();
  return useMutation({
    mutationFn: () =>
      post(client, SECURITY_PATHS.authenticatorSetup, authenticatorSetupResponse, {}),
  });
}

/** Link and unlink answer the new status; the profile's verifications change with it. */
function useStatusChange<I>(path: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => post(client, path, securityStatus, input),
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
      post(client, SECURITY_PATHS.changePassword, noData, input),
  });
}

export function useChangeEmail() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChangeEmailRequest) =>
      post(client, SECURITY_PATHS.changeEmail, noData, input),
  });
}
