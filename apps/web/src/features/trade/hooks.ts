import type { CandleInterval, MarketTrade, PushPayload, Ticker } from '@exchange/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useApiClient } from '../../lib/api-context';
import { useRuntimeMode } from '../../lib/settings';
import { useSocket, useSocketChannel } from '../../lib/socket/socket-context';
import { useTickerList } from '../../lib/use-tickers';
import { fetchDepth, useCandles, useMarketTrades } from './api';
import { normaliseBars, toBar, upsertBar, type Bar } from './lib/candles';
import {
  applyIncrement,
  bookFromSnapshot,
  type BookIncrement,
  type BookSnapshot,
  type BookState,
} from './lib/order-book';

/**
 * The live order book as a store outside React state: a REST snapshot, then the socket's
 * `orderBook` snapshot and increments; a sequence gap fetches a new snapshot and resubscribes.
 * It publishes at most once per frame, and only to the components that read it (`useBook`,
 * `useBookSelector`): the trade screen around them does not re-render on each book change.
 */
export interface BookStore {
  readonly get: () => BookState | null;
  readonly subscribe: (listener: () => void) => () => void;
}

function createBookStore(): BookStore & { publish: (book: BookState | null) => void } {
  let current: BookState | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (book) => {
      if (book === current) return;
      current = book;
      for (const l of listeners) l();
    },
  };
}

/** The book as it is on screen: re-renders the caller on every published change. */
export function useBook(store: BookStore): BookState | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * One value derived from the book (a best price, say): re-renders the caller only when that
 * value changes (compared with Object.is), not on every change of the book.
 */
export function useBookSelector<T>(store: BookStore, select: (book: BookState | null) => T): T {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useOrderBook(symbol: string): { store: BookStore; resyncs: number } {
  const client = useApiClient();
  const socket = useSocket();
  const mode = useRuntimeMode();
  const [store] = useState(createBookStore);
  const bookRef = useRef<BookState | null>(null);
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
      store.publish(bookRef.current);
    });
  }, [store]);

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
    store.publish(null);
    void resync();
  }, [resync, mode, store]);

  /** Applies one message; false when a gap forced a resynchronisation (the rest is dropped). */
  const handle = useCallback(
    (
      msg: (BookSnapshot & { type: 'snapshot' }) | (BookIncrement & { type: 'increment' }),
    ): boolean => {
      if (msg.symbol !== symbol) return true;
      if (msg.type === 'snapshot') {
        bookRef.current = bookFromSnapshot(msg);
        flush();
        return true;
      }
      const current = bookRef.current;
      if (!current) return true;
      const result = applyIncrement(current, msg);
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
    (data: PushPayload<'orderBook'>) => {
      for (const item of Array.isArray(data) ? data : [data]) {
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
  return { store, resyncs };
}

/** Market trades: REST history, then the `trade` channel on top (newest first, 50 kept). */
export function useLiveTrades(symbol: string): MarketTrade[] {
  const rest = useMarketTrades(symbol);
  const [pushed, setPushed] = useState<{ symbol: string; rows: MarketTrade[] }>({
    symbol,
    rows: [],
  });
  useSocketChannel(
    'trade',
    (data) => {
      const items = Array.isArray(data) ? [...data] : [data];
      setPushed((prev) => ({
        symbol,
        rows: [...items.reverse(), ...(prev.symbol === symbol ? prev.rows : [])].slice(0, 50),
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
      if (data.symbol !== symbol || data.interval !== interval) return;
      const bar = toBar(data);
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

/** The mode's tickers (the one shared REST query), the symbol's kept current by its pushes. */
export function useTicker(symbol: string): { ticker: Ticker | null; all: readonly Ticker[] } {
  const all = useTickerList().data ?? NO_TICKERS;
  const [pushed, setPushed] = useState<Ticker | null>(null);
  useSocketChannel('ticker', (data) => setPushed(data), { symbol });
  const ticker =
    pushed?.symbol === symbol ? pushed : (all.find((t) => t.symbol === symbol) ?? null);
  return { ticker, all };
}

const NO_TICKERS: readonly Ticker[] = [];
