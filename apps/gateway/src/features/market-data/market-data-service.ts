import { publicTopic, type Fanout, type FanoutMessage } from '../socket/fanout.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/client.js';
import type { MarketDataSink } from '../orders/settlement.js';
import type { DepthStore } from './depth-store.js';
import { CANDLE_INTERVALS } from '@exchange/contracts';
import { candles, candleStart, tickers, volumeStats } from './market-queries.js';

/** How often at most a traded book's ticker, candles and statistics are recomputed and pushed. */
export const MARKET_REFRESH_MS = 250;

/**
 * Turns settled events into the public channels: each book change becomes an orderBook
 * increment (with the book's own sequence), sent per book and settlement batch as one push
 * (an array of consecutive increments, or a lone increment), and a best_ask_bid; trades refresh the
 * symbol's 24h ticker, forming candles and volume statistics. Those are aggregates over stored
 * trades, so they are recomputed at most every MARKET_REFRESH_MS per book, off settlement's
 * path: a burst of trades costs one refresh, and settlement never waits for it.
 */
export function marketDataSink(opts: { db: Db; clock: Clock; depth: DepthStore; fanout: Fanout; log?: { warn(o: object, m: string): void } }): MarketDataSink & { flush(): Promise<void> } {
  const dirty = new Map<string, { mode: number; symbol: string }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function refresh(mode: number, symbol: string): Promise<void> {
    const now = opts.clock.date();
    const [t] = await tickers(opts.db, mode, [symbol], now);
    if (t) await opts.fanout.publish(publicTopic('ticker', mode, symbol), t);
    // The forming candle of every interval: only the trades since it opened are read.
    const latest = await Promise.all(
      CANDLE_INTERVALS.map(async (interval) => {
        const [c] = await candles(opts.db, mode, symbol, interval, { start: candleStart(interval, now), end: new Date(now.getTime() + 1), limit: 1 });
        return c ? { interval, c } : null;
      }),
    );
    for (const x of latest) if (x) await opts.fanout.publish(publicTopic('candle', mode, `${symbol}:${x.interval}`), { symbol, interval: x.interval, ...x.c });
    await opts.fanout.publish(publicTopic('statsTradeVolume', mode, symbol), await volumeStats(opts.db, mode, symbol, now));
  }

  async function drain(): Promise<void> {
    while (dirty.size > 0) {
      const books = [...dirty.values()];
      dirty.clear();
      for (const b of books) {
        await refresh(b.mode, b.symbol).catch((err: unknown) => opts.log?.warn({ err, ...b }, 'market data refresh failed'));
      }
    }
  }

  function schedule(): void {
    if (timer || running) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = drain().finally(() => {
        running = undefined;
        if (dirty.size > 0) schedule();
      });
    }, MARKET_REFRESH_MS);
  }

  return {
    async applyDeltas(deltas) {
      const incs = await opts.depth.applyMany(deltas);
      // One push per book and batch: its increments in sequence order (a lone one as an object).
      const books = new Map<string, { mode: number; symbol: string; incs: object[] }>();
      for (const { mode, ...inc } of incs) {
        const k = `${mode}|${inc.symbol}`;
        const b = books.get(k) ?? { mode, symbol: inc.symbol, incs: [] };
        b.incs.push({ type: 'increment', ...inc });
        books.set(k, b);
      }
      const messages: FanoutMessage[] = [];
      for (const b of books.values()) {
        messages.push({ topic: publicTopic('orderBook', b.mode, b.symbol), data: b.incs.length === 1 ? b.incs[0] : b.incs });
      }
      for (const { mode, symbol } of books.values()) {
        const top = await opts.depth.snapshot(mode, symbol, 1);
        messages.push({ topic: publicTopic('best_ask_bid', mode, symbol), data: { symbol, bid: top.bids[0] ?? null, ask: top.asks[0] ?? null } });
      }
      return messages;
    },
    tradesHappened(books) {
      for (const b of books) dirty.set(`${b.mode}|${b.symbol}`, b);
      schedule();
    },
    /** Runs any pending refresh now (for shutdown and tests). */
    async flush() {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      await running;
      await drain();
    },
  };
}
