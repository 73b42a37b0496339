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
import { PriceLadder } from './price-ladder.js';
import { OrderPool } from './order-pool.js';
import { IdIndex } from './id-index.js';

const NIL = -1;

/**
 * The fast book: orders live in a preallocated struct-of-arrays pool, linked into an intrusive
 * doubly-linked list per price level; levels are found through a sorted ladder per side whose
 * best price is O(1). Nothing is allocated per operation once the pools have grown.
 */
export class FastBook implements OrderBook {
  private readonly p = new OrderPool();
  private readonly bids = new PriceLadder(1);
  private readonly asks = new PriceLadder(-1);
  private readonly ladders = [this.bids, this.asks] as const;
  private readonly ids = new IdIndex();
  private touchedSide = new Uint8Array(64);
  private touchedPrice = new Float64Array(64);
  private touchedCount = 0;

  match(t: Taker, out: EventBuffer): void {
    t.filled = 0;
    t.quoteSpent = 0;
    t.stpKilled = false;
    t.nextOther = -1;
    if (t.stp === STP_SKIP_OWN) {
      this.matchSkippingOwn(t, out);
      return;
    }
    const p = this.p;
    const ladder = t.side === BUY ? this.asks : this.bids;
    for (;;) {
      const lvl = ladder.best();
      if (lvl === NIL) return;
      const price = p.lPrice[lvl] as number;
      if (t.side === BUY ? price > t.limit : price < t.limit) return;
      const o = p.lHead[lvl] as number;
      let want = t.qty - t.filled;
      if (t.quote >= 0) want = Math.min(want, Math.floor((t.quote - t.quoteSpent) / price));
      if (want <= 0) return;
      const makerUser = p.oUser[o] as number;
      const makerId = p.oId[o] as number;
      if (makerUser === t.userId && t.stp !== STP_NONE) {
        if (t.stp !== STP_CANCEL_OLDEST) t.stpKilled = true;
        if (t.stp === STP_CANCEL_OLDEST || t.stp === STP_CANCEL_BOTH) {
          out.status(
            makerId,
            makerUser,
            ST_CANCELED,
            p.oFilled[o] as number,
            (p.oVis[o] as number) + (p.oHid[o] as number),
            RS_SELF_TRADE,
          );
          this.removeOrder(o);
        }
        if (t.stpKilled) return;
        continue;
      }
      const vis = p.oVis[o] as number;
      const q = want < vis ? want : vis;
      out.trade(makerId, makerUser, t.orderId, t.userId, price, q, t.side);
      t.filled += q;
      if (t.lastPrice !== price) t.prices.push(price);
      t.lastPrice = price;
      t.quoteSpent += q * price;
      const filled = (p.oFilled[o] as number) + q;
      p.oFilled[o] = filled;
      p.oVis[o] = vis - q;
      p.lVol[lvl] = (p.lVol[lvl] as number) - q;
      this.touch(t.side ^ 1, price);
      if (vis > q) {
        out.status(
          makerId,
          makerUser,
          ST_PARTIALLY_FILLED,
          filled,
          vis - q + (p.oHid[o] as number),
          0,
        );
      } else if ((p.oHid[o] as number) > 0) {
        const hid = p.oHid[o] as number;
        const refill = Math.min(p.oPeak[o] as number, hid);
        p.oVis[o] = refill;
        p.oHid[o] = hid - refill;
        p.lVol[lvl] = p.lVol[lvl] + refill;
        p.lHid[lvl] = (p.lHid[lvl] as number) - refill;
        // An iceberg refill loses time priority: it goes to the back of its level.
        p.unlink(o, lvl);
        p.append(o, lvl);
        out.status(makerId, makerUser, ST_PARTIALLY_FILLED, filled, hid, 0);
      } else {
        out.status(makerId, makerUser, ST_FILLED, filled, 0, 0);
        this.removeOrder(o);
      }
    }
  }

