import {
  FIAT_AGREEMENT_VERSION,
  FIAT_DEPOSIT_ENDPOINTS,
  FIAT_DEPOSIT_PATHS,
  bankDepositInstructions,
  cardDepositPreview,
  fiatAgreementStatus,
  fiatDeposit,
  fiatHistoryItem,
  page,
  type FiatAgreementStatus,
  type FiatDeposit,
  type FiatHistoryType,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { balancesKey } from '../../../lib/wallet-balances';

/**
 * The fiat deposit calls (FIAT_DEPOSIT_ENDPOINTS): the agreements, the virtual account's details, card
 * previews and charges, one deposit, and the fiat history of deposits and withdrawals.
 */
export const fiatKeys = {
  all: ['fiat'] as const,
  agreements: () => [...fiatKeys.all, 'agreements'] as const,
  instructions: () => [...fiatKeys.all, 'bank-instructions'] as const,
  preview: (currency: string, amount: string) =>
    [...fiatKeys.all, 'preview', currency, amount] as const,
  deposit: (id: string) => [...fiatKeys.all, 'deposit', id] as const,
  history: (f: HistoryFilters) => [...fiatKeys.all, 'history', f] as const,
};

/** While a deposit is still moving it is read again this often (the socket is faster). */
export const LIVE_REFETCH_MS = 3_000;
export const HISTORY_PAGE_SIZE = 10;
const FINAL = new Set(['CREDITED', 'DECLINED', 'REFUSED', 'SENT', 'FAILED', 'CANCELLED']);
export const isFinal = (state: string) => FINAL.has(state);
const SHORT_STATES = new Set(['REQUIRES_ACTION', 'REVIEW', 'SENDING']);

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export function useAgreements() {
  const client = useApiClient();
  return useQuery({
    queryKey: fiatKeys.agreements(),
    queryFn: ({ signal }) =>
      call(client, FIAT_DEPOSIT_ENDPOINTS.agreements, fiatAgreementStatus, signalOf(signal)),
  });
}

export function useAcceptAgreements() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(client, FIAT_DEPOSIT_ENDPOINTS.agree, fiatAgreementStatus, {
        body: { version: FIAT_AGREEMENT_VERSION, kinds: ['TRUST', 'FUND_TRANSFER'] },
        silent: true,
      }),
    onSuccess: (status: FiatAgreementStatus) => {
      queryClient.setQueryData(fiatKeys.agreements(), status);
    },
  });
}

export function useBankInstructions(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: fiatKeys.instructions(),
    queryFn: ({ signal }) =>
      call(
        client,
        FIAT_DEPOSIT_ENDPOINTS.bankInstructions,
        bankDepositInstructions,
        signalOf(signal),
      ),
    enabled,
  });
}

export function useCardPreview(currency: string, amount: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: fiatKeys.preview(currency, amount),
    queryFn: ({ signal }) =>
      call(client, FIAT_DEPOSIT_ENDPOINTS.cardPreview, cardDepositPreview, {
        query: { currency, amount },
        silent: true,
        ...signalOf(signal),
      }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export interface CardChargeInput {
  requestId: string;
  currency: string;
  amount: string;
  card: { number: string; expiry: string; cvc: string; holder: string };
}

export function useChargeCard() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CardChargeInput) =>
      call(client, FIAT_DEPOSIT_ENDPOINTS.cardCharge, fiatDeposit, {
        body: input,
        silent: true,
      }),
    onSuccess: (d: FiatDeposit) => {
      queryClient.setQueryData(fiatKeys.deposit(d.id), d);
      void queryClient.invalidateQueries({ queryKey: [...fiatKeys.all, 'history'] });
    },
  });
}

/** One deposit, read again while it moves (REQUIRES_ACTION, REVIEW). */
export function useFiatDeposit(id: string | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: fiatKeys.deposit(id ?? ''),
    queryFn: async ({ signal }) => {
      const d = await call(client, FIAT_DEPOSIT_ENDPOINTS.deposit, fiatDeposit, {
        params: { id: id ?? '' },
        ...signalOf(signal),
      });
      if (d.state === 'CREDITED') void queryClient.invalidateQueries({ queryKey: balancesKey(0) });
      return d;
    },
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isFinal(q.state.data.state) ? false : LIVE_REFETCH_MS),
  });
}

export interface HistoryFilters {
  pageNum: number;
  type?: FiatHistoryType | undefined;
  currency?: string | undefined;
  state?: string | undefined;
  startTime: number;
  endTime?: number | undefined;
}

const historyPage = page(fiatHistoryItem);

function historyQuery(f: Omit<HistoryFilters, 'pageNum'>): Record<string, string> {
  const q: Record<string, string> = { startTime: String(f.startTime) };
  if (f.type) q.type = f.type;
  if (f.currency) q.currency = f.currency;
  if (f.state) q.state = f.state;
  if (f.endTime !== undefined) q.endTime = String(f.endTime);
  return q;
}

export function useFiatHistory(f: HistoryFilters) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fiatKeys.history(f),
    queryFn: ({ signal }) =>
      call(client, FIAT_DEPOSIT_ENDPOINTS.history, historyPage, {
        query: { ...historyQuery(f), pageNum: f.pageNum, pageSize: HISTORY_PAGE_SIZE },
        ...signalOf(signal),
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    // Short states are polled as well as pushed; a withdrawal's 24-hour freeze and its wait for
    // the next business day are not (their changes arrive on the socket).
    refetchInterval: (q) =>
      (q.state.data?.result ?? []).some((r) => SHORT_STATES.has(r.state)) ? LIVE_REFETCH_MS : false,
  });
}

/** The CSV export's address: the browser sends the session cookie with it. */
export function historyCsvUrl(f: Omit<HistoryFilters, 'pageNum'>): string {
  return `${FIAT_DEPOSIT_PATHS.historyExport}?${new URLSearchParams(historyQuery(f)).toString()}`;
}
