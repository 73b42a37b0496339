import type { EventBuffer } from './event-buffer.js';

/**
 * The incoming side of a match. The engine keeps one instance and reuses it, so matching
 * allocates nothing. `quote` < 0 means the order is sized in lots (`qty`); otherwise it is a
 * market order by quote amount and `qty` is only an upper bound.
 */
export class Taker {
  orderId = 0;
  userId = 0;
  side = 0;
  /** Worst acceptable price: MAX_PRICE / MIN_PRICE for market orders. */
  limit = 0;
  qty = 0;
  quote = -1;
  stp = 0;
  // Outputs of match():
  filled = 0;
  lastPrice = -1;
  /** Each price the sweep traded at, in order (stop orders are checked against every one). */
  readonly prices: number[] = [];
  quoteSpent = 0;
  /** Set when self-trade prevention cancelled the taker itself. */
  stpKilled = false;
  /**
   * SKIP_OWN only: after match(), the best opposite price of another user's order (-1: none),
   * the price the taker could trade at next (the user's own orders at better prices do not count).
   */
  nextOther = -1;
}

/** A resting order as a plain value, for queries, snapshots and tests. */
export interface RestingOrder {
  orderId: number;
  userId: number;
  side: number;
  price: number;
  /** Visible lots now. */
  visible: number;
  /** Lots hidden behind an iceberg's visible part. */
  hidden: number;
  /** Iceberg display size, 0 for a plain order. */
  peak: number;
  filled: number;
}

/**
 * One side-pair book of one symbol: price-time priority over integer ticks and lots. The
 * reference and the fast implementation must emit identical events for identical calls.
 * Matching never throws: it writes TRADE and maker ORDER_STATUS records to the buffer.
 */
export interface OrderBook {
  /** Matches `t` against the opposite side, writing trades and maker statuses. */
  match(t: Taker, out: EventBuffer): void;
  /**
   * Lots `t` could fill now (up to t.qty) honouring its self-trade prevention, without
   * changing anything: what fill-or-kill checks. The order `without` (an id, 0 for none)
   * counts as gone: what a cancel-place's replacement could fill.
   */
  fillable(t: Taker, without?: number): number;
  /** Rests an order at the back of its price level (hidden > 0 only for icebergs). */
  add(
    orderId: number,
    userId: number,
    side: number,
    price: number,
    visible: number,
    hidden: number,
    peak: number,
    filled: number,
  ): void;
  has(orderId: number): boolean;
  /** Removes a resting order of `userId`, writing its CANCELED status; false if not found. */
  cancel(orderId: number, userId: number, reason: number, out: EventBuffer): boolean;
  get(orderId: number): RestingOrder | undefined;
  /** Best bid / ask price, or -1 when that side is empty. */
  bestBid(): number;
  bestAsk(): number;
  /** Number of resting orders. */
  size(): number;
  /** Visible lots at one price level. */
  levelQty(side: number, price: number): number;
  /**
   * Visible and hidden lots at one price level: all it may ever show (what iceberg refills add
   * comes out of the hidden part), the total the engine keeps within 2^53 - 1.
   */
  levelTotal(side: number, price: number): number;
  /** Writes a BOOK_DELTA for every level touched since the last flush, in first-touch order. */
  flushDeltas(out: EventBuffer): void;
  /** All resting orders, bids best-first then asks best-first, each level in time order. */
  orders(): RestingOrder[];
  /**
   * The same orders as orders(), 8 numbers each in RestingOrder's field order (orderId, userId,
   * side, price, visible, hidden, peak, filled), without an object per order; for snapshots.
   */
  packedOrders?(): Float64Array;
  /** Top `levels` price levels of one side as [price, visible lots], best first. */
  depth(side: number, levels: number): [number, number][];
  /** Throws when an internal invariant is broken; for tests. */
  validateInternalState(): void;
}

export type OrderBookFactory = () => OrderBook;
