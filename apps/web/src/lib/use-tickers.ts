import { MARKET_DATA_ENDPOINTS, ticker, type Ticker } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from './api-client';
import { referencePrice, useExchangeRates } from './exchange-rates';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { useSocket, useSocketStatus } from './socket/socket-context';
import { referenceQuote, type Quote } from './ticker';

/** 24h tickers of the mode over REST: the first prices before (or without) the socket. */
const tickerList = ticker.array();

export const tickersKey = (mode: number) => ['tickers', mode] as const;

export const fetchTickers = (client: ApiClient, signal?: AbortSignal) =>
  call(client, MARKET_DATA_ENDPOINTS.tickers, tickerList, {
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const tickersQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: tickersKey(client.runtimeMode()),
    queryFn: ({ signal }) => fetchTickers(client, signal),
    staleTime: 10_000,
  });

/** Every ticker of the mode, one query for every page that shows prices. */
export const useTickerList = () => useQuery(tickersQueryOptions(useApiClient()));

/**
 * Latest ticker per symbol: the REST snapshot, then the socket's `ticker` pushes (one
 * subscription per symbol, as the gateway scopes the channel by `args.symbol`).
 */
export function useTickers(codes: readonly string[]): {
  tickers: Readonly<Record<string, Ticker>>;
  live: boolean;
} {
  const client = useSocket();
  const status = useSocketStatus();
  const snapshot = useTickerList();
  const [pushed, setPushed] = useState<Record<string, Ticker>>({});
  const key = codes.join(',');

  useEffect(() => {
    if (!client || !key) return undefined;
    const offs = key
      .split(',')
      .map((symbol) =>
        client.subscribe(
          'ticker',
          (data) => setPushed((prev) => ({ ...prev, [data.symbol]: data })),
          { symbol },
        ),
      );
    return () => offs.forEach((off) => off());
  }, [client, key]);

  const tickers = useMemo(() => {
    const merged: Record<string, Ticker> = {};
    for (const t of snapshot.data ?? []) merged[t.symbol] = t;
    return { ...merged, ...pushed };
  }, [snapshot.data, pushed]);
  return { tickers, live: status === 'open' };
}

export interface Pair {
  code: string;
  base: string;
  counter: string;
}

/**
 * Quotes with a price for every pair: where a book has no trade yet (Real mode until its market
 * lives), the price feed's reference price, marked `reference`.
 */
export function useQuotes(pairs: readonly Pair[]): {
  tickers: Readonly<Record<string, Quote>>;
  live: boolean;
} {
  const codes = useMemo(() => pairs.map((p) => p.code), [pairs]);
  const { tickers, live } = useTickers(codes);
  const rates = useExchangeRates(live);
  const quotes = useMemo(() => {
    const out: Record<string, Quote> = { ...tickers };
    for (const p of pairs) {
      if (out[p.code]?.last) continue;
      const price = referencePrice(rates.data, p.base, p.counter);
      if (price) out[p.code] = referenceQuote(p.code, price, out[p.code]);
    }
    return out;
  }, [tickers, pairs, rates.data]);
  return { tickers: quotes, live };
}
