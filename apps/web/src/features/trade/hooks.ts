import type { CandleInterval } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { anyData } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import { useSession } from '../../lib/session';
import { useRuntimeMode } from '../../lib/settings';
import { useSocket, useSocketChannel } from '../../lib/socket/socket-context';
import {
  fetchDepth,
  PATHS_API,
  tradeKeys,
  useCandles,
  useMarketTrades,
  type Balance,
  type MarketTradeRow,
} from './api';
import { normaliseBars, toBar, upsertBar, type Bar, type RawCandle } from './lib/candles';
import {
  applyIncrement,
  bookFromSnapshot,
  type BookIncrement,
  type BookSnapshot,
  type BookState,
} from './lib/order-book';

/**
 * The live order book: a REST snapshot, then the socket's `orderBook` snapshot and increments.
 * A sequence gap fetches a new snapshot and resubscribes. Renders at most once per frame.
 */
export function useOrderBook(symbol: string): { book: BookState | null; resyncs: number } {
  const client = useApiClient();
  const socket = useSocket();
  const mode = useRuntimeMode();
  const bookRef = useRef<BookState | null>(null);
  const [book, setBook] = useState<BookState | null>(null);
  const [resyncs, setResyncs] = useState(0);
  const frame = useRef<number | null>(null);
  const syncing = useRef(false);
  const [subKey, setSubKey] = useState(0);

  const flush = useCallback(() => {
    if (frame.current !== null) return;
    const raf =
      globalThis.requestAnimationFrame ??
      ((cb: FrameRequestCallback) => setTimeout(() => cb(0), 16) as unknown as number);
    frame.current = raf(() => {
      frame.current = null;
      setBook(bookRef.current);
    });
  }, []);

  const resync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      const snap = await fetchDepth(client, symbol);
      const current = bookRef.current;
      if (!current || current.symbol !== symbol || snap.seq >= current.seq) {
        bookRef.current = bookFromSnapshot({ ...snap, symbol });
        flush();
      }
    } catch {
      // The socket's snapshot or the next gap will try again.
    } finally {
      syncing.current = false;
    }
  }, [client, symbol, flush]);

  useEffect(() => {
    bookRef.current = null;
    setBook(null);
    void resync();
  }, [resync, mode]);

  /** Applies one message; false when a gap forced a resynchronisation (the rest is dropped). */
  const handle = useCallback(
    (data: unknown): boolean => {
      const msg = data as Partial<BookSnapshot & BookIncrement & { type: string }>;
      if (!msg || (msg.symbol && msg.symbol !== symbol)) return true;
      if (msg.type === 'snapshot') {
        bookRef.current = bookFromSnapshot({
          symbol,
          seq: Number(msg.seq ?? 0),
          bids: msg.bids ?? [],
          asks: msg.asks ?? [],
        });
        flush();
        return true;
      }
      const current = bookRef.current;
      if (
        !current ||
        typeof msg.seq !== 'number' ||
        !msg.side ||
        !msg.price ||
        msg.amount === undefined
      )
        return true;
      const result = applyIncrement(current, msg as BookIncrement);
      if (result.kind === 'applied') {
        bookRef.current = result.book;
        flush();
      } else if (result.kind === 'gap') {
        setResyncs((n) => n + 1);
        setSubKey((n) => n + 1);
        void resync();
        return false;
      }
      return true;
    },
    [symbol, flush, resync],
  );

  // A push is a snapshot, an increment, or an array of consecutive increments (one settlement batch).
  const onPush = useCallback(
    (data: unknown) => {
      for (const item of Array.isArray(data) ? (data as unknown[]) : [data]) {
        if (!handle(item)) return;
      }
    },
    [handle],
  );

  const latest = useRef(onPush);
  useEffect(() => {
    latest.current = onPush;
  });
  useEffect(() => {
    if (!socket) return undefined;
    return socket.subscribe('orderBook', (data) => latest.current(data), { symbol });
  }, [socket, symbol, subKey]);

  useEffect(
    () => () => {
      if (frame.current !== null) (globalThis.cancelAnimationFrame ?? clearTimeout)(frame.current);
    },
    [],
  );
  return { book, resyncs };
}

