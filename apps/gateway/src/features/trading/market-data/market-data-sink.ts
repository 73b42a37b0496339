import type { FanoutMessage } from '../../platform/socket/fanout.js';
import type { TradeTick } from './book-stats.js';

/** A change of one price level of a book, as settlement reads it from the engine's events. */
export interface BookDelta {
  mode: number;
  symbol: string;
  side: 'BUY' | 'SELL';
  price: string;
  amount: string;
}

/** Market data kept from the events (depth, tickers), outside the settlement transaction. */
export interface MarketDataSink {
  /**
   * Applies the batch's book changes in order; returns their pushes (increments, best bid and
   * ask), which settlement publishes with the batch's other pushes before the next batch.
   */
  applyDeltas(deltas: BookDelta[]): Promise<FanoutMessage[]>;
  /** Settled trades, in order: their books' tickers, candles and statistics follow (may be deferred). */
  tradesHappened(trades: (TradeTick & { mode: number; symbol: string })[]): void;
}
