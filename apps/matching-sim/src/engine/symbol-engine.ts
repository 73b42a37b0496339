import { ErrorCode } from '@exchange/contracts';
import {
  BUY,
  SELL,
  EV_ACCEPTED,
  EV_REJECTED,
  EV_STATE,
  MAX_PRICE,
  MIN_PRICE,
  RS_IOC_REMAINDER,
  RS_MARKET_REMAINDER,
  RS_SELF_TRADE,
  ST_CANCELED,
  ST_EXPIRED,
  ST_FILLED,
  ST_NEW,
  ST_PARTIALLY_FILLED,
  ST_TRAILING,
  ST_TRIGGERED,
  STP_SKIP_OWN,
} from './codes.js';
import type { EventBuffer } from './event-buffer.js';
import { Taker, type OrderBook, type RestingOrder } from './order-book.js';
import { packNumbers, unpackNumbers } from './pack.js';
import { PendingBook } from './pending-book.js';
import { followPrice, type PendingOrder } from './pending-orders.js';
import {
  T_ICEBERG,
  T_MARKET,
  T_TRAILING,
  T_TRIGGER,
  TIF_FOK,
  TIF_IOC,
  TIF_POST_ONLY,
  PlaceParams,
} from './place-params.js';
import { validatePlace } from './validate.js';

const NO_COUNTERPARTY = ErrorCode.NO_COUNTERPARTY.code;
const POST_ONLY_WOULD_TAKE = ErrorCode.POST_ONLY_WOULD_TAKE.code;
const FILL_OR_KILL_UNFILLED = ErrorCode.FILL_OR_KILL_UNFILLED.code;

export interface SymbolLimits {
  /** Minimum quantity in lots. */
  minQty: number;
  /** Minimum notional in tick x lot units. */
  minNotional: number;
}

export interface SymbolState {
  lastPrice: number;
  /**
   * The resting orders in priority order, ORDER_FIELDS numbers each, packed (pack.ts). Older
   * snapshots hold one object per order; restore() reads both.
   */
  orders: string | RestingOrder[];
  pending: { params: PlaceParams; active: boolean; extreme: number }[];
}

const NO_PRICES: readonly number[] = [];

/** orderId, userId, side, price, visible, hidden, peak, filled. */
const ORDER_FIELDS = 8;

/**
 * One symbol of one runtime mode: order-type rules, statuses and stop orders on top of a book.
 * Every outcome is an event record; nothing throws. Stop and trailing orders are checked
 * against every price a command traded at, in order.
 */
export class SymbolEngine {
  lastPrice = -1;
  private pending = new PendingBook();
  private readonly taker = new Taker();

  constructor(
    readonly book: OrderBook,
    readonly limits: SymbolLimits,
  ) {}

  /**
   * Why the order would be refused now (its fields, its id, the book), or 0. With `without`, the
   * book is judged as if that resting order were gone (cancel-place): it is no counterparty and
   * its lots leave its level. Its id still counts as taken: an id names one order.
   */
  refusal(p: PlaceParams, without = 0): number {
    const old = without > 0 ? this.book.get(without) : undefined;
    return (
      validatePlace(p, this.limits) ||
      (this.has(p.orderId) ? ErrorCode.VALIDATION_FAILED.code : 0) ||
      this.precheck(p, old) ||
      this.levelOverflow(p, old)
    );
  }

  /** Whether `userId` has the order `orderId` resting or waiting here. */
  holds(orderId: number, userId: number): boolean {
    return (
      this.book.get(orderId)?.userId === userId ||
      this.pending.get(orderId)?.params.userId === userId
    );
  }

  place(p: PlaceParams, out: EventBuffer): void {
    const code = this.refusal(p);
    if (code !== 0) {
      out.push(EV_REJECTED, p.orderId, p.userId, code, 0, 0, 0, 0);
      return;
    }
    out.push(EV_ACCEPTED, p.orderId, p.userId, 0, 0, 0, 0, 0);
    if (p.type === T_TRIGGER || p.type === T_TRAILING) {
      const o: PendingOrder = { params: p.clone(), active: false, extreme: 0 };
      this.pending.add(o);
      out.status(p.orderId, p.userId, ST_NEW, 0, p.qty, 0);
      if (followPrice(o, this.lastPrice)) out.status(p.orderId, p.userId, ST_TRAILING, 0, p.qty, 0);
      this.runTriggers(out);
      return;
    }
    const prices = this.execute(p, out);
    if (this.pending.size > 0) this.runTriggers(out, prices);
  }

