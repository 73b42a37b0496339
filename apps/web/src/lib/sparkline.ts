import { MARKET_DATA_ENDPOINTS, candle } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-context';
import { call } from './endpoint';

/** The last 24 hourly closes of a market, for the sparklines of the landing and markets pages. */
const HOURS = 24;
const candles = candle.array();

export const sparklineQueryOptions = (client: ApiClient, symbol: string) =>
  queryOptions({
    queryKey: ['sparkline', client.runtimeMode(), symbol] as const,
    queryFn: async ({ signal }) => {
      const startTime = Date.now() - HOURS * 3_600_000;
      const list = await call(client, MARKET_DATA_ENDPOINTS.candles, candles, {
        silent: true,
        signal,
        query: { symbol, interval: '1h', startTime, limit: HOURS },
      });
      return list.map((c) => Number(c.close));
    },
    staleTime: 60_000,
  });

export function useSparkline(symbol: string) {
  return useQuery(sparklineQueryOptions(useApiClient(), symbol));
}
