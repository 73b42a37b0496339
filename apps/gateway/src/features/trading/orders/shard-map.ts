import { OPEN_ORDER_STATUSES } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { TtlCache } from '../../../lib/ttl-cache.js';

/**
 * The engine shard map: which matching engine process holds each symbol's books. It is kept in
 * one place, the catalogue (`trading_symbol.engineShard`), and every process reads it from
 * there: gateways route commands by it (cached, emptied on every catalogue change), the worker
 * runs one settlement consumer per shard in it, and `npm start` starts one engine per shard.
 */
export class ShardMap {
  private readonly bySymbol = new TtlCache<string, string | null>(60_000);

  constructor(private readonly db: Db) {}

  /** The shard of a symbol (listed or not: a halted symbol's orders are still cancelled). */
  async shardOf(symbol: string): Promise<string> {
    const shard = await this.bySymbol.get(symbol, async () => {
      const row = await this.db.tradingSymbol.findUnique({
        where: { code: symbol },
        select: { engineShard: true },
      });
      return row?.engineShard ?? null;
    });
    // Unknown to the catalogue: the default shard, which refuses what it does not list.
    return shard ?? DEFAULT_SHARD;
  }

  clear(): void {
    this.bySymbol.clear();
  }
}

export const DEFAULT_SHARD = '0';

/** Every shard named in the map, in order (at least the default shard). */
export async function engineShards(db: Db): Promise<string[]> {
  const rows = await db.tradingSymbol.findMany({
    distinct: ['engineShard'],
    select: { engineShard: true },
  });
  const shards = rows.map((r) => r.engineShard);
  if (shards.length === 0) shards.push(DEFAULT_SHARD);
  return shards.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * Spreads the catalogue's symbols over `count` shards (`"0"` .. `"count-1"`), in catalogue
 * order, round robin. A symbol with an open order stays where it is: its resting orders live in
 * that shard's engine, and moving it would strand them. Returns what moved and what stayed.
 */
export async function assignShards(
  db: Db,
  count: number,
): Promise<{ moved: { symbol: string; from: string; to: string }[]; kept: string[] }> {
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error('the shard count must be an integer from 1 to 64');
  const symbols = await db.tradingSymbol.findMany({
    orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }],
    select: { code: true, engineShard: true },
  });
  const moved: { symbol: string; from: string; to: string }[] = [];
  const kept: string[] = [];
  for (const [i, s] of symbols.entries()) {
    const to = String(i % count);
    if (s.engineShard === to) continue;
    // PENDING too: its command may still reach the old shard.
    const open = await db.spotOrder.count({
      where: { symbol: s.code, status: { in: [...OPEN_ORDER_STATUSES] } },
    });
    if (open > 0) {
      kept.push(s.code);
      continue;
    }
    await db.tradingSymbol.update({ where: { code: s.code }, data: { engineShard: to } });
    moved.push({ symbol: s.code, from: s.engineShard, to });
  }
  return { moved, kept };
}
