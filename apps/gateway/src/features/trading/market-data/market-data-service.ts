import { publicTopic, type Fanout, type FanoutMessage } from '../../platform/socket/fanout.js';
import type { Clock } from '../../../lib/clock.js';
import type { Db } from '../../../db/client.js';
import type { MarketDataSink } from './market-data-sink.js';
import type { DepthStore } from './depth-store.js';
import { CANDLE_INTERVALS, type PushPayload } from '@exchange/contracts';
import { BookStats, type TradeTick } from './book-stats.js';

/** How often at most a traded book's ticker, candles and statistics are recomputed and pushed. */
export const MARKET_REFRESH_MS = 250;

/**
 * Turns settled events into the public channels: each book change becomes an orderBook
 * increment (with the book's own sequence), sent per book and settlement batch as one push
 * (an array of consecutive increments, or a lone increment), and a best_ask_bid; trades refresh the
 * symbol's 24h ticker, forming candles and volume statistics, kept per book in memory
 * (BookStats: loaded once from the stored trades, then counted from settled ones) and pushed at
 * most every MARKET_REFRESH_MS per book, off settlement's path: a burst of trades costs one
 * push of each, and settlement never waits for them.
 */
export function marketDataSink(opts: {
  db: Db;
  clock: Clock;
  depth: DepthStore;
  fanout: Fanout;
  refreshMs?: number;
  log?: { warn(o: object, m: string): void };
}): MarketDataSink & { flush(): Promise<void> } {
  const dirty = new Map<string, { mode: number; symbol: string; ticks: TradeTick[] }>();
  const stats = new Map<string, BookStats>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function refresh(mode: number, symbol: string, ticks: TradeTick[]): Promise<void> {
    const now = opts.clock.now();
    const k = `${mode}|${symbol}`;
    let book = stats.get(k);
    if (!book) {
      // Trades settled while this loads are in the next refresh's ticks; the ids skip doubles.
      book = await BookStats.load(opts.db, mode, symbol, now);
      stats.set(k, book);
    } else await book.readSimulated(opts.db, mode, symbol, now);
    book.add(ticks);
    const messages: FanoutMessage[] = [
      { topic: publicTopic('ticker', mode, symbol), data: book.ticker(symbol, now) },
    ];
    for (const interval of CANDLE_INTERVALS) {
      const c = book.candle(interval, now);
      if (c)
        messages.push({
          topic: publicTopic('candle', mode, `${symbol}:${interval}`),
          data: { symbol, interval, ...c },
        });
    }
    messages.push({
      topic: publicTopic('statsTradeVolume', mode, symbol),
      data: book.volumes(symbol, now),
    });
    await opts.fanout.publishMany(messages);
  }

  async function drain(): Promise<void> {
    while (dirty.size > 0) {
      const books = [...dirty.values()];
      dirty.clear();
      for (const b of books) {
        await refresh(b.mode, b.symbol, b.ticks).catch((err: unknown) =>
          opts.log?.warn({ err, ...b }, 'market data refresh failed'),
        );
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
    }, opts.refreshMs ?? MARKET_REFRESH_MS);
  }

  return {
    async applyDeltas(deltas) {
      // The increments and each book's best bid and ask after them, in one call per book.
      const { incs, tops } = await opts.depth.applyWithTop(deltas);
      // One push per book and batch: its increments in sequence order (a lone one as an object).
      type Increment = Extract<PushPayload<'orderBook'>, { type: 'increment' }>;
      const books = new Map<string, { mode: number; symbol: string; incs: Increment[] }>();
      for (const { mode, ...inc } of incs) {
        const k = `${mode}|${inc.symbol}`;
        const b = books.get(k) ?? { mode, symbol: inc.symbol, incs: [] };
        b.incs.push({ type: 'increment', ...inc });
        books.set(k, b);
      }
      const messages: FanoutMessage[] = [];
      for (const b of books.values()) {
        messages.push({
          topic: publicTopic('orderBook', b.mode, b.symbol),
          data: b.incs.length === 1 && b.incs[0] ? b.incs[0] : b.incs,
        });
      }
      for (const [k, { mode, symbol }] of books) {
        const top = tops.get(k);
        messages.push({
          topic: publicTopic('best_ask_bid', mode, symbol),
          data: { symbol, bid: top?.bid ?? null, ask: top?.ask ?? null },
        });
      }
      return messages;
    },
    tradesHappened(trades) {
      for (const t of trades) {
        const k = `${t.mode}|${t.symbol}`;
        const b = dirty.get(k);
        if (b) b.ticks.push(t);
        else dirty.set(k, { mode: t.mode, symbol: t.symbol, ticks: [t] });
      }
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