  /**
   * A price level's visible total is a float in the fast book: it stays exact only below 2^53
   * lots, so an order that could take its level past that is refused (3011). The bound is on
   * everything the level may ever show, its icebergs' hidden lots included: a refill moves lots
   * from hidden to visible, so it can never take the visible total past the bound.
   */
  private levelOverflow(p: PlaceParams, without?: RestingOrder): number {
    if (p.price <= 0 || p.qty <= 0) return 0;
    return this.wouldOverflow(p.side, p.price, p.qty, without)
      ? ErrorCode.NUMBER_OUT_OF_RANGE.code
      : 0;
  }

  /**
   * Whether resting `qty` more lots would take the level's total past 2^53 - 1 (`without`'s
   * lots taken out of it first).
   */
  private wouldOverflow(side: number, price: number, qty: number, without?: RestingOrder): boolean {
    let total = this.book.levelTotal(side, price);
    if (without?.side === side && without.price === price)
      total -= without.visible + without.hidden;
    // Both terms are at most 2^53 - 1, so a true sum past the bound never rounds down to it.
    return total + qty > MAX_PRICE;
  }

  /** Cancels a resting or pending order of `userId`; false (and no event) when there is none. */
  cancel(orderId: number, userId: number, reason: number, out: EventBuffer): boolean {
    if (this.book.cancel(orderId, userId, reason, out)) {
      this.book.flushDeltas(out);
      return true;
    }
    const o = this.pending.get(orderId);
    if (o?.params.userId !== userId) return false;
    this.pending.remove(orderId);
    out.status(orderId, userId, ST_CANCELED, 0, o.params.qty, reason);
    return true;
  }

  /** Writes the order's ORDER_STATE record: status + 1 in field 3, 0 when not found. */
  query(orderId: number, userId: number, out: EventBuffer): void {
    const r = this.book.get(orderId);
    if (r !== undefined && r.userId === userId) {
      const status = r.filled > 0 ? ST_PARTIALLY_FILLED : ST_NEW;
      out.push(
        EV_STATE,
        orderId,
        userId,
        status + 1,
        r.side,
        r.price,
        r.visible + r.hidden,
        r.filled,
      );
      return;
    }
    const o = this.pending.get(orderId);
    if (o?.params.userId !== userId) out.push(EV_STATE, orderId, userId, 0, 0, 0, 0, 0);
    else
      out.push(
        EV_STATE,
        orderId,
        userId,
        (o.active ? ST_TRAILING : ST_NEW) + 1,
        o.params.side,
        o.params.price,
        o.params.qty,
        0,
      );
  }

  has(orderId: number): boolean {
    return this.book.has(orderId) || this.pending.has(orderId);
  }

  pendingCount(): number {
    return this.pending.size;
  }

  state(): SymbolState {
    return {
      lastPrice: this.lastPrice,
      orders: packNumbers(this.book.packedOrders?.() ?? packOrders(this.book.orders())),
      pending: this.pending
        .list()
        .map((o) => ({ params: o.params.clone(), active: o.active, extreme: o.extreme })),
    };
  }

  /** Rebuilds from state(); the book must be empty. Priority survives: orders come in order. */
  restore(s: SymbolState, scratch: EventBuffer): void {
    this.lastPrice = s.lastPrice;
    if (typeof s.orders === 'string') {
      const a = unpackNumbers(s.orders);
      for (let i = 0; i + ORDER_FIELDS <= a.length; i += ORDER_FIELDS) {
        this.book.add(
          a[i]!,
          a[i + 1]!,
          a[i + 2]!,
          a[i + 3]!,
          a[i + 4]!,
          a[i + 5]!,
          a[i + 6]!,
          a[i + 7]!,
        );
      }
    } else {
      for (const o of s.orders)
        this.book.add(o.orderId, o.userId, o.side, o.price, o.visible, o.hidden, o.peak, o.filled);
    }
    this.pending = new PendingBook();
    for (const o of s.pending)
      this.pending.add({
        params: Object.assign(new PlaceParams(), o.params),
        active: o.active,
        extreme: o.extreme,
      });
    this.book.flushDeltas(scratch);
    scratch.reset();
  }

