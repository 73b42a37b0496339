import { Decimal } from 'decimal.js';
import type { Depth, DepthIncrement } from '@exchange/contracts';
import type { Db } from '../../db/client.js';
import type { RedisConnections } from '../../lib/redis.js';

const key = (mode: number, symbol: string, part: 'BUY' | 'SELL' | 'seq') => `depth:${mode}:${symbol}:${part}`;

/**
 * The L2 book of each mode and symbol, kept in Redis from the engine's book deltas by the one
 * settlement consumer, with its own gap-free sequence per book, so any gateway can serve a
 * snapshot that matches the increments that follow it.
 */
export class DepthStore {
  constructor(private readonly redis: RedisConnections, private readonly db: Db) {}

  /** Applies one level change atomically with its sequence number; returns the increment. */
  async apply(mode: number, symbol: string, side: 'BUY' | 'SELL', price: string, amount: string): Promise<DepthIncrement> {
    const [inc] = await this.applyMany([{ mode, symbol, side, price, amount }]);
    if (!inc) throw new Error('depth change not applied');
    return inc;
  }

  /**
   * Applies level changes in order in one MULTI (one round trip, nothing interleaves), each
   * with the next sequence number of its book; returns the increments in the same order.
   */
  async applyMany(changes: { mode: number; symbol: string; side: 'BUY' | 'SELL'; price: string; amount: string }[]): Promise<(DepthIncrement & { mode: number })[]> {
    if (changes.length === 0) return [];
    const books = new Map<string, { mode: number; symbol: string }>();
    for (const c of changes) books.set(`${c.mode}|${c.symbol}`, c);
    for (const b of books.values()) await this.ensure(b.mode, b.symbol);
    const m = this.redis.commands.multi();
    for (const c of changes) {
      if (new Decimal(c.amount).isZero()) m.hdel(key(c.mode, c.symbol, c.side), c.price);
      else m.hset(key(c.mode, c.symbol, c.side), c.price, c.amount);
      m.incr(key(c.mode, c.symbol, 'seq'));
    }
    const res = await m.exec();
    return changes.map((c, i) => ({ mode: c.mode, symbol: c.symbol, seq: Number(res?.[i * 2 + 1]?.[1] ?? 0), side: c.side, price: c.price, amount: c.amount }));
  }

  /** When this process last saw each book's sequence key in Redis: checked again after 5 s. */
  private readonly seen = new Map<string, number>();

  async snapshot(mode: number, symbol: string, limit = 50): Promise<Depth> {
    await this.ensure(mode, symbol);
    const res = await this.redis.commands.multi().hgetall(key(mode, symbol, 'BUY')).hgetall(key(mode, symbol, 'SELL')).get(key(mode, symbol, 'seq')).exec();
    const levels = (raw: unknown, desc: boolean) =>
      Object.entries((raw ?? {}) as Record<string, string>)
        .map(([p, a]) => [new Decimal(p), a] as const)
        .sort((x, y) => (desc ? y[0].comparedTo(x[0]) : x[0].comparedTo(y[0])))
        .slice(0, limit)
        .map(([p, a]) => [p.toFixed(), new Decimal(a).toFixed()] as [string, string]);
    return { symbol, seq: Number(res?.[2]?.[1] ?? 0), bids: levels(res?.[0]?.[1], true), asks: levels(res?.[1]?.[1], false) };
  }

  /**
   * Redis keeps nothing on disk: when a book's sequence key is missing, the book is rebuilt
   * from the open limit orders in Postgres (icebergs show their visible part).
   */
  private async ensure(mode: number, symbol: string): Promise<void> {
    const seqKey = key(mode, symbol, 'seq');
    if (Date.now() - (this.seen.get(seqKey) ?? 0) < 5000) return;
    if ((await this.redis.commands.exists(seqKey)) === 1) {
      this.seen.set(seqKey, Date.now());
      return;
    }
    const rows = await this.db.spotOrder.findMany({
      where: { mode, symbol, status: { in: ['NEW', 'PARTIALLY_FILLED', 'TRIGGERED'] }, price: { not: null } },
      select: { side: true, price: true, quantity: true, filledQuantity: true, icebergSize: true, type: true, triggeredAt: true },
    });
    const books: Record<'BUY' | 'SELL', Map<string, Decimal>> = { BUY: new Map(), SELL: new Map() };
    for (const r of rows) {
      if (!r.price || !r.quantity || (r.type !== 'LIMIT' && r.type !== 'ICEBERG' && r.type !== 'TRIGGER' && r.type !== 'TRAILING')) continue;
      // A stop or trailing order is in the book only once it has fired (with a limit price).
      if ((r.type === 'TRIGGER' || r.type === 'TRAILING') && r.triggeredAt === null) continue;
      const remaining = new Decimal(r.quantity.toFixed()).minus(r.filledQuantity.toFixed());
      const visible = r.icebergSize ? Decimal.min(remaining, r.icebergSize.toFixed()) : remaining;
      const side = r.side === 'BUY' ? 'BUY' : 'SELL';
      const price = new Decimal(r.price.toFixed()).toFixed();
      books[side].set(price, (books[side].get(price) ?? new Decimal(0)).plus(visible));
    }
    const m = this.redis.commands.multi();
    for (const side of ['BUY', 'SELL'] as const) {
      m.del(key(mode, symbol, side));
      for (const [p, a] of books[side]) if (a.gt(0)) m.hset(key(mode, symbol, side), p, a.toFixed());
    }
    m.set(seqKey, '0', 'NX');
    await m.exec();
  }
}
