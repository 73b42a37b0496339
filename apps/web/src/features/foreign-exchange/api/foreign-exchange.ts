import {
  FOREIGN_EXCHANGE_ENDPOINTS,
  FOREIGN_EXCHANGE_PATHS,
  foreignExchange,
  fxCurrency,
  fxQuote,
  page,
  type ForeignExchangeState,
  type FxConfirmRequest,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { balancesKey } from '../../../lib/wallet-balances';

/** Foreign exchange between fiat currencies (FOREIGN_EXCHANGE_ENDPOINTS); Real mode only. */
export const fxKeys = {
  all: ['foreign-exchange'] as const,
  currencies: () => [...fxKeys.all, 'currencies'] as const,
  quote: (from: string, to: string, amount: string) =>
    [...fxKeys.all, 'quote', from, to, amount] as const,
  exchange: (id: string) => [...fxKeys.all, 'exchange', id] as const,
  history: (f: FxHistoryFilters) => [...fxKeys.all, 'history', f] as const,
};

export const HISTORY_PAGE_SIZE = 10;
/** While an exchange is still processing it is read again this often (the socket is faster). */
const LIVE_REFETCH_MS = 5_000;

const currencyList = fxCurrency.array();
const exchangePage = page(foreignExchange);
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export function useFxCurrencies() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fxKeys.currencies(),
    queryFn: ({ signal }) =>
      call(client, FOREIGN_EXCHANGE_ENDPOINTS.currencies, currencyList, signalOf(signal)),
    enabled: token !== null,
  });
}

/**
 * The quote of selling `amount` of `from` for `to`: asked again when the inputs change and (by
 * the page) when its validity runs out. Failures are shown beside the form, not as toasts.
 */
export function useFxQuote(from: string, to: string, amount: string) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fxKeys.quote(from, to, amount),
    queryFn: ({ signal }) =>
      call(client, FOREIGN_EXCHANGE_ENDPOINTS.quotes, fxQuote, {
        body: { from, to, amount },
        silent: true,
        ...signalOf(signal),
      }),
    enabled: token !== null && amount !== '' && from !== '' && to !== '' && from !== to,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useConfirmFx() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FxConfirmRequest) =>
      call(client, FOREIGN_EXCHANGE_ENDPOINTS.exchange, foreignExchange, {
        body: input,
        silent: true,
      }),
    onSuccess: (fx) => {
      queryClient.setQueryData(fxKeys.exchange(fx.id), fx);
      void queryClient.invalidateQueries({ queryKey: fxKeys.currencies() });
      void queryClient.invalidateQueries({ queryKey: [...fxKeys.all, 'history'] });
      void queryClient.invalidateQueries({ queryKey: balancesKey(0) });
    },
  });
}

const moving = (s: ForeignExchangeState | undefined) => s === 'PROCESSING';

/** One exchange, followed until it settles. */
export function useFxExchange(id: string | null) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fxKeys.exchange(id ?? ''),
    queryFn: ({ signal }) =>
      call(client, FOREIGN_EXCHANGE_ENDPOINTS.exchangeById, foreignExchange, {
        params: { id: id ?? '' },
        ...signalOf(signal),
      }),
    enabled: token !== null && id !== null,
    refetchInterval: (q) => (moving(q.state.data?.status) ? LIVE_REFETCH_MS : false),
  });
}

export interface FxHistoryFilters {
  pageNum: number;
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  startTime: number;
  endTime?: number | undefined;
}

function historyQuery(f: Omit<FxHistoryFilters, 'pageNum'>): Record<string, string> {
  const q: Record<string, string> = { startTime: String(f.startTime) };
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.status) q.status = f.status;
  if (f.endTime !== undefined) q.endTime = String(f.endTime);
  return q;
}

export function useFxHistory(f: FxHistoryFilters) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: fxKeys.history(f),
    queryFn: ({ signal }) =>
      call(client, FOREIGN_EXCHANGE_ENDPOINTS.exchanges, exchangePage, {
        query: { ...historyQuery(f), pageNum: f.pageNum, pageSize: HISTORY_PAGE_SIZE },
        ...signalOf(signal),
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      (q.state.data?.result ?? []).some((x) => moving(x.status)) ? LIVE_REFETCH_MS : false,
  });
}

/** The CSV export's address: the browser sends the session cookie with it. */
export function fxCsvUrl(f: Omit<FxHistoryFilters, 'pageNum'>): string {
  return `${FOREIGN_EXCHANGE_PATHS.exchangesExport}?${new URLSearchParams(historyQuery(f)).toString()}`;
}
