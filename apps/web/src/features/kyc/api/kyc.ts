import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { fetchProfile, profileKeys } from '../../../lib/profile';
import { anything, kycStatusSchema, serverDraftSchema, type ServerDraft } from './shapes';

export const KYC_PATHS = {
  status: '/v1/kyc/status',
  draft: (kind: Kind) => `/v1/kyc/${kind}/draft`,
  submit: (kind: Kind) => `/v1/kyc/${kind}/submit`,
} as const;

export type Kind = 'individual' | 'institution';

export const kycKeys = {
  all: ['kyc'] as const,
  status: () => [...kycKeys.all, 'status'] as const,
  draft: (kind: Kind) => [...kycKeys.all, 'draft', kind] as const,
};

export const fetchKycStatus = (client: ApiClient, signal?: AbortSignal) =>
  client.get(KYC_PATHS.status, kycStatusSchema, signal ? { signal } : {});

/** The review's state; polled every 5 s while the review runs, so approval shows by itself. */
export function useKycStatus() {
  const client = useApiClient();
  return useQuery({
    queryKey: kycKeys.status(),
    queryFn: ({ signal }) => fetchKycStatus(client, signal),
    refetchInterval: (query) => (query.state.data?.status === 'AFOOT' ? 5000 : false),
  });
}

export function useServerDraft(kind: Kind) {
  const client = useApiClient();
  return useQuery({
    queryKey: kycKeys.draft(kind),
    queryFn: ({ signal }) =>
      client.get(KYC_PATHS.draft(kind), serverDraftSchema, { signal, silent: true }),
    // A missing draft route or draft is not an error to show: the local draft still holds the form.
    retry: false,
    staleTime: Infinity,
  });
}

export function saveServerDraft(
  client: ApiClient,
  kind: Kind,
  draft: Omit<ServerDraft, 'updatedAt'>,
) {
  return client.request(KYC_PATHS.draft(kind), anything, {
    method: 'PUT',
    body: draft,
    silent: true,
  });
}

/** Submits the form; then the status and the profile (level, permissions) are read again. */
export function useSubmitKyc(kind: Kind) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      client.request(KYC_PATHS.submit(kind), anything, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: kycKeys.all });
      const user = await fetchProfile(client).catch(() => null);
      if (user) queryClient.setQueryData(profileKeys.all, user);
    },
  });
}
