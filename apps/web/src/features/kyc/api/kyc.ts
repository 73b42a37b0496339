import {
  KYC_ENDPOINTS,
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
import { call } from '../../../lib/endpoint';
import { fetchProfile, profileKeys } from '../../../lib/profile';

export type Kind = 'individual' | 'institution';

/** The KYC calls of the gateway (issue 17): endpoints and shapes from the contracts' kyc.ts. */
const E = KYC_ENDPOINTS;
const DRAFT = {
  individual: { read: E.individualDraft, save: E.saveIndividualDraft },
  institution: { read: E.institutionDraft, save: E.saveInstitutionDraft },
} as const;

export const kycKeys = {
  all: ['kyc'] as const,
  application: () => [...kycKeys.all, 'application'] as const,
  draft: (kind: Kind) => [...kycKeys.all, 'draft', kind] as const,
};

export const fetchKycApplication = (client: ApiClient, signal?: AbortSignal) =>
  call(client, E.application, kycApplicationView, {
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
    queryFn: ({ signal }) => call(client, DRAFT[kind].read, kycDraftView, { signal, silent: true }),
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
  return call(client, DRAFT[kind].save, anything, {
    body: draft,
    silent: true,
  });
}

type Submission =
  | { endpoint: typeof E.individualBasic; body: IndividualBasicDraft }
  | { endpoint: typeof E.individualAdvanced; body: IndividualAdvancedDraft }
  | { endpoint: typeof E.institutionInformation; body: InstitutionInformationDraft }
  | { endpoint: typeof E.institutionDocuments; body: InstitutionDocumentsDraft };

/** Submits a step; then the application and the profile (level, permissions) are read again. */
export function useSubmitKycStep() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpoint, body }: Submission) =>
      call(client, endpoint, kycApplicationView, { body, silent: true }),
    onSuccess: async (application) => {
      queryClient.setQueryData(kycKeys.application(), application);
      const user = await fetchProfile(client).catch(() => null);
      if (user) queryClient.setQueryData(profileKeys.all, user);
    },
  });
}
