import {
  PARTNER_BANK_ACCOUNT_ENDPOINTS,
  partnerBankAccountView,
  type Endpoint,
} from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSocketChannel } from '../../../lib/socket/socket-context';

/** The partner-bank account's calls (PARTNER_BANK_ACCOUNT_ENDPOINTS); shapes from contracts fiat-bank.ts. */
export const bankAccountKeys = {
  all: ['fiat-bank'] as const,
  account: () => [...bankAccountKeys.all, 'account'] as const,
};

export const fetchBankAccount = (client: ApiClient, signal?: AbortSignal) =>
  call(client, PARTNER_BANK_ACCOUNT_ENDPOINTS.status, partnerBankAccountView, {
    silent: true,
    ...(signal ? { signal } : {}),
  });

/**
 * The account's state; read every 2 s while the bank is deciding (opening, or an e-KYC link out),
 * and again at once when the `bankAccount` channel says it changed.
 */
export function useBankAccount(enabled = true) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  useSocketChannel('bankAccount', (view) =>
    queryClient.setQueryData(bankAccountKeys.account(), view),
  );
  return useQuery({
    queryKey: bankAccountKeys.account(),
    queryFn: ({ signal }) => fetchBankAccount(client, signal),
    enabled,
    retry: false,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'OPENING' || (state === 'EKYC_PENDING' && query.state.data?.ekyc)
        ? 2000
        : false;
    },
  });
}

function useBankAction(endpoint: Endpoint) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client, endpoint, partnerBankAccountView, { body: {}, silent: true }),
    onSuccess: (view) => queryClient.setQueryData(bankAccountKeys.account(), view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.all }),
  });
}

/** Applies for the account (or again after a refusal). */
export const useOpenBankAccount = () => useBankAction(PARTNER_BANK_ACCOUNT_ENDPOINTS.open);
/** The e-KYC link: the current one while valid, a new one after expiry or failure. */
export const useEkycLink = () => useBankAction(PARTNER_BANK_ACCOUNT_ENDPOINTS.ekycLink);
