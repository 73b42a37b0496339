import { Decimal } from 'decimal.js';
import {
  FlowType,
  engineEvent,
  fromUnits,
  type EngineEvent,
  type MarketTrade,
  type Order,
  type OrderSide,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import type { PoolClient } from 'pg';
import type { Sql } from '../../db/sql.js';
import type { RedisConnections } from '../../lib/redis.js';
import { SYSTEM } from '../ledger/ledger-service.js';
import { LedgerBatch } from '../ledger/ledger-batch.js';
import { privateTopic, publicTopic, type Fanout, type FanoutMessage } from '../socket/fanout.js';
import type { BookDelta, MarketDataSink } from '../market-data/market-data-sink.js';
import { streamKeys } from './engine-client.js';
import { resendPending } from './reconcile.js';
import type { Clock } from '../../lib/clock.js';
import { toOrder } from './order-view.js';
import type { Verdict, Verdicts } from './verdicts.js';

interface SymbolInfo {
  tickSize: string;
  stepSize: string;
  base: string;
  quote: string;
  baseDecimals: number;
  quoteDecimals: number;
  makerFeeRate: string;
  takerFeeRate: string;
}

/** An order as settlement holds it while applying a batch: the row, with exact amounts. */
interface OrderState {
  id: bigint;
  userId: string;
  mode: number;
  symbol: string;
  clientOrderId: string | null;
  side: string;
  type: string;
  timeInForce: string | null;
  price: Decimal | null;
  quantity: Decimal | null;
  quoteAmount: Decimal | null;
  icebergSize: Decimal | null;
  triggerPrice: Decimal | null;
  triggerDirection: string | null;
  trailingDelta: Decimal | null;
  activationPrice: Decimal | null;
  status: string;
  rejectCode: number | null;
  filledQuantity: Decimal;
  filledQuote: Decimal;
  fee: Decimal;
  feeAsset: string | null;
  makerFills: number;
  takerFills: number;
  frozenAsset: string;
  frozenRemaining: Decimal;
  triggeredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Changed by the batch being applied (reset once its write is prepared). */
  dirty: boolean;
  /** The last batch that changed it: it stays cached at least until that batch has committed. */
  lastBatch: number;
}

interface TradeRow {
  seq: number;
  mode: number;
  symbol: string;
  price: Decimal;
  quantity: Decimal;
  quote: Decimal;
  takerSide: OrderSide;
  makerOrderId: number;
  takerOrderId: number;
  maker: string;
  taker: string;
  makerFee: Decimal;
  takerFee: Decimal;
  makerFeeAsset: string;
  takerFeeAsset: string;
  ts: number;
}

/** What a batch leaves to announce once its transaction has committed. */
interface Outbox {
  verdicts: (Verdict & { commandId: string })[];
  trades: TradeRow[];
  deltas: BookDelta[];
}

const TERMINAL: Record<string, true> = {
  FILLED: true,
  CANCELED: true,
  EXPIRED: true,
  REJECTED: true,
};
/** Statuses after which the engine sends nothing more about an order. */
const FINAL: Record<string, true> = { ...TERMINAL, PARTIALLY_CANCELED: true };
/** Orders settlement keeps in memory before it starts forgetting the oldest. */
const CACHE_MAX = 20_000;
const MAX_INFLIGHT = 2;
/** Settled events kept in the engine's output stream by default; trimmed every half of that. */
const KEEP_EVENTS = 10_000;
const dec = (v: string | null): Decimal | null => (v === null ? null : new Decimal(v));

/** A batch's verdicts; a placing request answers with its order as settled, with no read of its own. */
function verdictsOf(
  out: Outbox,
  views: Map<bigint, { order: Order }>,
): (Verdict & { commandId: string })[] {
  return out.verdicts.map((v) => {
    const view =
      v.commandId.startsWith('place:') && v.orderId ? views.get(BigInt(v.orderId)) : undefined;
    return view ? { ...v, order: view.order } : v;
  });
}

/**
 * The status users see for an order the engine closed: one that spent all it asked for is
 * FILLED (a market buy by total ends when its total is spent), one closed part-way is
 * PARTIALLY_CANCELED.
 */
function finalStatus(status: string, o: OrderState, info: SymbolInfo | undefined): string {
  if (status !== 'CANCELED' && status !== 'EXPIRED') return status;
  if (o.filledQuantity.isZero()) return status;
  const smallestQuote = info ? new Decimal(info.tickSize).times(info.stepSize) : new Decimal(0);
  const complete =
    (o.quantity !== null && o.filledQuantity.gte(o.quantity)) ||
    (o.quoteAmount !== null &&
      o.quoteAmount.minus(o.filledQuote).lt(smallestQuote.gt(0) ? smallestQuote : 1));
  return complete ? 'FILLED' : 'PARTIALLY_CANCELED';
}

/**
 * Applies the engine's events to orders and the ledger, in sequence order, in batched
 * transactions. The shard's cursor moves in the same transaction, so a batch is applied
 * exactly once however often the consumer restarts. Only one instance settles at a time
 * (a lock in Redis); the others stand by.
 *
 * A batch is set-based: the events are applied in memory (in sequence order, with exact
 * decimals) to the orders they touch, and the results (trades, ledger entries, balances by
 * their net change, orders, cursor) are written by one call of the `settle_batch` function.
 *
 * Batches are pipelined: while one batch's write is in flight, the next is read, applied in
 * memory and sent on a second connection, where it waits on the cursor's row lock until the
 * first commits (Postgres orders them; `settle_batch` refuses a batch whose cursor moved).
 * Only settlement changes an order once it is placed, so the orders it has seen are kept in
 * memory as it last wrote them, and an order is read from the table once, at its first event,
 * off the path of the batch before it. Results are announced in batch order, each after its
 * own commit. When a write fails, everything in flight is drained, the memory is dropped and
 * settlement resumes from the committed cursor.
 */
export class Settlement {
  private stopped = false;
  private readonly symbols = new Map<string, SymbolInfo>();
  private readonly users = new Map<number, string>();
  private readonly lockKey: string;
  private readonly owner = Math.random().toString(36).slice(2);
  private loop: Promise<void> | undefined;
  private symbolsLoadedAt = 0;
  private lastResend = Date.now();
  /** The cursor at the last trim of the output stream, and the last seq known committed. */
  private trimmedAt = 0;
  private committedSeq = 0;
  /** Orders as the last applied batch left them (see the class comment). */
  private readonly cache = new Map<bigint, OrderState>();
  private batchNo = 0;
  private committedBatch = 0;
  /** Writes in flight, oldest first; the announcements chain behind them in order. */
  private readonly inflight = new Set<Promise<void>>();
  private announced: Promise<void> = Promise.resolve();
  private failed = false;
  /**
   * The connection batches are written on: node-postgres sends a connection's queries one after
   * the other as they were issued, so batches reach Postgres in order, each sent the moment
   * the one before it has finished, while the next batch is prepared here.
   */
  private writer: Promise<PoolClient> | undefined;

  constructor(
    private readonly o: {
      db: Db;
      sql: Sql;
      redis: RedisConnections;
      clock: Clock;
      shard: string;
      fanout: Fanout;
      verdicts: Verdicts;
      market: MarketDataSink;
      log: FastifyBaseLogger;
      batch?: number;
      /** Settled events kept in the engine's output stream below the committed cursor (10,000). */
      keepEvents?: number;
    },
  ) {
    this.lockKey = `settlement:lock:${o.shard}`;
  }

  start(): void {
    this.loop ??= this.run().catch((err: unknown) =>
      this.o.log.error({ err }, 'settlement stopped'),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
    await this.o.redis.commands.eval(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
      1,
      this.lockKey,
      this.owner,
    );
  }

  private lockCheckedAt = 0;

  private async holdLock(): Promise<boolean> {
    // The lock lives 10 s; renewing it every second is plenty.
    if (Date.now() - this.lockCheckedAt < 1000) return true;
    const r = this.o.redis.commands;
    const got = await r.set(this.lockKey, this.owner, 'PX', 10_000, 'NX');
    if (got === 'OK' || (await r.get(this.lockKey)) === this.owner) {
      if (got !== 'OK') await r.pexpire(this.lockKey, 10_000);
      this.lockCheckedAt = Date.now();
      return true;
    }
    this.lockCheckedAt = 0;
    return false;
  }

  private async run(): Promise<void> {
    // A blocking read needs its own connection: the shared one serves every request.
    const reader = this.o.redis.commands.duplicate();
    /** The last sequence number applied in memory (ahead of the committed cursor while writes are in flight). */
    let cursor: number | null = null;
    try {
      while (!this.stopped) {
        if (this.failed || !(await this.holdLock())) {
          // Start again from what is committed: drop the writes in flight and what memory holds.
          await this.drain();
          cursor = null;
          this.failed = false;
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        if (Date.now() - this.lastResend > 10_000) {
          this.lastResend = Date.now();
          await resendPending({
            db: this.o.db,
            redis: this.o.redis,
            clock: this.o.clock,
            shard: this.o.shard,
          }).catch((err: unknown) => this.o.log.warn({ err }, 'resending pending orders failed'));
        }
        // The cursor is read once per lock tenure; each batch's transaction checks it again.
        cursor ??=
          (await this.o.db.engineCursor.findUnique({ where: { shard: this.o.shard } }))?.lastSeq ??
          0;
        const res = await reader.xread(
          'COUNT',
          this.o.batch ?? 500,
          'BLOCK',
          500,
          'STREAMS',
          streamKeys(this.o.shard).output,
          `0-${cursor}`,
        );
        const entries = res?.[0]?.[1] ?? [];
        if (entries.length === 0) continue;
        let events = this.parseEntries(entries).events;
        // Events are numbered gap-free; a hole means the stream lost entries (Redis keeps nothing
        // on disk). Settling past it would skip fills for good: the missing events are asked
        // for again, and settlement waits until the engine has written them to the replay stream.
        const next = events.find((e) => e.seq > (cursor ?? 0));
        if (next !== undefined && next.seq !== cursor + 1) {
          const replayed = await this.fromReplay(reader, cursor, next.seq);
          if (replayed.length === 0) {
            await new Promise((r) => setTimeout(r, 200));
            continue;
          }
          events = replayed;
        }
        try {
          cursor = await this.stage(events, cursor);
        } catch (err) {
          // Nothing of a failed batch is applied (one transaction); start again shortly.
          this.failed = true;
          this.o.log.error({ err, from: events[0]?.seq }, 'settlement batch failed; retrying');
          continue;
        }
        // At most two writes in flight: one committing, one waiting on the cursor's lock.
        while (this.inflight.size >= MAX_INFLIGHT) await Promise.race(this.inflight);
        if (cursor - this.trimmedAt >= Math.ceil((this.o.keepEvents ?? KEEP_EVENTS) / 2))
          await this.trimOutput(reader, cursor);
      }
    } finally {
      await this.drain();
      reader.disconnect();
    }
  }

  /**
   * Drops settled entries from the engine's output stream, keeping the last `keepEvents` below
   * the committed cursor (settlement is its only reader; without this it would grow by every
   * event ever). The top entry always stays: the engine reads it to publish exactly once.
   */
  private async trimOutput(reader: Redis, staged: number): Promise<void> {
    this.trimmedAt = staged;
    const below = this.committedSeq - (this.o.keepEvents ?? KEEP_EVENTS);
    if (below <= 0) return;
    await reader
      .xtrim(streamKeys(this.o.shard).output, 'MINID', `0-${below}`)
      .catch((err: unknown) => this.o.log.warn({ err }, 'trimming the event stream failed'));
  }

  private gapReportedAt = 0;
  private replayAskedAt = 0;

  /** The events of stream entries; unreadable ones are logged and left out. */
  private parseEntries(entries: [string, string[]][]): {
    events: EngineEvent[];
    unavailable: { from: number; firstAvailable: number } | null;
  } {
    const events: EngineEvent[] = [];
    let unavailable: { from: number; firstAvailable: number } | null = null;
    for (const [, fields] of entries) {
      if (fields[0] === 'unavailable') {
        unavailable = JSON.parse(fields[1] ?? '{}') as { from: number; firstAvailable: number };
        continue;
      }
      const raw = fields[fields.indexOf('e') + 1] ?? '[]';
      for (const e of JSON.parse(raw) as unknown[]) {
        const parsed = engineEvent.safeParse(e);
        if (parsed.success) events.push(parsed.data);
        else this.o.log.error({ e }, 'unreadable engine event');
      }
    }
    return { events, unavailable };
  }

  /**
   * The events right after `cursor` from the engine's replay stream, if it holds them;
   * otherwise asks the engine for them (at most every 5 seconds) and returns none.
   */
  private async fromReplay(
    reader: Redis,
    cursor: number,
    nextInStream: number,
  ): Promise<EngineEvent[]> {
    const keys = streamKeys(this.o.shard);
    const { events, unavailable } = this.parseEntries(
      await reader.xrange(keys.replay, `0-${cursor + 1}`, '+', 'COUNT', this.o.batch ?? 500),
    );
    const after = events.filter((e) => e.seq > cursor);
    if (after[0]?.seq === cursor + 1) {
      this.o.log.warn(
        { shard: this.o.shard, from: cursor + 1, to: after[after.length - 1]?.seq },
        'settling events the engine wrote again',
      );
      return after;
    }
    const gone = unavailable !== null && unavailable.firstAvailable > cursor + 1;
    if (Date.now() - this.gapReportedAt > 30_000) {
      this.gapReportedAt = Date.now();
      this.o.log.error(
        {
          shard: this.o.shard,
          settledTo: cursor,
          nextInStream,
          missing: nextInStream - cursor - 1,
          ...(gone ? { firstAvailable: unavailable.firstAvailable } : {}),
        },
        gone
          ? "engine events are missing and older than the engine's snapshot: settlement cannot go on without an operator"
          : 'engine events are missing from the stream: settlement waits for the engine to write them again',
      );
    }
    if (!gone && Date.now() - this.replayAskedAt > 5_000) {
      this.replayAskedAt = Date.now();
      await reader.xadd(keys.control, '*', 'replayFrom', String(cursor));
    }
    return [];
  }

  /** Waits for every write in flight, then forgets what memory holds. */
  private async drain(): Promise<void> {
    await Promise.allSettled([...this.inflight]);
    await this.announced.catch(() => undefined);
    this.announced = Promise.resolve();
    const writer = await this.writer?.catch(() => undefined);
    this.writer = undefined;
    // After a failure the connection may be broken: it is closed rather than reused.
    writer?.release(true);
    this.cache.clear();
    this.committedBatch = this.batchNo;
  }

  /** Settles events and waits until they are committed and announced (tests and scripts). */
  async settle(events: EngineEvent[], from: number): Promise<number> {
    const last = await this.stage(events, from);
    await Promise.all([...this.inflight]);
    await this.announced;
    return last;
  }

  /**
   * Applies events (in seq order, after `from`) in memory and sends their write; returns the
   * sequence number after them without waiting for the commit. The write checks that the
   * cursor is still at `from` and moves it in the same transaction; its results are announced
   * after it commits, behind the batches before it.
   */
  private async stage(events: EngineEvent[], from: number): Promise<number> {
    const todo = events.filter((e) => e.seq > from);
    const last = todo[todo.length - 1]?.seq;
    if (last === undefined) return from;
    await this.prepare(todo);
    const touched = await this.loadOrders(todo);
    const batchNo = ++this.batchNo;
    const out: Outbox = { verdicts: [], trades: [], deltas: [] };
    const ledger = new LedgerBatch();
    try {
      for (const e of todo) this.apply(e, this.cache, ledger, out);
    } catch (err) {
      // Memory may hold part of this batch: it is dropped before settlement resumes.
      this.failed = true;
      throw err;
    }
    const changed: OrderState[] = [];
    for (const id of touched) {
      const o = this.cache.get(id);
      if (o?.dirty) changed.push(o);
    }
    const views = new Map<bigint, { order: Order; userId: string; mode: number }>();
    for (const o of changed) {
      o.dirty = false;
      o.lastBatch = batchNo;
      views.set(o.id, { order: toOrder(o), userId: o.userId, mode: o.mode });
    }
    const ts = (d: Date | number) => new Date(d).toISOString().slice(0, 23);
    this.writer ??= this.o.sql.connect();
    const client = await this.writer;
    const write = client.query<{ trade_seq: number; trade_id: string }>({
      name: 'settle-batch',
      text: 'SELECT trade_seq, trade_id FROM settle_batch($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb)',
      values: [
        this.o.shard,
        from,
        last,
        JSON.stringify(
          out.trades.map((t) => ({
            seq: t.seq,
            mode: t.mode,
            symbol: t.symbol,
            price: t.price.toFixed(),
            quantity: t.quantity.toFixed(),
            quoteAmount: t.quote.toFixed(),
            takerSide: t.takerSide,
            makerOrderId: t.makerOrderId,
            takerOrderId: t.takerOrderId,
            makerUserId: t.maker,
            takerUserId: t.taker,
            makerFee: t.makerFee.toFixed(),
            takerFee: t.takerFee.toFixed(),
            createdAt: ts(t.ts),
          })),
        ),
        JSON.stringify(ledger.entryRows()),
        JSON.stringify(ledger.balanceRows()),
        JSON.stringify(
          changed.map((o) => ({
            id: o.id.toString(),
            status: o.status,
            rejectCode: o.rejectCode,
            filledQuantity: o.filledQuantity.toFixed(),
            filledQuote: o.filledQuote.toFixed(),
            fee: o.fee.toFixed(),
            feeAsset: o.feeAsset,
            makerFills: o.makerFills,
            takerFills: o.takerFills,
            frozenRemaining: o.frozenRemaining.toFixed(),
            triggeredAt: o.triggeredAt ? ts(o.triggeredAt) : null,
            updatedAt: ts(o.updatedAt),
          })),
        ),
      ],
    });
    // Announced in batch order, each after its own commit; a failed write stops the chain.
    // Commits come back in batch order (one connection). The placing requests are answered as
    // soon as their batch has committed; the pushes follow, in batch order.
    const committed = write.then((res) => {
      this.committedBatch = batchNo;
      this.committedSeq = last;
      this.evict(changed, batchNo);
      this.o.verdicts
        .announce(verdictsOf(out, views))
        .catch((err: unknown) => this.o.log.warn({ err }, 'could not announce verdicts'));
      return new Map(res.rows.map((r) => [r.trade_seq, String(r.trade_id)]));
    });
    const done = this.announced.then(async () => this.announce(out, views, await committed));
    this.announced = done;
    // Handled through `done`; these only keep a failure from counting as unhandled meanwhile.
    write.catch(() => undefined);
    committed.catch(() => undefined);
    const tracked = done.catch((err: unknown) => {
      if (!this.failed)
        this.o.log.error({ err, from, to: last }, 'settlement batch failed; retrying');
      this.failed = true;
    });
    this.inflight.add(tracked);
    void tracked.finally(() => this.inflight.delete(tracked));
    return last;
  }

  /**
   * After a batch commits: its orders that are final leave memory, and when memory holds more
   * than it should, the orders no write in flight depends on leave it, oldest first (they are
   * read again from the table if they trade later).
   */
  private evict(changed: OrderState[], batchNo: number): void {
    for (const o of changed)
      if (o.lastBatch === batchNo && FINAL[o.status]) this.cache.delete(o.id);
    if (this.cache.size <= CACHE_MAX) return;
    for (const [id, o] of this.cache) {
      if (this.cache.size <= CACHE_MAX * 0.9) break;
      if (o.lastBatch <= this.committedBatch) this.cache.delete(id);
    }
  }

  private async prepare(events: EngineEvent[]): Promise<void> {
    // Fee schedules may change: symbol details are re-read at most every 30 seconds.
    if (Date.now() - this.symbolsLoadedAt > 30_000) {
      this.symbols.clear();
      this.symbolsLoadedAt = Date.now();
    }
    const symbols = [...new Set(events.map((e) => e.symbol))].filter((s) => !this.symbols.has(s));
    if (symbols.length) {
      const rows = await this.o.db.tradingSymbol.findMany({
        where: { code: { in: symbols } },
        include: { baseAsset: true, counterAsset: true },
      });
      for (const s of rows) {
        this.symbols.set(s.code, {
          tickSize: s.tickSize.toFixed(),
          stepSize: s.stepSize.toFixed(),
          base: s.baseAssetCode,
          quote: s.counterAssetCode,
          baseDecimals: s.baseAsset.decimals,
          quoteDecimals: s.counterAsset.decimals,
          makerFeeRate: s.makerFeeRate.toFixed(),
          takerFeeRate: s.takerFeeRate.toFixed(),
        });
      }
    }
    const ids = new Set<number>();
    for (const e of events) {
      if (e.type === 'TRADE') ids.add(e.makerUserId).add(e.takerUserId);
      else if ('userId' in e) ids.add(e.userId);
    }
    const missing = [...ids].filter((id) => !this.users.has(id));
    if (missing.length) {
      const rows = await this.o.db.user.findMany({
        where: { engineId: { in: missing } },
        select: { id: true, engineId: true },
      });
      for (const r of rows) this.users.set(r.engineId, r.id);
    }
  }

  /**
   * Reads the orders the events touch that memory does not hold, with one statement; returns
   * the ids of every order the events touch.
   */
  private async loadOrders(events: EngineEvent[]): Promise<Set<bigint>> {
    const into = this.cache;
    const ids = new Set<string>();
    const touched = new Set<bigint>();
    const need = (id: number) => {
      const key = BigInt(id);
      touched.add(key);
      if (!into.has(key)) ids.add(String(id));
    };
    for (const e of events) {
      if (e.type === 'TRADE') {
        need(e.makerOrderId);
        need(e.takerOrderId);
      } else if (e.type === 'ORDER_STATUS') need(e.orderId);
      else if ((e.type === 'ACCEPTED' || e.type === 'REJECTED') && e.commandId.startsWith('place:'))
        need(e.orderId);
    }
    if (ids.size === 0) return touched;
    // Not a named statement: Postgres would keep the plan it made while the table was small
    // (a sequential scan) for the life of the connection; planned each time, it uses the key.
    const res = await this.o.sql.query<Record<string, string | number | Date | null>>(
      'SELECT * FROM spot_order WHERE id = ANY($1::bigint[])',
      [[...ids]],
    );
    for (const r of res.rows) {
      const s = (k: string) => r[k] as string;
      const o: OrderState = {
        id: BigInt(s('id')),
        userId: s('userId'),
        mode: r.mode as number,
        symbol: s('symbol'),
        clientOrderId: r.clientOrderId as string | null,
        side: s('side'),
        type: s('type'),
        timeInForce: r.timeInForce as string | null,
        price: dec(r.price as string | null),
        quantity: dec(r.quantity as string | null),
        quoteAmount: dec(r.quoteAmount as string | null),
        icebergSize: dec(r.icebergSize as string | null),
        triggerPrice: dec(r.triggerPrice as string | null),
        triggerDirection: r.triggerDirection as string | null,
        trailingDelta: dec(r.trailingDelta as string | null),
        activationPrice: dec(r.activationPrice as string | null),
        status: s('status'),
        rejectCode: r.rejectCode as number | null,
        filledQuantity: new Decimal(s('filledQuantity')),
        filledQuote: new Decimal(s('filledQuote')),
        fee: new Decimal(s('fee')),
        feeAsset: r.feeAsset as string | null,
        makerFills: r.makerFills as number,
        takerFills: r.takerFills as number,
        frozenAsset: s('frozenAsset'),
        frozenRemaining: new Decimal(s('frozenRemaining')),
        triggeredAt: r.triggeredAt as Date | null,
        createdAt: r.createdAt as Date,
        updatedAt: r.updatedAt as Date,
        dirty: false,
        lastBatch: 0,
      };
      into.set(o.id, o);
    }
    return touched;
  }

  private apply(
    e: EngineEvent,
    orders: Map<bigint, OrderState>,
    ledger: LedgerBatch,
    out: Outbox,
  ): void {
    const isPlace = e.commandId.startsWith('place:');
    const at = new Date(e.ts);
    switch (e.type) {
      case 'ACCEPTED': {
        out.verdicts.push({ commandId: e.commandId, accepted: true, orderId: String(e.orderId) });
        const o = isPlace ? orders.get(BigInt(e.orderId)) : undefined;
        if (o && o.status === 'PENDING')
          Object.assign(o, { status: 'NEW', updatedAt: at, dirty: true });
        return;
      }
      case 'REJECTED': {
        out.verdicts.push({
          commandId: e.commandId,
          accepted: false,
          code: e.code,
          orderId: String(e.orderId),
        });
        const o = isPlace ? orders.get(BigInt(e.orderId)) : undefined;
        if (o) {
          this.release(ledger, o, at);
          Object.assign(o, { status: 'REJECTED', rejectCode: e.code, updatedAt: at, dirty: true });
        }
        return;
      }
      case 'TRADE':
        this.trade(e, orders, ledger, out);
        return;
      case 'ORDER_STATUS': {
        const o = orders.get(BigInt(e.orderId));
        if (!o) return;
        if (TERMINAL[e.status]) {
          this.release(ledger, o, at);
          o.status = finalStatus(e.status, o, this.symbols.get(e.symbol));
        } else {
          o.status = e.status;
          if (e.status === 'TRIGGERED') o.triggeredAt ??= at;
        }
        o.updatedAt = at;
        o.dirty = true;
        return;
      }
      case 'BOOK_DELTA': {
        const info = this.symbols.get(e.symbol);
        if (!info) return;
        out.deltas.push({
          mode: e.runtimeMode,
          symbol: e.symbol,
          side: e.side,
          price: fromUnits(e.price, info.tickSize),
          amount: fromUnits(e.quantity, info.stepSize),
        });
        return;
      }
      case 'ORDER_STATE':
      case 'DUPLICATE':
        return;
    }
  }

  private trade(
    e: Extract<EngineEvent, { type: 'TRADE' }>,
    orders: Map<bigint, OrderState>,
    ledger: LedgerBatch,
    out: Outbox,
  ): void {
    const info = this.symbols.get(e.symbol);
    const maker = this.users.get(e.makerUserId);
    const taker = this.users.get(e.takerUserId);
    const makerOrder = orders.get(BigInt(e.makerOrderId));
    const takerOrder = orders.get(BigInt(e.takerOrderId));
    if (!info || !maker || !taker || !makerOrder || !takerOrder)
      throw new Error(`Cannot settle trade seq ${e.seq}: unknown symbol, user or order`);
    const price = new Decimal(fromUnits(e.price, info.tickSize));
    const qty = new Decimal(fromUnits(e.quantity, info.stepSize));
    const quote = price.times(qty);
    const takerBuys = e.takerSide === 'BUY';
    const buyer = takerBuys ? taker : maker;
    const seller = takerBuys ? maker : taker;
    const buyerRate = takerBuys ? info.takerFeeRate : info.makerFeeRate;
    const sellerRate = takerBuys ? info.makerFeeRate : info.takerFeeRate;
    // Fees are taken from what each side receives, rounded down in the user's favour.
    const buyerFee = qty.times(buyerRate).toDecimalPlaces(info.baseDecimals, Decimal.ROUND_DOWN);
    const sellerFee = quote
      .times(sellerRate)
      .toDecimalPlaces(info.quoteDecimals, Decimal.ROUND_DOWN);
    const at = new Date(e.ts);
    const mode = e.runtimeMode;
    const ref = `${this.o.shard}:${e.seq}`;

    ledger.post({
      mode,
      flowType: FlowType.SPOT_TRADE_SETTLEMENT,
      refType: 'TRADE',
      refId: ref,
      at,
      legs: [
        { accountId: buyer, asset: info.quote, bucket: 'FROZEN', amount: quote.neg() },
        { accountId: seller, asset: info.quote, bucket: 'AVAILABLE', amount: quote },
        { accountId: seller, asset: info.base, bucket: 'FROZEN', amount: qty.neg() },
        { accountId: buyer, asset: info.base, bucket: 'AVAILABLE', amount: qty },
      ],
    });
    if (!buyerFee.isZero() || !sellerFee.isZero()) {
      ledger.post({
        mode,
        flowType: FlowType.SPOT_TRADE_FEE,
        refType: 'TRADE',
        refId: ref,
        at,
        legs: [
          { accountId: buyer, asset: info.base, bucket: 'AVAILABLE', amount: buyerFee.neg() },
          { accountId: SYSTEM.fees, asset: info.base, bucket: 'AVAILABLE', amount: buyerFee },
          { accountId: seller, asset: info.quote, bucket: 'AVAILABLE', amount: sellerFee.neg() },
          { accountId: SYSTEM.fees, asset: info.quote, bucket: 'AVAILABLE', amount: sellerFee },
        ],
      });
    }
    const makerFee = takerBuys ? sellerFee : buyerFee;
    const takerFee = takerBuys ? buyerFee : sellerFee;
    for (const [o, isMaker, buys, fee] of [
      [makerOrder, true, !takerBuys, makerFee],
      [takerOrder, false, takerBuys, takerFee],
    ] as const) {
      o.filledQuantity = o.filledQuantity.plus(qty);
      o.filledQuote = o.filledQuote.plus(quote);
      o.fee = o.fee.plus(fee);
      o.feeAsset = buys ? info.base : info.quote;
      o.frozenRemaining = o.frozenRemaining.minus(buys ? quote : qty);
      if (isMaker) o.makerFills += 1;
      else o.takerFills += 1;
      o.updatedAt = at;
      o.dirty = true;
    }
    out.trades.push({
      seq: e.seq,
      mode,
      symbol: e.symbol,
      price,
      quantity: qty,
      quote,
      takerSide: e.takerSide,
      makerOrderId: e.makerOrderId,
      takerOrderId: e.takerOrderId,
      maker,
      taker,
      makerFee,
      takerFee,
      makerFeeAsset: takerBuys ? info.quote : info.base,
      takerFeeAsset: takerBuys ? info.base : info.quote,
      ts: e.ts,
    });
  }

  /** Unfreezes what an order no longer needs once it is final. */
  private release(ledger: LedgerBatch, o: OrderState, at: Date): void {
    const rest = o.frozenRemaining;
    o.frozenRemaining = new Decimal(0);
    if (rest.lte(0)) return;
    ledger.post({
      mode: o.mode,
      flowType: FlowType.SPOT_ORDER_UNFREEZE,
      refType: 'ORDER',
      refId: o.id.toString(),
      at,
      legs: [
        { accountId: o.userId, asset: o.frozenAsset, bucket: 'FROZEN', amount: rest.neg() },
        { accountId: o.userId, asset: o.frozenAsset, bucket: 'AVAILABLE', amount: rest },
      ],
    });
  }

  /** Announces a committed batch: `tradeIds` are the ids its trades got, by sequence number. */
  private async announce(
    out: Outbox,
    views: Map<bigint, { order: Order; userId: string; mode: number }>,
    tradeIds: Map<number, string>,
  ): Promise<void> {
    // Every push of the batch goes out in one pipeline, book changes first and in order (their
    // sequence numbers must reach clients gap-free): a client following the book, the trades and
    // its own orders gets them in one write instead of one per channel.
    const messages = out.deltas.length ? await this.o.market.applyDeltas(out.deltas) : [];
    // Market trades go out per book and batch as one push (an array, or a lone trade).
    const marketTrades = new Map<string, { mode: number; symbol: string; trades: MarketTrade[] }>();
    const fills: FanoutMessage[] = [];
    for (const t of out.trades) {
      const tradeId = tradeIds.get(t.seq) ?? '';
      const mode = t.mode;
      const makerSide = t.takerSide === 'BUY' ? 'SELL' : 'BUY';
      const fill = (
        user: string,
        orderId: number,
        side: OrderSide,
        liquidity: 'MAKER' | 'TAKER',
        fee: Decimal,
        feeAsset: string,
      ): FanoutMessage => ({
        topic: privateTopic('fills', user, mode),
        data: {
          tradeId,
          orderId: String(orderId),
          symbol: t.symbol,
          side,
          price: t.price.toFixed(),
          amount: t.quantity.toFixed(),
          total: t.quote.toFixed(),
          fee: fee.toFixed(),
          feeAsset,
          liquidity,
          ts: t.ts,
        },
      });
      const k = `${mode}|${t.symbol}`;
      const list = marketTrades.get(k) ?? { mode, symbol: t.symbol, trades: [] };
      list.trades.push({
        id: tradeId,
        price: t.price.toFixed(),
        amount: t.quantity.toFixed(),
        side: t.takerSide,
        ts: t.ts,
      });
      marketTrades.set(k, list);
      fills.push(
        fill(t.maker, t.makerOrderId, makerSide, 'MAKER', t.makerFee, t.makerFeeAsset),
        fill(t.taker, t.takerOrderId, t.takerSide, 'TAKER', t.takerFee, t.takerFeeAsset),
      );
    }
    for (const m of marketTrades.values()) {
      messages.push({
        topic: publicTopic('trade', m.mode, m.symbol),
        data: m.trades.length === 1 && m.trades[0] ? m.trades[0] : m.trades,
      });
    }
    messages.push(...fills);
    // One refreshAsset per account and mode, naming every asset the batch moved for it.
    const assets = new Map<string, { user: string; mode: number; assets: Set<string> }>();
    for (const t of out.trades) {
      const info = this.symbols.get(t.symbol);
      if (!info) continue;
      for (const user of [t.maker, t.taker]) {
        const k = `${user}|${t.mode}`;
        const a = assets.get(k) ?? { user, mode: t.mode, assets: new Set<string>() };
        a.assets.add(info.base).add(info.quote);
        assets.set(k, a);
      }
    }
    for (const a of assets.values())
      messages.push({
        topic: privateTopic('refreshAsset', a.user, a.mode),
        data: { assets: [...a.assets] },
      });
    for (const v of views.values())
      messages.push({ topic: privateTopic('order', v.userId, v.mode), data: v.order });
    await this.o.fanout.publishMany(messages);
    if (out.trades.length) {
      // A trade without an id here was stored by an earlier attempt at this batch: the
      // statistics loaded it from the table already (id 0 is skipped).
      this.o.market.tradesHappened(
        out.trades.map((t) => ({
          mode: t.mode,
          symbol: t.symbol,
          id: BigInt(tradeIds.get(t.seq) ?? 0),
          price: t.price,
          quantity: t.quantity,
          quote: t.quote,
          ts: t.ts,
        })),
      );
    }
  }
}
