import {
  FIAT_WITHDRAWAL_FINAL,
  FIAT_WITHDRAWAL_ENDPOINTS,
  bankAccount,
  fiatWithdrawal,
  fiatWithdrawalPreview,
  page,
  type BankAccountCheckRequest,
  type BankAccountCurrenciesRequest,
  type BankAccountRequest,
  type FiatWithdrawalRequest,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { anything, type ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call, send } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { balancesKey } from '../../../lib/wallet-balances';

/**
 * The bank-account whitelist and fiat withdrawals (contracts FIAT_WITHDRAWAL_ENDPOINTS). Real mode only: the pages offer
 * them in Real and the gateway refuses the other modes.
 */
export const fiatOutKeys = {
  all: ['fiat-withdrawal'] as const,
  bankAccounts: () => [...fiatOutKeys.all, 'bank-accounts'] as const,
  withdrawals: (pageNum: number) => [...fiatOutKeys.all, 'withdrawals', pageNum] as const,
  preview: (currency: string, amount: string) =>
    [...fiatOutKeys.all, 'preview', currency, amount] as const,
};

export const HISTORY_PAGE_SIZE = 10;
/** While a withdrawal is still moving the list is read again this often (the socket is faster). */
const LIVE_REFETCH_MS = 5_000;

const accountList = bankAccount.array();
const withdrawalPage = page(fiatWithdrawal);
const FINAL = new Set<string>(FIAT_WITHDRAWAL_FINAL);

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export function useBankAccounts() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fiatOutKeys.bankAccounts(),
    queryFn: ({ signal }) =>
      call(client, FIAT_WITHDRAWAL_ENDPOINTS.bankAccounts, accountList, signalOf(signal)),
    enabled: token !== null,
  });
}

function useBankChange<I>(change: (client: ApiClient, input: I) => Promise<unknown>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => change(client, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fiatOutKeys.all }),
  });
}

/** Every whitelisting rule but the step-up: the form asks for the codes only once it passed. */
export function useCheckBankAccount() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: BankAccountCheckRequest) =>
      send(client, FIAT_WITHDRAWAL_ENDPOINTS.checkBankAccount, anything, input),
  });
}

export const useAddBankAccount = () =>
  useBankChange((c, input: BankAccountRequest) =>
    send(c, FIAT_WITHDRAWAL_ENDPOINTS.addBankAccount, bankAccount, input),
  );
export const useSetBankCurrencies = () =>
  useBankChange((c, input: BankAccountCurrenciesRequest & { id: string }) => {
    const { id, ...body } = input;
    return send(c, FIAT_WITHDRAWAL_ENDPOINTS.bankAccountCurrencies, bankAccount, body, { id });
  });
export const useDeleteBankAccount = () =>
  useBankChange((c, input: { id: string; googleCode: string; emailCode: string }) =>
    send(
      c,
      FIAT_WITHDRAWAL_ENDPOINTS.bankAccountDelete,
      anything,
      { googleCode: input.googleCode, emailCode: input.emailCode },
      { id: input.id },
    ),
  );

/** The terms of a withdrawal of `amount` (available, minimum, estimated fee and amount received). */
export function useFiatPreview(currency: string, amount: string) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fiatOutKeys.preview(currency, amount),
    queryFn: ({ signal }) =>
      call(client, FIAT_WITHDRAWAL_ENDPOINTS.withdrawalPreview, fiatWithdrawalPreview, {
        body: { currency, amount },
        silent: true,
        ...signalOf(signal),
      }),
    enabled: token !== null && amount !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useFiatWithdrawals(pageNum: number) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fiatOutKeys.withdrawals(pageNum),
    queryFn: ({ signal }) =>
      call(client, FIAT_WITHDRAWAL_ENDPOINTS.withdrawals, withdrawalPage, {
        query: { pageNum, pageSize: HISTORY_PAGE_SIZE },
        ...signalOf(signal),
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      (q.state.data?.result ?? []).some((w) => !FINAL.has(w.status)) ? LIVE_REFETCH_MS : false,
  });
}

/** Everything a withdrawal changes: the lists, the preview and the balances of Real mode. */
function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: fiatOutKeys.all });
    void queryClient.invalidateQueries({ queryKey: balancesKey(0) });
  };
}

export function useFiatWithdraw() {
  const client = useApiClient();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (input: FiatWithdrawalRequest) =>
      send(client, FIAT_WITHDRAWAL_ENDPOINTS.withdraw, fiatWithdrawal, input),
    onSuccess: refresh,
  });
}

export function useCancelFiatWithdrawal() {
  const client = useApiClient();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (id: string) =>
      send(client, FIAT_WITHDRAWAL_ENDPOINTS.withdrawalCancel, fiatWithdrawal, {}, { id }),
    onSettled: refresh,
  });
}
