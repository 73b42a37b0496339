import { Decimal } from 'decimal.js';
import { RESTING_ORDER_STATUSES, type Depth, type DepthIncrement } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { RedisConnections } from '../../../lib/redis.js';

/**
 * A book's keys share its hash tag (mode and symbol): the snapshot script and the MULTIs below
 * touch several of them, which a Redis Cluster allows within one slot only.
 */
/** One level's new amount ('0' removes it). */
export interface LevelChange {
  mode: number;
  symbol: string;
  side: 'BUY' | 'SELL';
  price: string;
  amount: string;
}

/** Price levels with their amounts, leaving out a price whose amount is missing. */
const levels = (prices: string[], amounts: (string | null)[]) =>
  prices.flatMap((p, i) => {
    const a = amounts[i];
    return a ? [[p, a] as [string, string]] : [];
  });

const key = (mode: number, symbol: string, part: 'BUY' | 'SELL' | 'seq' | 'BUY:px' | 'SELL:px') =>
  `l2:{${mode}:${symbol}}:${part}`;

/**
 * The best `limit` levels of both sides and the sequence, read atomically: the price sets give
 * the order (bids highest first, asks lowest first) and the hashes the amounts, so a snapshot
 * costs O(log n + limit) however deep the book is.
 * KEYS: BUY:px, SELL:px, BUY, SELL, seq. ARGV: limit.
 */
const SNAPSHOT = `
local n = tonumber(ARGV[1]) - 1
local bids = redis.call('ZREVRANGE', KEYS[1], 0, n)
local asks = redis.call('ZRANGE', KEYS[2], 0, n)
local bidAmounts = {}
local askAmounts = {}
if #bids > 0 then bidAmounts = redis.call('HMGET', KEYS[3], unpack(bids)) end
if #asks > 0 then askAmounts = redis.call('HMGET', KEYS[4], unpack(asks)) end
return {bids, bidAmounts, asks, askAmounts, redis.call('GET', KEYS[5])}`;

/**
 * Level changes of one book in order: for each, set the level (its amount in the side's hash,
 * its price in the side's sorted set, scored by its value) or remove it (an empty amount), and
 * take the book's next sequence number. KEYS: BUY, SELL, BUY:px, SELL:px, seq. ARGV: side,
 * price, amount for each change. Returns the sequence numbers in order, and the book's best
 * bid and ask after them (as SNAPSHOT with a limit of 1).
 */
const APPLY = `
local out = {}
for i = 1, #ARGV, 3 do
  local side, price, amount = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local h, z = KEYS[2], KEYS[4]
  if side == 'BUY' then h, z = KEYS[1], KEYS[3] end
  if amount == '' then
    redis.call('HDEL', h, price)
    redis.call('ZREM', z, price)
  else
    redis.call('HSET', h, price, amount)
    redis.call('ZADD', z, price, price)
  end
  out[#out + 1] = redis.call('INCR', KEYS[5])
end
local bid = redis.call('ZREVRANGE', KEYS[3], 0, 0)
local ask = redis.call('ZRANGE', KEYS[4], 0, 0)
local bidAmount = {}
local askAmount = {}
if #bid > 0 then bidAmount = redis.call('HMGET', KEYS[1], unpack(bid)) end
if #ask > 0 then askAmount = redis.call('HMGET', KEYS[2], unpack(ask)) end
return {out, bid, bidAmount, ask, askAmount}`;

/**
 * The L2 book of each mode and symbol, kept in Redis from the engine's book deltas by the one
 * settlement consumer, with its own gap-free sequence per book, so any gateway can serve a
 * snapshot that matches the increments that follow it. Each side is a hash (price to amount)
 * and a sorted set of its prices (scored by their value), so the top of a deep book is read
 * without loading and sorting every level. (Keys are `l2:`; the earlier `depth:` layout had no
 * price sets, and a gateway meeting it would rebuild under the new names from Postgres anyway.)
 */
export class DepthStore {
  constructor(
    private readonly redis: RedisConnections,
    private readonly db: Db,
  ) {}

  /** Applies one level change atomically with its sequence number; returns the increment. */
  async apply(
    mode: number,
    symbol: string,
    side: 'BUY' | 'SELL',
    price: string,
    amount: string,
  ): Promise<DepthIncrement> {
    const [inc] = await this.applyMany([{ mode, symbol, side, price, amount }]);
    if (!inc) throw new Error('depth change not applied');
    return inc;
  }

