import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import {
  OPEN_ORDER_STATUSES,
  toUnits,
  type EngineBehind,
  type EngineOrderSpec,
  type EngineRebuildInput,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { streamKeys } from './engine-client.js';

/**
 * Gives an engine that started behind the exchange (its data folder lost, or older than the
 * database: it says so in its `behind` key and waits) its books again: the database's open
 * orders of the shard, in time priority, as of settlement's committed seq, sent as one
 * `rebuild` control request; the engine goes on numbering its events from that seq. Only
 * once settlement has committed everything the engine published: the database then shows
 * exactly the state the lost journal had reached. Orders still PENDING are not in it: their
 * commands are in the command stream (or sent again by settlement), after the last one the
 * engine applied, and the rebuilt engine takes them in turn.
 *
 * Settlement calls this when it finds nothing new to settle; `npm run engine:rebuild` does the
 * same by hand (when no gateway worker runs).
 */
export type RebuildOutcome =
  | { state: 'NOT_BEHIND' }
  /** A refused rebuild is not sent again by itself: the operator reads why (the engine's log). */
  | { state: 'REFUSED'; error: string }
  /** Settlement has not yet committed everything the engine published. */
  | { state: 'SETTLING'; settledSeq: number; streamSeq: number }
  | { state: 'REBUILT'; seq: number; orders: number; skipped: string[] };

export async function rebuildEngine(o: {
  db: Db;
  redis: RedisConnections;
  shard: string;
  /** Send again even when the engine refused the last rebuild (the operator's command). */
  retryRefused?: boolean;
  timeoutMs?: number;
}): Promise<RebuildOutcome> {
  const r = o.redis.commands;
  const keys = streamKeys(o.shard);
  const raw = await r.get(keys.behind);
  if (raw === null) return { state: 'NOT_BEHIND' };
  const behind = JSON.parse(raw) as EngineBehind;
  if (behind.error !== undefined && !o.retryRefused)
    return { state: 'REFUSED', error: behind.error };
  const [top] = await r.xrevrange(keys.output, '+', '-', 'COUNT', 1);
  const streamSeq = top === undefined ? 0 : Number(top[0].split('-')[1]);
  const book = await readBooks(o.db, o.shard);
  if (book.settledSeq < streamSeq)
    return { state: 'SETTLING', settledSeq: book.settledSeq, streamSeq };
  const token = randomUUID();
  const request: EngineRebuildInput = {
    token,
    seq: book.settledSeq,
    orders: book.orders,
    lastPrices: book.lastPrices,
  };
  await r.xadd(keys.control, '*', 'rebuild', JSON.stringify(request));
  const deadline = Date.now() + (o.timeoutMs ?? 10_000);
  for (;;) {
    const now = await r.get(keys.behind);
    if (now === null)
      return {
        state: 'REBUILT',
        seq: book.settledSeq,
        orders: book.orders.length,
        skipped: book.skipped,
      };
    const answer = JSON.parse(now) as EngineBehind;
    if (answer.token === token && answer.error !== undefined)
      return { state: 'REFUSED', error: answer.error };
    if (Date.now() > deadline)
      throw new Error(`the engine of shard ${o.shard} did not answer the rebuild: is it running?`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

interface Books {
  settledSeq: number;
  orders: EngineRebuildInput['orders'];
  lastPrices: Record<string, number>;
  /** Orders that cannot be expressed in the symbol's ticks and lots (left to reconcile). */
  skipped: string[];
}

/**
 * Settlement's cursor, the shard's open orders (oldest first: their time priority) and each
 * book's last trade price, in one database snapshot.
 */
async function readBooks(db: Db, shard: string): Promise<Books> {
  const symbols = await db.tradingSymbol.findMany({
    where: { engineShard: shard },
    select: { code: true, tickSize: true, stepSize: true },
  });
  const codes = symbols.map((s) => s.code);
  const [cursor, open, trades] = await db.$transaction(
    [
      db.engineCursor.findUnique({ where: { shard } }),
      db.spotOrder.findMany({
        where: {
          status: { in: OPEN_ORDER_STATUSES.filter((s) => s !== 'PENDING') },
          symbol: { in: codes },
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      db.$queryRaw<{ mode: number; symbol: string; price: string }[]>`
        SELECT DISTINCT ON (mode, symbol) mode, symbol, price::text AS price FROM spot_trade
        WHERE symbol = ANY(${codes}) ORDER BY mode, symbol, "createdAt" DESC, seq DESC`,
    ],
    { isolationLevel: 'RepeatableRead' },
  );
  const users = new Map(
    (
      await db.user.findMany({
        where: { id: { in: [...new Set(open.map((x) => x.userId))] } },
        select: { id: true, engineId: true },
      })
    ).map((u) => [u.id, u.engineId]),
  );
  const units = new Map(
    symbols.map((s) => [s.code, { tick: s.tickSize.toFixed(), step: s.stepSize.toFixed() }]),
  );
  const lastPrices: Record<string, number> = {};
  for (const t of trades) {
    const tick = units.get(t.symbol)?.tick;
    const price = tick === undefined ? null : toUnits(new Decimal(t.price).toFixed(), tick);
    if (price !== null) lastPrices[`${t.mode}:${t.symbol}`] = price;
  }
  const orders: Books['orders'] = [];
  const skipped: string[] = [];
  for (const x of open) {
    const u = units.get(x.symbol);
    const userId = users.get(x.userId);
    try {
      if (u === undefined || userId === undefined) throw new Error('unknown symbol or user');
      const count = (v: Decimal | null, unit: string): number | undefined => {
        if (v === null) return undefined;
        const n = toUnits(v.toFixed(), unit);
        if (n === null) throw new Error(`${v.toFixed()} is not a multiple of ${unit}`);
        return n;
      };
      const quote = (v: Decimal | null): number | undefined =>
        v === null ? undefined : v.dividedToIntegerBy(new Decimal(u.tick).times(u.step)).toNumber();
      const pending = (x.type === 'TRIGGER' || x.type === 'TRAILING') && x.triggeredAt === null;
      // As placing sent it (order-rules.ts checkOrder; reconcile.ts resendPending).
      const spec: EngineOrderSpec = {
        orderId: Number(x.id),
        ...(x.clientOrderId ? { clientOrderId: x.clientOrderId } : {}),
        side: x.side as EngineOrderSpec['side'],
        type: x.type as EngineOrderSpec['type'],
        timeInForce:
          x.type === 'LIMIT' ? ((x.timeInForce ?? 'GTC') as EngineOrderSpec['timeInForce']) : 'GTC',
        price: count(x.price, u.tick),
        quantity: count(x.quantity, u.step),
        quoteAmount: quote(x.quoteAmount),
        icebergVisible: count(x.icebergSize, u.step),
        triggerPrice: count(x.triggerPrice, u.tick),
        ...(x.triggerDirection
          ? { triggerDirection: x.triggerDirection as EngineOrderSpec['triggerDirection'] }
          : {}),
        trailingDelta: count(x.trailingDelta, u.tick),
        activationPrice: count(x.activationPrice, u.tick),
        selfTradePrevention: x.clientOrderId?.startsWith('rapid-') ? 'SKIP_OWN' : 'CANCEL_NEWEST',
      };
      const filled = count(x.filledQuantity, u.step) ?? 0;
      orders.push({
        runtimeMode: x.mode as 0 | 1 | 2,
        symbol: x.symbol,
        userId,
        spec: JSON.parse(JSON.stringify(spec)) as EngineOrderSpec,
        filled,
        remaining: Math.max(0, (spec.quantity ?? 0) - filled),
        pending,
        active: pending && x.status === 'TRAILING',
      });
    } catch (err) {
      skipped.push(`order ${x.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { settledSeq: cursor?.lastSeq ?? 0, orders, lastPrices, skipped };
}