  /**
   * SKIP_OWN: the same walk, best level first and each level in time order, passing over the
   * taker's own orders (they stay where they are). A level left with only the user's orders
   * stays in the ladder, so the walk goes on by index, from the best (the last) downwards.
   */
  private matchSkippingOwn(t: Taker, out: EventBuffer): void {
    const p = this.p;
    const ladder = t.side === BUY ? this.asks : this.bids;
    let done = false;
    for (let i = ladder.length - 1; i >= 0 && !done; i--) {
      const lvl = ladder.levels[i] as number;
      const price = p.lPrice[lvl] as number;
      if (t.side === BUY ? price > t.limit : price < t.limit) break;
      let o = p.lHead[lvl] as number;
      while (o !== NIL) {
        let want = t.qty - t.filled;
        if (t.quote >= 0) want = Math.min(want, Math.floor((t.quote - t.quoteSpent) / price));
        if (want <= 0) {
          done = true;
          break;
        }
        const next = p.oNext[o] as number;
        const makerUser = p.oUser[o] as number;
        if (makerUser === t.userId) {
          o = next;
          continue;
        }
        const makerId = p.oId[o] as number;
        const vis = p.oVis[o] as number;
        const q = want < vis ? want : vis;
        out.trade(makerId, makerUser, t.orderId, t.userId, price, q, t.side);
        t.filled += q;
        if (t.lastPrice !== price) t.prices.push(price);
        t.lastPrice = price;
        t.quoteSpent += q * price;
        const filled = (p.oFilled[o] as number) + q;
        p.oFilled[o] = filled;
        p.oVis[o] = vis - q;
        p.lVol[lvl] = (p.lVol[lvl] as number) - q;
        this.touch(t.side ^ 1, price);
        if (vis > q) {
          out.status(
            makerId,
            makerUser,
            ST_PARTIALLY_FILLED,
            filled,
            vis - q + (p.oHid[o] as number),
            0,
          );
          // The taker is done (it wanted less than this order shows).
          done = true;
          break;
        } else if ((p.oHid[o] as number) > 0) {
          const hid = p.oHid[o] as number;
          const refill = Math.min(p.oPeak[o] as number, hid);
          p.oVis[o] = refill;
          p.oHid[o] = hid - refill;
          p.lVol[lvl] = p.lVol[lvl] + refill;
          p.lHid[lvl] = (p.lHid[lvl] as number) - refill;
          // An iceberg refill loses time priority: it goes to the back of its level.
          p.unlink(o, lvl);
          p.append(o, lvl);
          out.status(makerId, makerUser, ST_PARTIALLY_FILLED, filled, hid, 0);
          // Met again after the orders that were behind it (at once if none was).
          o = next === NIL ? o : next;
        } else {
          out.status(makerId, makerUser, ST_FILLED, filled, 0, 0);
          // The level may go with its last order; the walk then moves to the next index.
          this.removeOrder(o);
          o = next;
        }
      }
    }
    t.nextOther = this.bestOtherPrice(ladder, t.userId);
  }

  /** The best price of a side at which an order of someone other than `userId` rests, or -1. */
  private bestOtherPrice(ladder: PriceLadder, userId: number): number {
    const p = this.p;
    for (let i = ladder.length - 1; i >= 0; i--) {
      const lvl = ladder.levels[i] as number;
      for (let o = p.lHead[lvl] as number; o !== NIL; o = p.oNext[o] as number)
        if (p.oUser[o] !== userId) return p.lPrice[lvl] as number;
    }
    return -1;
  }

