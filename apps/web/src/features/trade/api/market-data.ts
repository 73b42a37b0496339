import {
  MARKET_DATA_ENDPOINTS,
  candle,
  chartHistory,
  depth,
  marketTrade,
  type CandleInterval,
} from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useRuntimeMode } from '../../../lib/settings';

/** A symbol's public market data over REST: the history the socket's pushes continue. */
export const marketKeys = {
  trades: (mode: number, symbol: string) => ['market-trades', mode, symbol] as const,
  candles: (mode: number, symbol: string, interval: string) =>
    ['candles', mode, symbol, interval] as const,
  depth: (mode: number, symbol: string) => ['depth', mode, symbol] as const,
  chartHistory: (mode: number, symbol: string) => ['chart-history', mode, symbol] as const,
};

const silent = (signal?: AbortSignal) => ({ silent: true, ...(signal ? { signal } : {}) });
const tradeList = marketTrade.array();
const candleList = candle.array();

export const fetchDepth = (client: ApiClient, symbol: string, signal?: AbortSignal) =>
  call(client, MARKET_DATA_ENDPOINTS.depth, depth, {
    ...silent(signal),
    query: { symbol, limit: 200 },
  });

export const depthQueryOptions = (client: ApiClient, symbol: string, mode = client.runtimeMode()) =>
  queryOptions({
    queryKey: marketKeys.depth(mode, symbol),
    queryFn: ({ signal }) => fetchDepth(client, symbol, signal),
    staleTime: 5_000,
  });

export const fetchMarketTrades = (client: ApiClient, symbol: string, signal?: AbortSignal) =>
  call(client, MARKET_DATA_ENDPOINTS.trades, tradeList, {
    ...silent(signal),
    query: { symbol, limit: 50 },
  });

export const marketTradesQueryOptions = (
  client: ApiClient,
  symbol: string,
  mode = client.runtimeMode(),
) =>
  queryOptions({
    queryKey: marketKeys.trades(mode, symbol),
    queryFn: ({ signal }) => fetchMarketTrades(client, symbol, signal),
    staleTime: 60_000,
  });

// The hooks key by the mode the page renders in, so a mode switch refetches.
export const useMarketTrades = (symbol: string) =>
  useQuery(marketTradesQueryOptions(useApiClient(), symbol, useRuntimeMode()));

export const fetchCandles = (
  client: ApiClient,
  symbol: string,
  interval: CandleInterval,
  signal?: AbortSignal,
) =>
  call(client, MARKET_DATA_ENDPOINTS.candles, candleList, {
    ...silent(signal),
    query: { symbol, interval, limit: 500 },
  });

export const candlesQueryOptions = (
  client: ApiClient,
  symbol: string,
  interval: CandleInterval,
  mode = client.runtimeMode(),
) =>
  queryOptions({
    queryKey: marketKeys.candles(mode, symbol, interval),
    queryFn: ({ signal }) => fetchCandles(client, symbol, interval, signal),
    staleTime: 60_000,
  });

export const useCandles = (symbol: string, interval: CandleInterval) =>
  useQuery(candlesQueryOptions(useApiClient(), symbol, interval, useRuntimeMode()));

/** Where the book's simulated chart history ends (null: all of its chart is traded). */
export const fetchChartHistory = (client: ApiClient, symbol: string, signal?: AbortSignal) =>
  call(client, MARKET_DATA_ENDPOINTS.chartHistory, chartHistory, {
    ...silent(signal),
    query: { symbol },
  });

export const chartHistoryQueryOptions = (
  client: ApiClient,
  symbol: string,
  mode = client.runtimeMode(),
) =>
  queryOptions({
    queryKey: marketKeys.chartHistory(mode, symbol),
    queryFn: ({ signal }) => fetchChartHistory(client, symbol, signal),
    staleTime: 5 * 60_000,
  });

export const useChartHistory = (symbol: string) =>
  useQuery(chartHistoryQueryOptions(useApiClient(), symbol, useRuntimeMode()));