/** Market trades: REST history, then the `trade` channel on top (newest first, 50 kept). */
export function useLiveTrades(symbol: string): MarketTradeRow[] {
  const rest = useMarketTrades(symbol);
  const [pushed, setPushed] = useState<{ symbol: string; rows: MarketTradeRow[] }>({
    symbol,
    rows: [],
  });
  useSocketChannel(
    'trade',
    (data) => {
      const items = (Array.isArray(data) ? data : [data]) as MarketTradeRow[];
      const valid = items.filter((t) => t && t.price && t.amount);
      if (valid.length === 0) return;
      setPushed((prev) => ({
        symbol,
        rows: [...valid.reverse(), ...(prev.symbol === symbol ? prev.rows : [])].slice(0, 50),
      }));
    },
    { symbol },
  );
  return useMemo(() => {
    const live = pushed.symbol === symbol ? pushed.rows : [];
    const seen = new Set(live.map((t) => t.id));
    return [...live, ...(rest.data ?? []).filter((t) => !seen.has(t.id))].slice(0, 50);
  }, [pushed, rest.data, symbol]);
}

/** Candles of an interval: REST history plus the forming candle from the `candle` channel. */
export function useLiveBars(
  symbol: string,
  interval: CandleInterval,
): { bars: Bar[]; loading: boolean } {
  const rest = useCandles(symbol, interval);
  const [live, setLive] = useState<{ key: string; bars: Bar[] }>({ key: '', bars: [] });
  const key = `${symbol}|${interval}`;
  useSocketChannel(
    'candle',
    (data) => {
      const c = data as RawCandle & { symbol?: string; interval?: string };
      if (!c || typeof c.openTime !== 'number') return;
      if ((c.symbol && c.symbol !== symbol) || (c.interval && c.interval !== interval)) return;
      const bar = toBar(c);
      setLive((prev) => ({ key, bars: upsertBar(prev.key === key ? prev.bars : [], bar) }));
    },
    { symbol, interval },
  );
  const bars = useMemo(() => {
    let out = normaliseBars((rest.data ?? []).map(toBar));
    if (live.key === key) for (const b of live.bars) out = upsertBar(out, b);
    return out;
  }, [rest.data, live, key]);
  return { bars, loading: rest.isPending };
}

export interface TickerData {
  symbol: string;
  last: string | null;
  open?: string | null;
  high: string | null;
  low: string | null;
  change: string | null;
  changePercent: string | null;
  volume: string;
  quoteVolume: string;
}

/** All tickers of the mode over REST, refreshed by each symbol's `ticker` push. */
export function useTicker(symbol: string): { ticker: TickerData | null; all: TickerData[] } {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const queryClient = useQueryClient();
  const [all, setAll] = useState<TickerData[]>([]);
  useEffect(() => {
    let cancelled = false;
    queryClient
      .fetchQuery({
        queryKey: ['trade-tickers', mode],
        queryFn: async () =>
          (await client.get(PATHS_API.tickers, anyData, { silent: true })) as TickerData[],
        staleTime: 10_000,
      })
      .then((list) => {
        if (!cancelled && Array.isArray(list)) setAll(list);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [client, mode, queryClient]);
  const [pushed, setPushed] = useState<TickerData | null>(null);
  useSocketChannel(
    'ticker',
    (data) => {
      const items = (Array.isArray(data) ? data : [data]) as TickerData[];
      const mine = items.find((t) => t && (t.symbol === symbol || !t.symbol));
      if (mine) setPushed({ ...mine, symbol });
    },
    { symbol },
  );
  const base = all.find((t) => t.symbol === symbol) ?? null;
  const ticker = pushed && pushed.symbol === symbol ? { ...base, ...pushed } : base;
  return { ticker, all };
}

/** Private pushes (`order`, `fills`, `refreshAsset`) keep the order lists and balances current. */
export function usePrivateUpdates(): void {
  const queryClient = useQueryClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  const socket = useSocket();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshOrders = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: tradeKeys.orders(mode) });
      void queryClient.invalidateQueries({ queryKey: tradeKeys.balances(mode) });
    }, 150);
  }, [queryClient, mode]);
  useEffect(() => {
    if (!socket || !token) return undefined;
    const offs = [
      socket.subscribe('order', refreshOrders),
      socket.subscribe('fills', refreshOrders),
      socket.subscribe('refreshAsset', (data) => {
        const assets = (data as { assets?: Balance[] } | null)?.assets;
        if (Array.isArray(assets)) {
          queryClient.setQueryData<Balance[]>(tradeKeys.balances(mode), (prev) => {
            const map = new Map((prev ?? []).map((b) => [b.asset, b]));
            for (const a of assets) map.set(a.asset, { ...map.get(a.asset), ...a });
            return [...map.values()];
          });
        } else {
          void queryClient.invalidateQueries({ queryKey: tradeKeys.balances(mode) });
        }
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [socket, token, refreshOrders, queryClient, mode]);
}
