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
    await this.ensure(mode, symbol);
    const m = this.redis.commands.multi();
    if (new Decimal(amount).isZero()) m.hdel(key(mode, symbol, side), price);
    else m.hset(key(mode, symbol, side), price, amount);
    m.incr(key(mode, symbol, 'seq'));
    const res = await m.exec();
    const seq = Number(res?.[1]?.[1] ?? 0);
    return { symbol, seq, side, price, amount };
  }

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
    if ((await this.redis.commands.exists(seqKey)) === 1) return;
    const rows = await this.db.spotOrder.findMany({
      where: { mode, symbol, status: { in: ['NEW', 'PARTIALLY_FILLED', 'TRIGGERED'] }, price: { not: null } },
      select: { side: true, price: true, quantity: true, filledQuantity: true, icebergSize: true, type: true },
    });
    const books: Record<'BUY' | 'SELL', Map<string, Decimal>> = { BUY: new Map(), SELL: new Map() };
    for (const r of rows) {
      if (!r.price || !r.quantity || (r.type !== 'LIMIT' && r.type !== 'ICEBERG' && r.type !== 'TRIGGER' && r.type !== 'TRAILING')) continue;
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
