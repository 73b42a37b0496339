import { MARKET_DATA_PATHS } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { anyData, type ApiClient } from './api-client';
import { referencePrice, useExchangeRates } from './exchange-rates';
import { useApiClient } from './api-context';
import { useSocket, useSocketStatus } from './socket/socket-context';
import { parseTickers, type Ticker } from './ticker';

/** 24h tickers of the mode over REST: the first prices before (or without) the socket. */
export const TICKERS_PATH = MARKET_DATA_PATHS.tickers;

export const fetchTickers = async (client: ApiClient, signal?: AbortSignal) =>
  parseTickers(
    await client.get(TICKERS_PATH, anyData, { silent: true, ...(signal ? { signal } : {}) }),
  );

export function useTickerSnapshot() {
  const client = useApiClient();
  return useQuery({
    queryKey: ['tickers', client.runtimeMode()] as const,
    queryFn: ({ signal }) => fetchTickers(client, signal),
    staleTime: 30_000,
  });
}

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
  const snapshot = useTickerSnapshot();
  const [pushed, setPushed] = useState<Record<string, Ticker>>({});
  const key = codes.join(',');

  useEffect(() => {
    if (!client || !key) return undefined;
    const offs = key.split(',').map((symbol) =>
      client.subscribe(
        'ticker',
        (data, args) => {
          const updates = parseTickers(data, args ?? { symbol });
          if (updates.length === 0) return;
          setPushed((prev) => {
            const next = { ...prev };
            for (const t of updates) next[t.symbol] = { ...prev[t.symbol], ...t };
            return next;
          });
        },
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
 * Tickers with a price for every pair: where a book has no trade yet (Real mode until its market
 * lives), the price feed's reference price, marked `reference`, with no change or volume.
 */
export function useQuotes(pairs: readonly Pair[]): {
  tickers: Readonly<Record<string, Ticker>>;
  live: boolean;
} {
  const codes = useMemo(() => pairs.map((p) => p.code), [pairs]);
  const { tickers, live } = useTickers(codes);
  const rates = useExchangeRates(live);
  const quotes = useMemo(() => {
    const out: Record<string, Ticker> = { ...tickers };
    for (const p of pairs) {
      if (out[p.code]?.lastPrice) continue;
      const price = referencePrice(rates.data, p.base, p.counter);
      if (price)
        out[p.code] = {
          symbol: p.code,
          lastPrice: price,
          changePercent: null,
          volume: out[p.code]?.volume ?? null,
          reference: true,
        };
    }
    return out;
  }, [tickers, pairs, rates.data]);
  return { tickers: quotes, live };
}
