import {
  BUY,
  RS_SELF_TRADE,
  ST_CANCELED,
  ST_FILLED,
  ST_PARTIALLY_FILLED,
  STP_CANCEL_BOTH,
  STP_CANCEL_OLDEST,
  STP_NONE,
  STP_SKIP_OWN,
} from './codes.js';
import type { EventBuffer } from './event-buffer.js';
import type { OrderBook, RestingOrder, Taker } from './order-book.js';

interface Entry extends RestingOrder {
  time: number;
}

/**
 * The obviously correct book: each side one array kept sorted best price first, then by time.
 * Every operation is linear; it exists to check the fast book against, not to be fast.
 */
export class ReferenceBook implements OrderBook {
  private bids: Entry[] = [];
  private asks: Entry[] = [];
  private clock = 0;
  private touched: [number, number][] = [];

  match(t: Taker, out: EventBuffer): void {
    t.filled = 0;
    t.quoteSpent = 0;
    t.stpKilled = false;
    t.nextOther = -1;
    const opp = t.side === BUY ? this.asks : this.bids;
    const skip = t.stp === STP_SKIP_OWN;
    // Index of the order met next: past the user's own orders when they are skipped.
    let i = 0;
    for (;;) {
      const o = opp[i];
      if (o === undefined || !crosses(t, o.price)) break;
      let want = t.qty - t.filled;
      if (t.quote >= 0) want = Math.min(want, Math.floor((t.quote - t.quoteSpent) / o.price));
      if (want <= 0) break;
      if (skip && o.userId === t.userId) {
        i += 1;
        continue;
      }
      if (o.userId === t.userId && t.stp !== STP_NONE) {
        if (t.stp !== STP_CANCEL_OLDEST) t.stpKilled = true;
        if (t.stp === STP_CANCEL_OLDEST || t.stp === STP_CANCEL_BOTH) {
          opp.shift();
          this.touch(o.side, o.price);
          out.status(
            o.orderId,
            o.userId,
            ST_CANCELED,
            o.filled,
            o.visible + o.hidden,
            RS_SELF_TRADE,
          );
        }
        if (t.stpKilled) break;
        continue;
      }
      const q = Math.min(want, o.visible);
      out.trade(o.orderId, o.userId, t.orderId, t.userId, o.price, q, t.side);
      t.filled += q;
      if (t.lastPrice !== o.price) t.prices.push(o.price);
      t.lastPrice = o.price;
      t.quoteSpent += q * o.price;
      o.visible -= q;
      o.filled += q;
      this.touch(o.side, o.price);
      if (o.visible > 0) {
        out.status(o.orderId, o.userId, ST_PARTIALLY_FILLED, o.filled, o.visible + o.hidden, 0);
      } else if (o.hidden > 0) {
        // An iceberg refill loses time priority: it goes to the back of its level.
        o.visible = Math.min(o.peak, o.hidden);
        o.hidden -= o.visible;
        opp.splice(i, 1);
        o.time = ++this.clock;
        insertSorted(opp, o);
        out.status(o.orderId, o.userId, ST_PARTIALLY_FILLED, o.filled, o.visible + o.hidden, 0);
      } else {
        opp.splice(i, 1);
        out.status(o.orderId, o.userId, ST_FILLED, o.filled, 0, 0);
      }
    }
    if (skip) t.nextOther = opp.find((o) => o.userId !== t.userId)?.price ?? -1;
  }

  fillable(t: Taker, without = 0): number {
    const opp = t.side === BUY ? this.asks : this.bids;
    let sum = 0;
    for (let i = 0; i < opp.length && sum < t.qty; ) {
      const price = opp[i]?.price ?? 0;
      if (!crosses(t, price)) break;
      let j = i;
      while (j < opp.length && opp[j]?.price === price) j++;
      const level = opp.slice(i, j).filter((o) => o.orderId !== without);
      const own =
        t.stp === STP_NONE || t.stp === STP_SKIP_OWN
          ? -1
          : level.findIndex((o) => o.userId === t.userId);
      if (own >= 0 && t.stp !== STP_CANCEL_OLDEST) {
        // Refilled icebergs go behind the own order, which stops the taker: visible parts only.
        for (const o of level.slice(0, own)) sum += o.visible;
        break;
      }
      for (const o of level)
        if (t.stp === STP_NONE || o.userId !== t.userId) sum += o.visible + o.hidden;
      i = j;
    }
    return Math.min(sum, t.qty);
  }