  /**
   * Rejections that depend on the book: no counterparty, post-only crossing, fill-or-kill;
   * judged without the resting order `without` when given.
   */
  private precheck(p: PlaceParams, without?: RestingOrder): number {
    if (p.type === T_TRIGGER || p.type === T_TRAILING) return 0;
    const opposite = this.best(p.side === BUY ? SELL : BUY, without);
    if (p.type === T_MARKET) return opposite < 0 ? NO_COUNTERPARTY : 0;
    if (
      p.tif === TIF_POST_ONLY &&
      opposite >= 0 &&
      (p.side === BUY ? opposite <= p.price : opposite >= p.price)
    )
      return POST_ONLY_WOULD_TAKE;
    if (p.tif === TIF_FOK && this.book.fillable(this.load(p), without?.orderId) < p.qty)
      return FILL_OR_KILL_UNFILLED;
    return 0;
  }

  /** The best price of a side, or -1; without `without`, when that order is given. */
  private best(side: number, without?: RestingOrder): number {
    const best = side === BUY ? this.book.bestBid() : this.book.bestAsk();
    if (without?.side !== side || without.price !== best) return best;
    // Every resting order shows lots, so a level holding more than the order holds others.
    if (this.book.levelTotal(side, best) > without.visible + without.hidden) return best;
    return this.book.depth(side, 2)[1]?.[0] ?? -1;
  }

  private load(p: PlaceParams): Taker {
    const t = this.taker;
    t.orderId = p.orderId;
    t.userId = p.userId;
    t.side = p.side;
    // A market order takes any price, unless it carries one: its price protection (the worst
    // price it may fill at; what is left beyond it expires).
    t.limit =
      isMarket(p) && !(p.type === T_MARKET && p.price > 0)
        ? p.side === BUY
          ? MAX_PRICE
          : MIN_PRICE
        : p.price;
    t.qty = p.qty > 0 ? p.qty : MAX_PRICE;
    t.quote = p.quote > 0 ? p.quote : -1;
    t.stp = p.stp;
    t.filled = 0;
    t.lastPrice = -1;
    t.prices.length = 0;
    t.quoteSpent = 0;
    t.stpKilled = false;
    return t;
  }

