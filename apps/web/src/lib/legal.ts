// The legal pages' calls (contracts LEGAL_ENDPOINTS), shared: the operator's legal pages, the
// agreements a sign-up accepts (the auth feature's form), and a signed-in user's agreement to a
// new version (the legal feature's dialog, which the app shell shows).
import {
  LEGAL_ENDPOINTS as E,
  currentAgreements,
  legalDocument,
  noData,
  pendingAgreements,
  type AgreementVersion,
  type LegalDocumentSlug,
} from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { useSession } from './session';

export const legalKeys = {
  all: ['legal'] as const,
  document: (slug: string, language: string) => ['legal', 'document', slug, language] as const,
  agreements: (language: string) => ['legal', 'agreements', language] as const,
  pending: (language: string) => ['legal', 'pending', language] as const,
};

export function useLegalDocument(slug: LegalDocumentSlug, language: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: legalKeys.document(slug, language),
    queryFn: ({ signal }) =>
      call(client, E.document, legalDocument, { params: { slug }, silent: true, signal }),
  });
}

/** The agreements in force, at their versions: what the sign-up form asks to accept. */
export function useCurrentAgreements(language: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: legalKeys.agreements(language),
    queryFn: ({ signal }) =>
      call(client, E.agreements, currentAgreements, { silent: true, signal }),
  });
}

/**
 * New versions the signed-in user has not agreed to. Read again every few minutes, so an open
 * tab asks too when the operator publishes new terms.
 */
export function usePendingAgreements(language: string) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: legalKeys.pending(language),
    queryFn: ({ signal }) => call(client, E.pending, pendingAgreements, { silent: true, signal }),
    enabled: token !== null,
    refetchInterval: 5 * 60_000,
  });
}

export function useAcceptAgreements() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accepted: AgreementVersion[]) =>
      call(client, E.accept, noData, { body: { accepted }, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalKeys.all }),
  });
}