  /**
   * Applies level changes in order, each with the next sequence number of its book; returns the
   * increments in the same order. One script call per book (atomic: nothing interleaves with
   * its changes), whatever the number of changes, instead of three commands per change.
   */
  async applyMany(changes: LevelChange[]): Promise<(DepthIncrement & { mode: number })[]> {
    return (await this.applyWithTop(changes)).incs;
  }

  /**
   * applyMany, also answering each changed book's best bid and ask right after its changes
   * (what `snapshot(mode, symbol, 1)` would read then), by `${mode}|${symbol}`, in the same call.
   */
  async applyWithTop(changes: LevelChange[]): Promise<{
    incs: (DepthIncrement & { mode: number })[];
    tops: Map<string, { bid: [string, string] | null; ask: [string, string] | null }>;
  }> {
    const tops = new Map<string, { bid: [string, string] | null; ask: [string, string] | null }>();
    if (changes.length === 0) return { incs: [], tops };
    const books = new Map<string, { mode: number; symbol: string; at: number[]; argv: string[] }>();
    changes.forEach((c, i) => {
      const k = `${c.mode}|${c.symbol}`;
      let b = books.get(k);
      if (!b) {
        b = { mode: c.mode, symbol: c.symbol, at: [], argv: [] };
        books.set(k, b);
      }
      b.at.push(i);
      // An empty amount removes the level.
      b.argv.push(c.side, c.price, new Decimal(c.amount).isZero() ? '' : c.amount);
    });
    for (const b of books.values()) await this.ensure(b.mode, b.symbol);
    const seqs: number[] = [];
    await Promise.all(
      [...books.values()].map(async (b) => {
        const k = (part: Parameters<typeof key>[2]) => key(b.mode, b.symbol, part);
        const [res, bid, bidAmount, ask, askAmount] = (await this.redis.commands.eval(
          APPLY,
          5,
          k('BUY'),
          k('SELL'),
          k('BUY:px'),
          k('SELL:px'),
          k('seq'),
          ...b.argv,
        )) as [number[], string[], (string | null)[], string[], (string | null)[]];
        b.at.forEach((i, j) => (seqs[i] = Number(res[j] ?? 0)));
        tops.set(`${b.mode}|${b.symbol}`, {
          bid: levels(bid, bidAmount)[0] ?? null,
          ask: levels(ask, askAmount)[0] ?? null,
        });
      }),
    );
    const incs = changes.map((c, i) => ({
      mode: c.mode,
      symbol: c.symbol,
      seq: seqs[i] ?? 0,
      side: c.side,
      price: c.price,
      amount: c.amount,
    }));
    return { incs, tops };
  }

  /** When this process last saw each book's sequence key in Redis: checked again after 5 s. */
  private readonly seen = new Map<string, number>();

  async snapshot(mode: number, symbol: string, limit = 50): Promise<Depth> {
    await this.ensure(mode, symbol);
    const k = (part: Parameters<typeof key>[2]) => key(mode, symbol, part);
    const [bids, bidAmounts, asks, askAmounts, seq] = (await this.redis.commands.eval(
      SNAPSHOT,
      5,
      k('BUY:px'),
      k('SELL:px'),
      k('BUY'),
      k('SELL'),
      k('seq'),
      Math.max(1, limit),
    )) as [string[], (string | null)[], string[], (string | null)[], string | null];
    return {
      symbol,
      seq: Number(seq ?? 0),
      bids: levels(bids, bidAmounts),
      asks: levels(asks, askAmounts),
    };
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
      where: {
        mode,
        symbol,
        status: { in: [...RESTING_ORDER_STATUSES] },
        price: { not: null },
      },
      select: {
        side: true,
        price: true,
        quantity: true,
        filledQuantity: true,
        icebergSize: true,
        type: true,
        triggeredAt: true,
      },
    });
    const books: Record<'BUY' | 'SELL', Map<string, Decimal>> = { BUY: new Map(), SELL: new Map() };
    for (const r of rows) {
      if (
        !r.price ||
        !r.quantity ||
        (r.type !== 'LIMIT' &&
          r.type !== 'ICEBERG' &&
          r.type !== 'TRIGGER' &&
          r.type !== 'TRAILING')
      )
        continue;
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
      const px = key(mode, symbol, side === 'BUY' ? 'BUY:px' : 'SELL:px');
      m.del(key(mode, symbol, side), px);
      for (const [p, a] of books[side])
        if (a.gt(0)) m.hset(key(mode, symbol, side), p, a.toFixed()).zadd(px, Number(p), p);
    }
    // A rebuilt book's sequence starts above any it had before (microseconds since the epoch),
    // so a client still following the lost one sees a gap and fetches a new snapshot.
    m.set(seqKey, String(Date.now() * 1000), 'NX');
    await m.exec();
  }
}
