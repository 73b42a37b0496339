import {
  SECURITY_ENDPOINTS,
  emailCodeResponse,
  securityStatus,
  type Endpoint,
  type SecurityCodePurpose,
} from '@exchange/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-context';
import { call } from './endpoint';

/**
 * Security settings (SECURITY_ENDPOINTS) that every step-up form uses: the status and the e-mailed
 * codes (the security feature's api/security holds the rest).
 */
export const securityKeys = { status: ['security', 'status'] as const };

export const fetchSecurityStatus = (client: ApiClient, signal?: AbortSignal) =>
  call(client, SECURITY_ENDPOINTS.status, securityStatus, signal ? { signal } : {});

export const securityStatusQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => fetchSecurityStatus(client, signal),
  });

export function useSecurityStatus() {
  return useQuery(securityStatusQuery(useApiClient()));
}

/** Forms show their own failures next to the fields: every call is silent. */
export const silentCall = <T>(
  client: ApiClient,
  endpoint: Endpoint,
  schema: { parse(v: unknown): T },
  body: unknown,
) => call(client, endpoint, schema, { body, silent: true });

export function useSecurityCode() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: { purpose: SecurityCodePurpose; email?: string }) =>
      silentCall(client, SECURITY_ENDPOINTS.emailCode, emailCodeResponse, input),
  });
}