  add(
    orderId: number,
    userId: number,
    side: number,
    price: number,
    visible: number,
    hidden: number,
    peak: number,
    filled: number,
  ): void {
    const o: Entry = {
      orderId,
      userId,
      side,
      price,
      visible,
      hidden,
      peak,
      filled,
      time: ++this.clock,
    };
    insertSorted(side === BUY ? this.bids : this.asks, o);
    this.touch(side, price);
  }

  cancel(orderId: number, userId: number, reason: number, out: EventBuffer): boolean {
    for (const list of [this.bids, this.asks]) {
      const i = list.findIndex((o) => o.orderId === orderId);
      const o = list[i];
      if (o === undefined) continue;
      if (o.userId !== userId) return false;
      list.splice(i, 1);
      this.touch(o.side, o.price);
      out.status(o.orderId, o.userId, ST_CANCELED, o.filled, o.visible + o.hidden, reason);
      return true;
    }
    return false;
  }

  has(orderId: number): boolean {
    return this.get(orderId) !== undefined;
  }

  get(orderId: number): RestingOrder | undefined {
    const o =
      this.bids.find((x) => x.orderId === orderId) ?? this.asks.find((x) => x.orderId === orderId);
    return o && strip(o);
  }

  bestBid(): number {
    return this.bids[0]?.price ?? -1;
  }

  bestAsk(): number {
    return this.asks[0]?.price ?? -1;
  }

  size(): number {
    return this.bids.length + this.asks.length;
  }

  levelQty(side: number, price: number): number {
    let sum = 0;
    for (const o of side === BUY ? this.bids : this.asks) if (o.price === price) sum += o.visible;
    return sum;
  }

  levelTotal(side: number, price: number): number {
    let sum = 0;
    for (const o of side === BUY ? this.bids : this.asks)
      if (o.price === price) sum += o.visible + o.hidden;
    return sum;
  }

  flushDeltas(out: EventBuffer): void {
    for (const [side, price] of this.touched) out.delta(side, price, this.levelQty(side, price));
    this.touched = [];
  }

  orders(): RestingOrder[] {
    return [...this.bids, ...this.asks].map(strip);
  }

  depth(side: number, levels: number): [number, number][] {
    const out: [number, number][] = [];
    for (const o of side === BUY ? this.bids : this.asks) {
      const last = out[out.length - 1];
      if (last?.[0] === o.price) last[1] += o.visible;
      else if (out.length === levels) break;
      else out.push([o.price, o.visible]);
    }
    return out;
  }

  validateInternalState(): void {
    for (const list of [this.bids, this.asks]) {
      for (let i = 1; i < list.length; i++) {
        const a = list[i - 1];
        const b = list[i];
        if (a && b && compare(a, b) >= 0) throw new Error(`reference book out of order at ${i}`);
      }
      for (const o of list)
        if (o.visible <= 0 || o.hidden < 0) throw new Error(`bad quantities on ${o.orderId}`);
    }
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid >= 0 && ask >= 0 && bid >= ask) throw new Error(`book crossed: ${bid} >= ${ask}`);
  }

  private touch(side: number, price: number): void {
    if (!this.touched.some(([s, p]) => s === side && p === price)) this.touched.push([side, price]);
  }
}

function crosses(t: Taker, price: number): boolean {
  return t.side === BUY ? price <= t.limit : price >= t.limit;
}

/** Best first: bids by price descending, asks ascending; then by time. */
function compare(a: Entry, b: Entry): number {
  if (a.price !== b.price) return a.side === BUY ? b.price - a.price : a.price - b.price;
  return a.time - b.time;
}

function insertSorted(list: Entry[], o: Entry): void {
  let i = list.length;
  while (i > 0 && compare(list[i - 1] as Entry, o) > 0) i--;
  list.splice(i, 0, o);
}

function strip(o: Entry): RestingOrder {
  return {
    orderId: o.orderId,
    userId: o.userId,
    side: o.side,
    price: o.price,
    visible: o.visible,
    hidden: o.hidden,
    peak: o.peak,
    filled: o.filled,
  };
}
