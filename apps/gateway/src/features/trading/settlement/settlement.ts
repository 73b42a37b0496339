import type { EngineEvent, Order } from '@exchange/contracts';
import { engineShardTag } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import type { Db } from '../../../db/client.js';
import type { Sql } from '../../../db/sql.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisClient, RedisConnections } from '../../../lib/redis.js';
import type { MarketDataSink } from '../market-data/market-data-sink.js';
import type { Fanout } from '../../platform/socket/fanout.js';
import { streamKeys } from '../orders/engine-client.js';
import { rebuildEngine } from '../orders/engine-rebuild.js';
import { readOrderStates } from '../orders/order-repository.js';
import { toOrder } from '../orders/order-view.js';
import { resendPending } from '../orders/reconcile.js';
import type { Verdicts } from '../orders/verdicts.js';
import { announceBatch, verdictsOf, type OrderViews } from './announcer.js';
import {
  FINAL,
  applyEvents,
  touchedOrderIds,
  type Applied,
  type SymbolInfo,
} from './apply-events.js';
import type { OrderState } from '../orders/order-repository.js';
import { writeBatch } from './writer.js';

/** Orders settlement keeps in memory before it starts forgetting the oldest. */
const CACHE_MAX = 20_000;
const MAX_INFLIGHT = 2;
/** How long a read waits for the write in flight before it starts the next batch anyway. */
const LINGER_MS = 3;
/** The longest pause between attempts while the database or Redis stays unreachable. */
const MAX_PAUSE_MS = 10_000;
/** Settled events kept in the engine's output stream by default; trimmed every half of that. */
const KEEP_EVENTS = 10_000;

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
      /** See LINGER_MS. */
      lingerMs?: number;
      /** Settled events kept in the engine's output stream below the committed cursor (10,000). */
      keepEvents?: number;
      /** Told of a committed batch's changed orders (the order notices); must not throw. */
      onCommitted?: (orders: { order: Order; userId: string }[]) => void;
    },
  ) {
    // In the shard's slot with its streams (the hash tag): one shard, one slot.
    this.lockKey = `settlement:lock:${engineShardTag(o.shard)}`;
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
    reader.on('error', (err: unknown) =>
      this.o.log.warn({ err }, 'settlement stream reader: connection error; reconnecting'),
    );
    /** The last sequence number applied in memory (ahead of the committed cursor while writes are in flight). */
    let cursor: number | null = null;
    let pauseMs = 1000;
    try {
      while (!this.stopped) {
        if (this.failed || !(await this.holdLock().catch(() => false))) {
          // Start again from what is committed: drop the writes in flight and what memory holds,
          // waiting longer after each failure in a row (a database or Redis that is down).
          await this.drain();
          cursor = null;
          if (this.failed) pauseMs = Math.min(pauseMs * 2, MAX_PAUSE_MS);
          this.failed = false;
          await new Promise((r) => setTimeout(r, pauseMs));
          continue;
        }
        try {
          const before: number | null = cursor;
          cursor = await this.step(reader, cursor);
          if (cursor !== null && cursor !== before) pauseMs = 1000;
        } catch (err) {
          // A lost connection (Postgres or Redis restarting, a dropped backend): nothing of an
          // uncommitted batch is applied, so settlement resumes from the committed cursor.
          this.failed = true;
          this.o.log.warn(
            { err, pauseMs },
            'settlement interrupted; resuming from the committed cursor',
          );
        }
      }
    } finally {
      await this.drain();
      reader.disconnect();
    }
  }

  /** Reads, applies and sends one batch after `cursor`; returns the new cursor. */
  private async step(reader: RedisClient, at: number | null): Promise<number> {
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
    const cursor =
      at ??
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
    if (entries.length === 0) {
      await this.rebuildIfBehind();
      return cursor;
    }
    let events = this.parseEntries(entries).events;
    // Events are numbered gap-free; a hole means the stream lost entries (Redis keeps nothing
    // on disk). Settling past it would skip fills for good: the missing events are asked
    // for again, and settlement waits until the engine has written them to the replay stream.
    const next = events.find((e) => e.seq > cursor);
    if (next !== undefined && next.seq !== cursor + 1) {
      const replayed = await this.fromReplay(reader, cursor, next.seq);
      if (replayed.length === 0) {
        await new Promise((r) => setTimeout(r, 200));
        return cursor;
      }
      events = replayed;
    }
    let staged: number;
    try {
      staged = await this.stage(events, cursor);
    } catch (err) {
      // Nothing of a failed batch is applied (one transaction); start again shortly.
      this.failed = true;
      this.o.log.error({ err, from: events[0]?.seq }, 'settlement batch failed; retrying');
      return cursor;
    }
    // At most two writes in flight: one committing, one waiting on the cursor's lock.
    while (this.inflight.size >= MAX_INFLIGHT) await Promise.race(this.inflight);
    // Under load, larger batches: while a write is in flight and the stream held less than a
    // full batch, the next read waits for that write or LINGER_MS, whichever comes first (each
    // batch costs a commit, a pipeline of pushes and its announcements whatever its size).
    if (this.inflight.size > 0 && entries.length < (this.o.batch ?? 500)) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ...this.inflight,
        new Promise((r) => (timer = setTimeout(r, this.o.lingerMs ?? LINGER_MS))),
      ]);
      clearTimeout(timer);
    }
    if (staged - this.trimmedAt >= Math.ceil((this.o.keepEvents ?? KEEP_EVENTS) / 2))
      await this.trimOutput(reader, staged);
    return staged;
  }

  /**
   * Drops settled entries from the engine's output stream, keeping the last `keepEvents` below
   * the committed cursor (settlement is its only reader; without this it would grow by every
   * event ever). The top entry always stays: the engine reads it to publish exactly once.
   */
  private async trimOutput(reader: RedisClient, staged: number): Promise<void> {
    this.trimmedAt = staged;
    const below = this.committedSeq - (this.o.keepEvents ?? KEEP_EVENTS);
    if (below <= 0) return;
    await reader
      .xtrim(streamKeys(this.o.shard).output, 'MINID', `0-${below}`)
      .catch((err: unknown) => this.o.log.warn({ err }, 'trimming the event stream failed'));
  }

  private gapReportedAt = 0;
  private replayAskedAt = 0;
  private rebuildCheckedAt = 0;

  /**
   * An engine that started behind the exchange (its data folder lost or old) publishes nothing
   * and waits for its books: they are sent (engine-rebuild.ts) once every batch is committed,
   * which is when this reader finds nothing new and no write is in flight. Checked every 2 s.
   */
  private async rebuildIfBehind(): Promise<void> {
    if (this.inflight.size > 0 || Date.now() - this.rebuildCheckedAt < 2000) return;
    this.rebuildCheckedAt = Date.now();
    const { shard, log } = this.o;
    const r = await rebuildEngine({ db: this.o.db, redis: this.o.redis, shard }).catch(
      (err: unknown) => {
        log.warn({ err, shard }, 'rebuilding the engine from the database failed; trying again');
        return null;
      },
    );
    if (r?.state === 'REBUILT') {
      log.warn(
        { shard, seq: r.seq, orders: r.orders },
        "the engine's books were rebuilt from the database's open orders; it matches again",
      );
      if (r.skipped.length > 0)
        log.error(
          { shard, skipped: r.skipped },
          `open orders the engine could not be given: npm run reconcile -- --shard ${shard} --apply cancels them and releases their funds`,
        );
    } else if (r?.state === 'REFUSED' && Date.now() - this.gapReportedAt > 30_000) {
      this.gapReportedAt = Date.now();
      log.error(
        { shard, error: r.error },
        `the engine refused its rebuild from the database: npm run engine:rebuild -- --shard ${shard} tries again`,
      );
    }
  }

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
      // The engine writes these from its own typed events: no schema parse on this internal
      // hop (it cost more than applying them), only a check that each is an event at all.
      for (const e of JSON.parse(raw) as unknown[]) {
        if (isEngineEvent(e)) events.push(e);
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
    reader: RedisClient,
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
    await this.loadOrders(todo);
    const batchNo = ++this.batchNo;
    let applied: Applied;
    try {
      applied = applyEvents(todo, {
        shard: this.o.shard,
        symbols: this.symbols,
        users: this.users,
        orders: this.cache,
      });
    } catch (err) {
      // Memory may hold part of this batch: it is dropped before settlement resumes.
      this.failed = true;
      throw err;
    }
    const { changed, out } = applied;
    const views: OrderViews = new Map();
    for (const o of changed) {
      o.dirty = false;
      o.lastBatch = batchNo;
      views.set(o.id, { order: toOrder(o), userId: o.userId, mode: o.mode });
    }
    this.writer ??= this.o.sql.connect().then((c) => {
      // A checked-out connection's errors are its own (the pool only handles idle ones): a
      // dropped backend must fail this writer, not the process.
      c.on('error', (err) => {
        this.failed = true;
        this.o.log.warn(
          { err },
          'settlement writer: connection lost; resuming from the committed cursor',
        );
      });
      return c;
    });
    const client = await this.writer;
    const write = writeBatch(client, { shard: this.o.shard, from, last, applied });
    // Announced in batch order, each after its own commit; a failed write stops the chain.
    // Commits come back in batch order (one connection). The placing requests are answered as
    // soon as their batch has committed; the pushes follow, in batch order.
    const committed = write.then((tradeIds) => {
      this.committedBatch = batchNo;
      this.committedSeq = last;
      // The engine's retention watermark: it keeps what is needed to write later events again.
      this.o.redis.commands
        .set(streamKeys(this.o.shard).settled, String(last))
        .catch((err: unknown) => this.o.log.warn({ err }, 'could not publish the settled seq'));
      this.evict(changed, batchNo);
      this.o.onCommitted?.([...views.values()]);
      this.o.verdicts
        .announce(verdictsOf(out, views))
        .catch((err: unknown) => this.o.log.warn({ err }, 'could not announce verdicts'));
      return tradeIds;
    });
    const done = this.announced.then(async () =>
      announceBatch(this.o, out, views, await committed),
    );
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

  /** Reads the orders the events touch that memory does not hold, with one statement. */
  private async loadOrders(events: EngineEvent[]): Promise<void> {
    const ids = [...touchedOrderIds(events)].filter((id) => !this.cache.has(id));
    if (ids.length === 0) return;
    for (const o of await readOrderStates(this.o.sql, ids)) this.cache.set(o.id, o);
  }
}

const EVENT_TYPES = new Set<string>([
  'ACCEPTED',
  'REJECTED',
  'TRADE',
  'ORDER_STATUS',
  'BOOK_DELTA',
  'ORDER_STATE',
  'DUPLICATE',
] satisfies EngineEvent['type'][]);

/** An engine event's frame: a known type, a positive integer seq, a mode and a symbol. */
function isEngineEvent(e: unknown): e is EngineEvent {
  if (typeof e !== 'object' || e === null) return false;
  const v = e as Record<string, unknown>;
  return (
    typeof v.type === 'string' &&
    EVENT_TYPES.has(v.type) &&
    Number.isInteger(v.seq) &&
    (v.seq as number) > 0 &&
    typeof v.commandId === 'string' &&
    typeof v.symbol === 'string' &&
    typeof v.runtimeMode === 'number'
  );
}
