import { publicTopic, type Fanout } from '../socket/fanout.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../db/client.js';
import type { MarketDataSink } from '../orders/settlement.js';
import type { DepthStore } from './depth-store.js';
import { CANDLE_INTERVALS } from '@exchange/contracts';
import { candles, tickers, volumeStats } from './market-queries.js';

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
      const now = opts.clock.date();
      for (const { mode, symbol } of books) {
        const [t] = await tickers(opts.db, mode, [symbol], now);
        if (t) await opts.fanout.publish(publicTopic('ticker', mode, symbol), t);
        // The forming candle of every interval (the longest reach back a month at most).
        for (const interval of CANDLE_INTERVALS) {
          const [latest] = await candles(opts.db, mode, symbol, interval, { start: new Date(now.getTime() - 32 * 86_400_000), end: new Date(now.getTime() + 1), limit: 1 });
          if (latest) await opts.fanout.publish(publicTopic('candle', mode, `${symbol}:${interval}`), { symbol, interval, ...latest });
        }
        await opts.fanout.publish(publicTopic('statsTradeVolume', mode, symbol), await volumeStats(opts.db, mode, symbol, now));
      }
    },
  };
}