  /**
   * Matches an accepted order and rests, fills or expires what is left; returns the prices it
   * traded at, in order (a copy: the taker is reused by the stops it may fire).
   */
  private execute(p: PlaceParams, out: EventBuffer): readonly number[] {
    const t = this.load(p);
    const market = isMarket(p);
    const opposite = p.side === BUY ? this.book.bestAsk() : this.book.bestBid();
    const crosses = opposite >= 0 && (p.side === BUY ? opposite <= t.limit : opposite >= t.limit);
    // Triggered orders skip precheck(); what it would reject now simply expires.
    const blocked =
      !market &&
      ((p.tif === TIF_POST_ONLY && crosses) ||
        (p.tif === TIF_FOK && this.book.fillable(t) < p.qty));
    if (crosses && !blocked) this.book.match(t, out);
    const filled = t.filled;
    if (filled > 0) this.lastPrice = t.lastPrice;
    if (p.quote > 0) {
      // By quote amount: done when something filled and the rest cannot buy one more lot at
      // the next price; an amount too small for a single lot expires unfilled.
      // Skipping the user's own orders, the next price is the best of the others'.
      const next =
        t.stp === STP_SKIP_OWN
          ? t.nextOther
          : p.side === BUY
            ? this.book.bestAsk()
            : this.book.bestBid();
      const left = p.quote - t.quoteSpent;
      // Spent to the last unit, also when that took the whole book, is a full fill.
      const done =
        filled > 0 && !t.stpKilled && (left === 0 || (next >= 0 && Math.floor(left / next) === 0));
      if (t.stpKilled) out.status(p.orderId, p.userId, ST_CANCELED, filled, 0, RS_SELF_TRADE);
      else
        out.status(
          p.orderId,
          p.userId,
          done ? ST_FILLED : ST_EXPIRED,
          filled,
          0,
          done ? 0 : RS_MARKET_REMAINDER,
        );
    } else {
      const rest = p.qty - filled;
      if (rest === 0) out.status(p.orderId, p.userId, ST_FILLED, filled, 0, 0);
      else if (t.stpKilled)
        out.status(p.orderId, p.userId, ST_CANCELED, filled, rest, RS_SELF_TRADE);
      else if (
        market ||
        p.tif === TIF_IOC ||
        blocked ||
        // A triggered stop-limit was checked against its level when it was placed, not now:
        // if what is left would take the level past 2^53 - 1 lots it cannot rest, and it
        // expires like an IOC remainder (as a triggered post-only or fill-or-kill order does
        // when it cannot do what it asks). The verdict depends only on the book, so a replica
        // restored from a snapshot reaches the same one. Placed orders never get here: the
        // same bound refused them (levelOverflow) and matching only took from the other side.
        this.wouldOverflow(p.side, p.price, rest)
      ) {
        out.status(
          p.orderId,
          p.userId,
          ST_EXPIRED,
          filled,
          rest,
          market ? RS_MARKET_REMAINDER : RS_IOC_REMAINDER,
        );
      } else {
        const peak = p.type === T_ICEBERG || (p.visible > 0 && p.visible < p.qty) ? p.visible : 0;
        const visible = peak > 0 && peak < rest ? peak : rest;
        this.book.add(p.orderId, p.userId, p.side, p.price, visible, rest - visible, peak, filled);
        out.status(p.orderId, p.userId, filled > 0 ? ST_PARTIALLY_FILLED : ST_NEW, filled, rest, 0);
      }
    }
    this.book.flushDeltas(out);
    return t.prices.length > 0 ? t.prices.slice() : NO_PRICES;
  }

  /**
   * Fires stop and trailing orders against every price a command traded at, in the order it
   * traded (as venues do: a stop whose price was crossed inside one sweep fires), oldest order
   * first at each price. Orders fired by one sweep trade after it, in the order they fired; the
   * prices they trade at are checked in turn, until no more orders fire.
   */
  private runTriggers(out: EventBuffer, prices: readonly number[] = NO_PRICES): void {
    let check = prices.length > 0 ? prices : [this.lastPrice];
    while (check.length > 0 && this.pending.size > 0) {
      const fired: PendingOrder[] = [];
      for (const price of check) {
        this.pending.follow(price, (o) =>
          out.status(o.params.orderId, o.params.userId, ST_TRAILING, 0, o.params.qty, 0),
        );
        for (let o = this.pending.takeFiring(price); o; o = this.pending.takeFiring(price)) {
          out.status(o.params.orderId, o.params.userId, ST_TRIGGERED, 0, o.params.qty, 0);
          fired.push(o);
        }
      }
      const next: number[] = [];
      for (const o of fired) next.push(...this.execute(o.params, out));
      check = next;
    }
  }
}

/** Market orders, and stops without a limit price once triggered, take any price. */
function isMarket(p: PlaceParams): boolean {
  return p.type === T_MARKET || ((p.type === T_TRIGGER || p.type === T_TRAILING) && p.price === 0);
}

function packOrders(orders: readonly RestingOrder[]): Float64Array {
  const a = new Float64Array(orders.length * ORDER_FIELDS);
  let i = 0;
  for (const o of orders) {
    a[i] = o.orderId;
    a[i + 1] = o.userId;
    a[i + 2] = o.side;
    a[i + 3] = o.price;
    a[i + 4] = o.visible;
    a[i + 5] = o.hidden;
    a[i + 6] = o.peak;
    a[i + 7] = o.filled;
    i += ORDER_FIELDS;
  }
  return a;
}
