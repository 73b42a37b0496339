import {
  MARKET_DATA_PATHS,
  QUERY_HISTORY_MONTHS,
  WALLET_PATHS,
  type CandleInterval,
  type Order,
  type SpotTrade,
} from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { anyData, type ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { useRuntimeMode } from '../../../lib/settings';
import type { BookSnapshot } from '../lib/order-book';
import { balancesKey } from './wallet-balances';

export const PATHS_API = {
  depth: MARKET_DATA_PATHS.depth,
  trades: MARKET_DATA_PATHS.trades,
  tickers: MARKET_DATA_PATHS.tickers,
  candles: MARKET_DATA_PATHS.candles,
  place: '/v1/spot-order/place',
  cancel: '/v1/spot-order/cancel',
  cancelAll: '/v1/spot-order/cancel-all',
  openOrders: '/v1/spot-order/open-orders',
  history: '/v1/spot-order/history',
  myTrades: '/v1/spot-order/trades',
  balances: WALLET_PATHS.balances,
  demoReset: WALLET_PATHS.demoReset,
  flows: WALLET_PATHS.flows,
  transactions: WALLET_PATHS.transactions,
  transactionTypes: WALLET_PATHS.transactionTypes,
} as const;

// The wallet's endpoints have modules of their own (contract schema, query options, hook).
export {
  balancesKey,
  balancesQueryOptions,
  fetchBalances,
  useBalances,
  type Balance,
} from './wallet-balances';

export interface MarketTradeRow {
  id: string;
  price: string;
  amount: string;
  side: 'BUY' | 'SELL';
  ts: number;
}

export interface CandleRow {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface Paged<T> {
  pageNum: number;
  pageSize: number;
  result: T[];
}

const silent = (signal?: AbortSignal) => ({ silent: true, ...(signal ? { signal } : {}) });

export async function fetchDepth(
  client: ApiClient,
  symbol: string,
  signal?: AbortSignal,
): Promise<BookSnapshot> {
  const data = (await client.get(PATHS_API.depth, anyData, {
    ...silent(signal),
    query: { symbol, limit: 200 },
  })) as BookSnapshot;
  return {
    symbol: data.symbol ?? symbol,
    seq: Number(data.seq ?? 0),
    bids: data.bids ?? [],
    asks: data.asks ?? [],
  };
}

export function asArray<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

export function asPaged<T>(data: unknown, pageNum: number, pageSize: number): Paged<T> {
  if (Array.isArray(data)) return { pageNum, pageSize, result: data as T[] };
  const obj = (data ?? {}) as Partial<Paged<T>>;
  return {
    pageNum: obj.pageNum ?? pageNum,
    pageSize: obj.pageSize ?? pageSize,
    result: Array.isArray(obj.result) ? obj.result : [],
  };
}

export const tradeKeys = {
  trades: (mode: number, symbol: string) => ['market-trades', mode, symbol] as const,
  candles: (mode: number, symbol: string, interval: string) =>
    ['candles', mode, symbol, interval] as const,
  depth: (mode: number, symbol: string) => ['depth', mode, symbol] as const,
  balances: (mode: number) => balancesKey(mode),
  orders: (mode: number) => ['spot-orders', mode] as const,
};

export function useMarketTrades(symbol: string) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  return useQuery({
    queryKey: tradeKeys.trades(mode, symbol),
    queryFn: async ({ signal }) =>
      asArray<MarketTradeRow>(
        await client.get(PATHS_API.trades, anyData, {
          ...silent(signal),
          query: { symbol, limit: 50 },
        }),
      ),
    staleTime: 60_000,
  });
}

export function useCandles(symbol: string, interval: CandleInterval) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  return useQuery({
    queryKey: tradeKeys.candles(mode, symbol, interval),
    queryFn: async ({ signal }) =>
      asArray<CandleRow>(
        await client.get(PATHS_API.candles, anyData, {
          ...silent(signal),
          query: { symbol, interval, limit: 500 },
        }),
      ),
    staleTime: 60_000,
  });
}

export function useDepthSnapshot(symbol: string) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  return useQuery({
    queryKey: tradeKeys.depth(mode, symbol),
    queryFn: ({ signal }) => fetchDepth(client, symbol, signal),
    staleTime: 5_000,
  });
}

export type OrderListKind = 'open' | 'history' | 'trades';

export interface OrderFilters {
  symbol?: string | undefined;
  side?: string | undefined;
  type?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

const LIST_PATH: Record<OrderListKind, string> = {
  open: PATHS_API.openOrders,
  history: PATHS_API.history,
  trades: PATHS_API.myTrades,
};

export function useOrderList<K extends OrderListKind>(
  kind: K,
  filters: OrderFilters,
  pageNum: number,
  pageSize = 10,
) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({
    queryKey: [...tradeKeys.orders(mode), kind, filters, pageNum, pageSize] as const,
    queryFn: async ({ signal }) => {
      const query: Record<string, string | number> = { pageNum, pageSize };
      for (const [k, v] of Object.entries(filters))
        if (v !== undefined && v !== '') query[k] = v as string | number;
      const data = await client.get(LIST_PATH[kind], anyData, {
        query,
        ...(signal ? { signal } : {}),
      });
      return asPaged<K extends 'trades' ? SpotTrade : Order>(data, pageNum, pageSize);
    },
    enabled: token !== null,
    // The previous page or filter stays on screen while the next loads, but never another
    // list's rows: an order drawn as a trade (or the reverse) shows wrong columns.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === kind ? previous : undefined,
  });
}

export interface TickerRow {
  symbol: string;
  last: string | null;
}

export function useTickerList() {
  const client = useApiClient();
  const mode = useRuntimeMode();
  return useQuery({
    queryKey: ['trade-tickers', mode] as const,
    queryFn: async ({ signal }) =>
      asArray<TickerRow>(await client.get(PATHS_API.tickers, anyData, silent(signal))),
    staleTime: 10_000,
  });
}

/** A margin for clock skew: the gateway refuses a start even a moment before its own limit. */
const HISTORY_MARGIN_MS = 5 * 60_000;

/** Start of the past 6 months (spec: query history covers only the past 6 months). */
export function sixMonthsAgo(now = new Date()): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - QUERY_HISTORY_MONTHS);
  return d.getTime() + HISTORY_MARGIN_MS;
}

/** Value of `amount` of `asset` in USDT from the tickers; null when no route exists. */
export function valueInUsdt(
  asset: string,
  amount: string,
  tickers: readonly TickerRow[],
): number | null {
  const qty = Number(amount);
  if (!Number.isFinite(qty)) return null;
  if (asset === 'USDT') return qty;
  const direct = tickers.find((t) => t.symbol === `${asset}_USDT`)?.last;
  if (direct && Number(direct) > 0) return qty * Number(direct);
  const inverse = tickers.find((t) => t.symbol === `USDT_${asset}`)?.last;
  if (inverse && Number(inverse) > 0) return qty / Number(inverse);
  const viaUsd = tickers.find((t) => t.symbol === `${asset}_USD`)?.last;
  if (viaUsd && Number(viaUsd) > 0) return qty * Number(viaUsd);
  return null;
}