  fillable(t: Taker, without = 0): number {
    const p = this.p;
    const ladder = t.side === BUY ? this.asks : this.bids;
    let sum = 0;
    for (let i = ladder.length - 1; i >= 0 && sum < t.qty; i--) {
      const lvl = ladder.levels[i] as number;
      const price = p.lPrice[lvl] as number;
      if (t.side === BUY ? price > t.limit : price < t.limit) break;
      let levelAll = 0;
      let beforeOwn = 0;
      let own = false;
      for (let o = p.lHead[lvl] as number; o !== NIL; o = p.oNext[o] as number) {
        if (p.oId[o] === without) continue;
        const mine = t.stp !== STP_NONE && p.oUser[o] === t.userId;
        if (mine && t.stp !== STP_CANCEL_OLDEST && t.stp !== STP_SKIP_OWN) {
          own = true;
          break;
        }
        if (!mine) {
          levelAll += (p.oVis[o] as number) + (p.oHid[o] as number);
          beforeOwn += p.oVis[o] as number;
        }
      }
      // Refilled icebergs go behind the own order, which stops the taker: visible parts only.
      if (own) return Math.min(sum + beforeOwn, t.qty);
      sum += levelAll;
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
    const p = this.p;
    const ladder = side === BUY ? this.bids : this.asks;
    let lvl = ladder.find(price);
    if (lvl === NIL) {
      lvl = p.allocLevel(price);
      ladder.insert(price, lvl);
    }
    const o = p.allocOrder(orderId, userId, side, price, visible, hidden, peak, filled);
    p.append(o, lvl);
    p.lVol[lvl] = (p.lVol[lvl] as number) + visible;
    p.lHid[lvl] = (p.lHid[lvl] as number) + hidden;
    this.ids.set(orderId, o);
    this.touch(side, price);
  }

  cancel(orderId: number, userId: number, reason: number, out: EventBuffer): boolean {
    const o = this.ids.get(orderId);
    if (o < 0) return false;
    const p = this.p;
    if (p.oUser[o] !== userId) return false;
    out.status(
      orderId,
      userId,
      ST_CANCELED,
      p.oFilled[o] as number,
      (p.oVis[o] as number) + (p.oHid[o] as number),
      reason,
    );
    this.removeOrder(o);
    return true;
  }

  has(orderId: number): boolean {
    return this.ids.get(orderId) >= 0;
  }

  get(orderId: number): RestingOrder | undefined {
    const o = this.ids.get(orderId);
    return o < 0 ? undefined : this.p.read(o);
  }

  bestBid(): number {
    const l = this.ladders[0].best();
    return l === NIL ? -1 : (this.p.lPrice[l] as number);
  }

  bestAsk(): number {
    const l = this.ladders[1].best();
    return l === NIL ? -1 : (this.p.lPrice[l] as number);
  }

  size(): number {
    return this.ids.size;
  }

  levelQty(side: number, price: number): number {
    const l = this.ladders[side === BUY ? 0 : 1].find(price);
    return l === NIL ? 0 : (this.p.lVol[l] as number);
  }

  levelTotal(side: number, price: number): number {
    const l = this.ladders[side === BUY ? 0 : 1].find(price);
    return l === NIL ? 0 : (this.p.lVol[l] as number) + (this.p.lHid[l] as number);
  }

  flushDeltas(out: EventBuffer): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const side = this.touchedSide[i] as number;
      const price = this.touchedPrice[i] as number;
      out.delta(side, price, this.levelQty(side, price));
    }
    this.touchedCount = 0;
  }

  orders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const ladder of this.ladders) {
      for (let i = ladder.length - 1; i >= 0; i--) {
        for (
          let o = this.p.lHead[ladder.levels[i] as number] as number;
          o !== NIL;
          o = this.p.oNext[o] as number
        )
          out.push(this.p.read(o));
      }
    }
    return out;
  }

  packedOrders(): Float64Array {
    const out = new Float64Array(this.size() * 8);
    const p = this.p;
    let i = 0;
    for (const ladder of this.ladders) {
      for (let l = ladder.length - 1; l >= 0; l--) {
        for (
          let o = p.lHead[ladder.levels[l] as number] as number;
          o !== NIL;
          o = p.oNext[o] as number
        ) {
          out[i] = p.oId[o] as number;
          out[i + 1] = p.oUser[o] as number;
          out[i + 2] = p.oSide[o] as number;
          out[i + 3] = p.oPrice[o] as number;
          out[i + 4] = p.oVis[o] as number;
          out[i + 5] = p.oHid[o] as number;
          out[i + 6] = p.oPeak[o] as number;
          out[i + 7] = p.oFilled[o] as number;
          i += 8;
        }
      }
    }
    return out;
  }

  depth(side: number, levels: number): [number, number][] {
    const ladder = this.ladders[side === BUY ? 0 : 1];
    const out: [number, number][] = [];
    for (let i = ladder.length - 1; i >= 0 && out.length < levels; i--) {
      const l = ladder.levels[i] as number;
      out.push([this.p.lPrice[l] as number, this.p.lVol[l] as number]);
    }
    return out;
  }

  validateInternalState(): void {
    let count = 0;
    for (let side = 0; side < 2; side++) {
      const ladder = this.ladders[side === 0 ? 0 : 1];
      for (let i = 0; i < ladder.length; i++) {
        const l = ladder.levels[i] as number;
        if (i > 0 && (ladder.keys[i - 1] as number) >= (ladder.keys[i] as number))
          throw new Error('ladder out of order');
        count += this.p.validateLevel(l, side);
      }
    }
    if (count !== this.ids.size)
      throw new Error(`id map holds ${this.ids.size} orders, levels ${count}`);
    for (const ladder of this.ladders) {
      for (let i = 0; i < ladder.length; i++) {
        for (
          let o = this.p.lHead[ladder.levels[i] as number] as number;
          o !== NIL;
          o = this.p.oNext[o] as number
        ) {
          if (this.ids.get(this.p.oId[o] as number) !== o)
            throw new Error(`id index cannot find order ${this.p.oId[o]}`);
        }
      }
    }
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid >= 0 && ask >= 0 && bid >= ask) throw new Error(`book crossed: ${bid} >= ${ask}`);
  }

  private removeOrder(o: number): void {
    const p = this.p;
    const lvl = p.oLevel[o] as number;
    const side = p.oSide[o] as number;
    const price = p.lPrice[lvl] as number;
    p.lVol[lvl] = (p.lVol[lvl] as number) - (p.oVis[o] as number);
    p.lHid[lvl] = (p.lHid[lvl] as number) - (p.oHid[o] as number);
    p.unlink(o, lvl);
    this.ids.delete(p.oId[o] as number);
    p.freeOrder(o);
    if (p.lHead[lvl] === NIL) {
      this.ladders[side === BUY ? 0 : 1].remove(price);
      p.freeLevel(lvl);
    }
    this.touch(side, price);
  }

  private touch(side: number, price: number): void {
    const n = this.touchedCount;
    for (let i = n - 1; i >= 0; i--)
      if (this.touchedPrice[i] === price && this.touchedSide[i] === side) return;
    if (n === this.touchedSide.length) {
      const s = new Uint8Array(n * 2);
      s.set(this.touchedSide);
      const pr = new Float64Array(n * 2);
      pr.set(this.touchedPrice);
      this.touchedSide = s;
      this.touchedPrice = pr;
    }
    this.touchedSide[n] = side;
    this.touchedPrice[n] = price;
    this.touchedCount = n + 1;
  }
}
