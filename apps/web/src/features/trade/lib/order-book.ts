import { RESTING_ORDER_STATUSES, type Depth, type DepthIncrement } from '@exchange/contracts';
import {
  add,
  dec,
  div,
  isZeroAmount,
  mul,
  roundToStep,
  sub,
  toText,
  type Dec,
} from '@exchange/contracts/decimal';

export type Level = readonly [price: string, amount: string];

/** The book of one symbol as maps price -> amount; `seq` of the last applied message. */
export interface BookState {
  symbol: string;
  seq: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

/** A book as the REST depth call and the socket's snapshot carry it. */
export type BookSnapshot = Depth;
/** One level's change, as the socket's `orderBook` channel carries it. */
export type BookIncrement = DepthIncrement;

/** Prices are keys in their shortest form, so "100.10" and "100.1" are one level. */
export function priceKey(price: string): string {
  const d = dec(price);
  return d ? toText(d) : price;
}

export function bookFromSnapshot(s: BookSnapshot): BookState {
  const toMap = (levels: readonly Level[]) => {
    const map = new Map<string, string>();
    for (const [p, a] of levels) if (!isZeroAmount(a)) map.set(priceKey(p), a);
    return map;
  };
  return { symbol: s.symbol, seq: s.seq, bids: toMap(s.bids), asks: toMap(s.asks) };
}

export type ApplyResult =
  | { kind: 'applied'; book: BookState; key: string }
  /** Older than (or equal to) what the book holds: dropped. */
  | { kind: 'stale' }
  /** A sequence number is missing: the book can no longer be trusted. */
  | { kind: 'gap' };

/** Applies one increment: seq must be the previous + 1; amount "0" removes the level. */
export function applyIncrement(book: BookState, inc: BookIncrement): ApplyResult {
  if (inc.seq <= book.seq) return { kind: 'stale' };
  if (inc.seq !== book.seq + 1) return { kind: 'gap' };
  const side = inc.side === 'BUY' ? 'bids' : 'asks';
  const next = new Map(book[side]);
  const key = priceKey(inc.price);
  if (isZeroAmount(inc.amount)) next.delete(key);
  else next.set(key, inc.amount);
  return { kind: 'applied', book: { ...book, seq: inc.seq, [side]: next }, key: `${side}:${key}` };
}

export interface GroupedLevel {
  price: string;
  amount: string;
  /** Running sum of amounts from the best price to this level. */
  cumulative: string;
}

/**
 * Levels merged onto a price step: bids round down and asks round up (a grouped level never
 * shows a better price than any order in it). Best first; `limit` levels at most.
 */
export function groupLevels(
  levels: Map<string, string> | readonly Level[],
  side: 'bids' | 'asks',
  step: string,
  limit = Infinity,
): GroupedLevel[] {
  const stepDec = dec(step);
  const entries =
    levels instanceof Map ? [...levels.entries()] : levels.map(([p, a]) => [p, a] as const);
  const parsed: { p: Dec; a: Dec }[] = [];
  for (const [p, a] of entries) {
    const pd = dec(p);
    const ad = dec(a);
    if (pd && ad && ad.n > 0n) parsed.push({ p: pd, a: ad });
  }
  const buckets = new Map<string, { p: Dec; a: Dec }>();
  for (const { p, a } of parsed) {
    const bucket =
      stepDec && stepDec.n > 0n ? roundToStep(p, stepDec, side === 'bids' ? 'down' : 'up') : p;
    const key = toText(bucket);
    const prev = buckets.get(key);
    buckets.set(key, { p: bucket, a: prev ? add(prev.a, a) : a });
  }
  const sorted = [...buckets.values()].sort((x, y) => {
    const [a, b] = side === 'bids' ? [y.p, x.p] : [x.p, y.p];
    const diff =
      a.n * 10n ** BigInt(Math.max(0, b.scale - a.scale)) -
      b.n * 10n ** BigInt(Math.max(0, a.scale - b.scale));
    return diff < 0n ? -1 : diff > 0n ? 1 : 0;
  });
  const out: GroupedLevel[] = [];
  let running: Dec = { n: 0n, scale: 0 };
  for (const level of sorted.slice(0, limit)) {
    running = add(running, level.a);
    out.push({ price: toText(level.p), amount: toText(level.a), cumulative: toText(running) });
  }
  return out;
}

/** Price steps offered for grouping: the tick size and 10x, 100x, 1000x of it. */
export function groupingSteps(tickSize: string): string[] {
  const tick = dec(tickSize);
  if (!tick || tick.n <= 0n) return [tickSize];
  return [0, 1, 2, 3].map((k) => toText({ n: tick.n * 10n ** BigInt(k), scale: tick.scale }));
}

export function bestPrice(book: BookState | null, side: 'bids' | 'asks'): string | null {
  return groupLevels(book?.[side] ?? new Map(), side, '0', 1)[0]?.price ?? null;
}

/** Prices whose shown amount differs from the previous rendering (new levels included). */
export function changedPrices(
  prev: ReadonlyMap<string, string>,
  next: readonly GroupedLevel[],
): Set<string> {
  const changed = new Set<string>();
  if (prev.size === 0) return changed;
  for (const level of next) if (prev.get(level.price) !== level.amount) changed.add(level.price);
  return changed;
}

/** An order of the user's, as far as the book cares. */
export interface OwnOrder {
  side: 'BUY' | 'SELL';
  type: string;
  status: string;
  price: string | null;
}

/** Statuses of an order that rests in the book (a stop order rests only once triggered). */
const RESTING = new Set<string>(RESTING_ORDER_STATUSES);

/**
 * The grouped prices (as `groupLevels` keys them on `step`) at which the user has an order
 * resting on `side`: the book marks those levels.
 */
export function ownLevelPrices(
  orders: readonly OwnOrder[],
  side: 'bids' | 'asks',
  step: string,
): Set<string> {
  const stepDec = dec(step);
  const out = new Set<string>();
  for (const o of orders) {
    if ((side === 'bids') !== (o.side === 'BUY') || !RESTING.has(o.status) || o.type === 'MARKET')
      continue;
    if ((o.type === 'TRIGGER' || o.type === 'TRAILING') && o.status !== 'TRIGGERED') continue;
    const p = dec(o.price);
    if (!p) continue;
    out.add(
      toText(
        stepDec && stepDec.n > 0n ? roundToStep(p, stepDec, side === 'bids' ? 'down' : 'up') : p,
      ),
    );
  }
  return out;
}

/** The gap between the best ask and the best bid, its share of the mid price (%), and the mid. */
export function spreadOf(
  book: BookState | null,
): { spread: string; percent: string; mid: string } | null {
  const bid = dec(bestPrice(book, 'bids'));
  const ask = dec(bestPrice(book, 'asks'));
  if (!bid || !ask) return null;
  const gap = sub(ask, bid);
  const sum = add(ask, bid);
  const mid = div(sum, { n: 2n, scale: 0 }, Math.max(sum.scale, 0) + 1);
  if (!mid || mid.n <= 0n) return null;
  const percent = div(mul(gap, { n: 100n, scale: 0 }), mid, 4);
  return { spread: toText(gap), percent: percent ? toText(percent) : '0', mid: toText(mid) };
}
