import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { FlowType, OPEN_ORDER_STATUSES, type EngineHeldOrder } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { post } from '../../wallet/ledger/ledger-service.js';
import { sendCommand, streamKeys } from './engine-client.js';

/**
 * The operator's reconciliation of the database and the engine, for what the exchange cannot
 * heal by itself (a lost journal, a restored backup of one side): it lists the orders one side
 * holds open and the other does not, and with `apply` makes the database and the engine agree.
 * An order open in the database only is cancelled there and its frozen funds released (one
 * transaction with its ledger entries); one resting in the engine only is cancelled in the
 * engine. Orders still PENDING are left to settlement, which sends their commands again.
 */
export interface Finding {
  side: 'DATABASE_ONLY' | 'ENGINE_ONLY';
  orderId: string;
  book: string;
  detail: string;
}

/** Asks the engine for every order it holds (a control request answered between batches). */
export async function engineHeldOrders(
  redis: RedisConnections,
  shard: string,
  timeoutMs = 10_000,
): Promise<{ seq: number; orders: EngineHeldOrder[] }> {
  const keys = streamKeys(shard);
  const token = randomUUID();
  await redis.commands.xadd(keys.control, '*', 'listOrders', token);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [entry] = await redis.commands.xrevrange(keys.listing, '+', '-', 'COUNT', 1);
    const fields = entry?.[1] ?? [];
    const field = (name: string) => fields[fields.indexOf(name) + 1];
    if (field('token') === token) {
      // An engine waiting for its books holds nothing of the exchange's: comparing with it would
      // find every open order missing (engine-rebuild.ts gives it its books).
      if (fields.includes('behind'))
        throw new Error(
          `the engine of shard ${shard} is behind the exchange and waits for its books to be rebuilt ` +
            `from the database (npm run engine:rebuild -- --shard ${shard}); nothing to compare yet`,
        );
      return {
        seq: Number(field('seq')),
        orders: JSON.parse(field('orders') ?? '[]') as EngineHeldOrder[],
      };
    }
    if (Date.now() > deadline) throw new Error(`the engine of shard ${shard} did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Pass {
  engineSeq: number;
  settledSeq: number;
  held: EngineHeldOrder[];
  findings: Finding[];
}

/**
 * One comparison: the engine's orders at its seq S, then, in one database snapshot, settlement's
 * committed seq C and the open orders. When C = S the database shows exactly the engine's state at
 * S, so every finding is a real disagreement; otherwise some may be settlement's lag.
 */
async function comparePass(db: Db, redis: RedisConnections, shard: string): Promise<Pass> {
  const listing = await engineHeldOrders(redis, shard);
  const inEngine = new Set(listing.orders.map((h) => String(h.orderId)));
  // The shard's symbols only: the other shards' engines hold the rest.
  const symbols = (
    await db.tradingSymbol.findMany({ where: { engineShard: shard }, select: { code: true } })
  ).map((s) => s.code);
  const [cursor, open] = await db.$transaction(
    [
      db.engineCursor.findUnique({ where: { shard } }),
      db.spotOrder.findMany({
        where: {
          status: { in: OPEN_ORDER_STATUSES.filter((s) => s !== 'PENDING') },
          symbol: { in: symbols },
        },
        select: { id: true, mode: true, symbol: true, status: true },
        orderBy: { id: 'asc' },
      }),
    ],
    { isolationLevel: 'RepeatableRead' },
  );
  const openIds = new Set(open.map((r) => r.id.toString()));
  const findings: Finding[] = [];
  for (const r of open) {
    if (inEngine.has(r.id.toString())) continue;
    findings.push({
      side: 'DATABASE_ONLY',
      orderId: r.id.toString(),
      book: `${r.mode}:${r.symbol}`,
      detail: `${r.status} in the database, unknown to the engine: cancel it and release its funds`,
    });
  }
  for (const h of listing.orders) {
    if (openIds.has(String(h.orderId))) continue;
    findings.push({
      side: 'ENGINE_ONLY',
      orderId: String(h.orderId),
      book: h.book,
      detail: `resting in the engine (${h.remaining} lots), not open in the database: cancel it in the engine`,
    });
  }
  return {
    engineSeq: listing.seq,
    settledSeq: cursor?.lastSeq ?? 0,
    held: listing.orders,
    findings,
  };
}

const key = (f: Finding) => `${f.side}:${f.orderId}`;

/**
 * Compares until one pass is quiet (settlement has committed exactly what the engine had when it
 * listed its orders), at most `passes` times a `pauseMs` apart. Without a quiet pass the findings
 * are those every pass saw, and `quiet` is false: under trading, an order accepted or closed
 * between the listing and the read is not a disagreement, and a stuck settlement leaves the
 * database behind the engine. `apply` changes anything only after a quiet pass, unless `force`.
 */
export async function reconcileWithEngine(o: {
  db: Db;
  redis: RedisConnections;
  clock: Clock;
  shard: string;
  apply: boolean;
  force?: boolean;
  passes?: number;
  pauseMs?: number;
}): Promise<{
  findings: Finding[];
  applied: number;
  quiet: boolean;
  engineSeq: number;
  settledSeq: number;
}> {
  const passes = Math.max(1, o.passes ?? 10);
  let seen = null as Map<string, Finding> | null;
  let pass: Pass | null = null;
  for (let i = 0; i < passes; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, o.pauseMs ?? 500));
    pass = await comparePass(o.db, o.redis, o.shard);
    if (pass.engineSeq === pass.settledSeq) {
      seen = new Map(pass.findings.map((f) => [key(f), f]));
      break;
    }
    const now = new Map(pass.findings.map((f) => [key(f), f]));
    const before: Map<string, Finding> | null = seen;
    seen = before === null ? now : new Map([...before.entries()].filter(([k]) => now.has(k)));
  }
  if (!pass || !seen) throw new Error('no comparison was made');
  const quiet = pass.engineSeq === pass.settledSeq;
  const findings = [...seen.values()];
  const result = { findings, quiet, engineSeq: pass.engineSeq, settledSeq: pass.settledSeq };
  if (!o.apply || (!quiet && !o.force)) return { ...result, applied: 0 };

  const inEngine = new Map(pass.held.map((h) => [String(h.orderId), h]));
  let applied = 0;
  for (const f of findings) {
    if (f.side === 'DATABASE_ONLY')
      applied += await cancelInDatabase(o.db, o.clock, BigInt(f.orderId));
    else {
      const h = inEngine.get(f.orderId);
      const [mode, symbol] = f.book.split(':');
      if (!h || mode === undefined || symbol === undefined) continue;
      await sendCommand(o.redis, o.shard, {
        kind: 'cancel',
        commandId: `reconcile:${f.orderId}:${randomUUID()}`,
        runtimeMode: Number(mode) as 0 | 1 | 2,
        symbol,
        userId: h.userId,
        ts: o.clock.now(),
        orderId: h.orderId,
      });
      applied += 1;
    }
  }
  return { ...result, applied };
}

/** Cancels an order the engine does not hold, releasing what it froze; 0 if it is no longer open. */
async function cancelInDatabase(db: Db, clock: Clock, id: bigint): Promise<number> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      {
        userId: string;
        mode: number;
        status: string;
        filledQuantity: string;
        frozenAsset: string;
        frozenRemaining: string;
      }[]
    >`SELECT "userId", mode, status, "filledQuantity"::text, "frozenAsset", "frozenRemaining"::text
      FROM spot_order WHERE id = ${id} FOR UPDATE`;
    if (!row || !(OPEN_ORDER_STATUSES as readonly string[]).includes(row.status)) return 0;
    const at = clock.date();
    const rest = new Decimal(row.frozenRemaining);
    if (rest.gt(0))
      await post(tx, {
        mode: row.mode,
        flowType: FlowType.SPOT_ORDER_UNFREEZE,
        refType: 'ORDER',
        refId: id.toString(),
        at,
        legs: [
          { accountId: row.userId, asset: row.frozenAsset, bucket: 'FROZEN', amount: rest.neg() },
          { accountId: row.userId, asset: row.frozenAsset, bucket: 'AVAILABLE', amount: rest },
        ],
      });
    await tx.spotOrder.update({
      where: { id },
      data: {
        status: new Decimal(row.filledQuantity).gt(0) ? 'PARTIALLY_CANCELED' : 'CANCELED',
        frozenRemaining: 0,
        updatedAt: at,
      },
    });
    return 1;
  });
}
