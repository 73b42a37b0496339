import { publicTopic, type Fanout } from '../socket/fanout.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/client.js';
import type { MarketDataSink } from '../orders/settlement.js';
import type { DepthStore } from './depth-store.js';
import { tickers } from './market-queries.js';

/**
 * Turns settled events into the public channels: each book change becomes an orderBook
 * increment (with the book's own sequence) and, per batch, a best_ask_bid; trades refresh the
 * symbol's 24h ticker.
 */
export function marketDataSink(opts: { db: Db; clock: Clock; depth: DepthStore; fanout: Fanout }): MarketDataSink {
  return {
    async applyDeltas(deltas) {
      const touched = new Map<string, { mode: number; symbol: string }>();
      for (const d of deltas) {
        const inc = await opts.depth.apply(d.mode, d.symbol, d.side, d.price, d.amount);
        await opts.fanout.publish(publicTopic('orderBook', d.mode, d.symbol), { type: 'increment', ...inc });
        touched.set(`${d.mode}|${d.symbol}`, d);
      }
      for (const { mode, symbol } of touched.values()) {
        const top = await opts.depth.snapshot(mode, symbol, 1);
        await opts.fanout.publish(publicTopic('best_ask_bid', mode, symbol), { symbol, bid: top.bids[0] ?? null, ask: top.asks[0] ?? null });
      }
    },
    async tradesHappened(books) {
      for (const { mode, symbol } of books) {
        const [t] = await tickers(opts.db, mode, [symbol], opts.clock.date());
        if (t) await opts.fanout.publish(publicTopic('ticker', mode, symbol), t);
      }
    },
  };
}
