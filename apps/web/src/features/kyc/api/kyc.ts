import {
  kycApplicationView,
  kycDraftView,
  type IndividualAdvancedDraft,
  type IndividualBasicDraft,
  type IndividualDraft,
  type InstitutionDocumentsDraft,
  type InstitutionDraft,
  type InstitutionInformationDraft,
} from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { anything, type ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { fetchProfile, profileKeys } from '../../../lib/profile';

export type Kind = 'individual' | 'institution';

/** The KYC routes of the gateway (issue 17); shapes from the contracts' kyc.ts. */
export const KYC_PATHS = {
  application: '/v1/kyc/application',
  draft: (kind: Kind) => `/v1/kyc/${kind}/draft`,
  individualBasic: '/v1/kyc/individual/basic',
  individualAdvanced: '/v1/kyc/individual/advanced',
  institutionInformation: '/v1/kyc/institution/information',
  institutionDocuments: '/v1/kyc/institution/documents',
} as const;

export const kycKeys = {
  all: ['kyc'] as const,
  application: () => [...kycKeys.all, 'application'] as const,
  draft: (kind: Kind) => [...kycKeys.all, 'draft', kind] as const,
};

export const fetchKycApplication = (client: ApiClient, signal?: AbortSignal) =>
  client.get(KYC_PATHS.application, kycApplicationView, {
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** The application's state; read every 3 s while under review, so approval shows by itself. */
export function useKycApplication() {
  const client = useApiClient();
  return useQuery({
    queryKey: kycKeys.application(),
    queryFn: ({ signal }) => fetchKycApplication(client, signal),
    refetchInterval: (query) => (query.state.data?.status === 'AFOOT' ? 3000 : false),
    retry: false,
  });
}

export function useServerDraft(kind: Kind) {
  const client = useApiClient();
  return useQuery({
    queryKey: kycKeys.draft(kind),
    queryFn: ({ signal }) =>
      client.get(KYC_PATHS.draft(kind), kycDraftView, { signal, silent: true }),
    // No draft yet, or no route: the local draft still holds the form.
    retry: false,
    staleTime: Infinity,
  });
}

export function saveServerDraft(
  client: ApiClient,
  kind: Kind,
  draft: IndividualDraft | InstitutionDraft,
) {
  return client.request(KYC_PATHS.draft(kind), anything, {
    method: 'PUT',
    body: draft,
    silent: true,
  });
}

type Submission =
  | { path: typeof KYC_PATHS.individualBasic; body: IndividualBasicDraft }
  | { path: typeof KYC_PATHS.individualAdvanced; body: IndividualAdvancedDraft }
  | { path: typeof KYC_PATHS.institutionInformation; body: InstitutionInformationDraft }
  | { path: typeof KYC_PATHS.institutionDocuments; body: InstitutionDocumentsDraft };

/** Submits a step; then the application and the profile (level, permissions) are read again. */
export function useSubmitKycStep() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: Submission) =>
      client.request(path, kycApplicationView, { method: 'POST', body, silent: true }),
    onSuccess: async (application) => {
      queryClient.setQueryData(kycKeys.application(), application);
      const user = await fetchProfile(client).catch(() => null);
      if (user) queryClient.setQueryData(profileKeys.all, user);
    },
  });
}
