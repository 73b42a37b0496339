import {
  RAPID_BUY_FINAL,
  RAPID_BUY_ENDPOINTS,
  RAPID_BUY_PATHS,
  page,
  rapidBuy,
  rapidBuyInfo,
  rapidBuyQuote,
  type RapidBuyRequest,
  type RapidBuyState,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { useRuntimeMode } from '../../../lib/settings';
import { balancesKey } from '../../../lib/wallet-balances';

/** Rapid Buy (RAPID_BUY_ENDPOINTS) in the runtime mode of the page. */
export const rapidKeys = {
  all: ['rapid-buy'] as const,
  info: (mode: number) => [...rapidKeys.all, 'info', mode] as const,
  quote: (mode: number, usd: string) => [...rapidKeys.all, 'quote', mode, usd] as const,
  list: (mode: number, f: RapidBuyFilters) => [...rapidKeys.all, 'list', mode, f] as const,
};

export const RAPID_PAGE_SIZE = 10;
/** While a purchase is still PROCESSING the list is read again this often (the socket is faster). */
const LIVE_REFETCH_MS = 3_000;
/** The quote follows the book: read again this often while the page shows it. */
const QUOTE_REFRESH_MS = 5_000;

const FINAL = new Set<string>(RAPID_BUY_FINAL);
const rapidBuyPage = page(rapidBuy);
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface RapidBuyFilters {
  pageNum: number;
  state?: RapidBuyState | undefined;
  startTime: number;
  endTime: number;
}

export function useRapidBuyInfo() {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({
    queryKey: rapidKeys.info(mode),
    queryFn: ({ signal }) => call(client, RAPID_BUY_ENDPOINTS.info, rapidBuyInfo, signalOf(signal)),
    enabled: token !== null,
  });
}

/** The walk of the live book for a spend (`usd` already debounced and checked). */
export function useRapidBuyQuote(usd: string | null) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({
    queryKey: rapidKeys.quote(mode, usd ?? ''),
    queryFn: ({ signal }) =>
      call(client, RAPID_BUY_ENDPOINTS.quote, rapidBuyQuote, {
        query: { usdAmount: usd ?? '' },
        silent: true,
        ...signalOf(signal),
      }),
    enabled: token !== null && usd !== null,
    placeholderData: keepPreviousData,
    refetchInterval: QUOTE_REFRESH_MS,
    retry: false,
  });
}

export function useConfirmRapidBuy() {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RapidBuyRequest) =>
      call(client, RAPID_BUY_ENDPOINTS.buy, rapidBuy, { body, silent: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rapidKeys.all });
      void queryClient.invalidateQueries({ queryKey: balancesKey(mode) });
    },
  });
}

const filterQuery = (f: Omit<RapidBuyFilters, 'pageNum'>) => ({
  ...(f.state ? { state: f.state } : {}),
  startTime: String(f.startTime),
  endTime: String(f.endTime),
});

export function useRapidBuys(f: RapidBuyFilters) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({
    queryKey: rapidKeys.list(mode, f),
    queryFn: ({ signal }) =>
      call(client, RAPID_BUY_ENDPOINTS.orders, rapidBuyPage, {
        query: { ...filterQuery(f), pageNum: f.pageNum, pageSize: RAPID_PAGE_SIZE },
        ...signalOf(signal),
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      (q.state.data?.result ?? []).some((b) => !FINAL.has(b.state)) ? LIVE_REFETCH_MS : false,
  });
}

/**
 * The history as CSV in the page's mode: fetched with the mode header (a plain link would be
 * Real's), then saved.
 */
export function useRapidBuyCsv() {
  const mode = useRuntimeMode();
  return async (f: Omit<RapidBuyFilters, 'pageNum'>): Promise<void> => {
    const url = `${RAPID_BUY_PATHS.export}?${new URLSearchParams(filterQuery(f)).toString()}`;
    const res = await fetch(url, {
      credentials: 'same-origin',
      // The session travels in its cookies, as for every call of the page.
      headers: { 'runtime-mode': String(mode), 'client-type': 'WEB', device: 'WEB' },
    });
    if (!res.ok) throw new Error(`CSV export failed (${res.status})`);
    const blob = new Blob([await res.text()], { type: 'text/csv;charset=utf-8' });
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = 'rapid-buy.csv';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  };
}
