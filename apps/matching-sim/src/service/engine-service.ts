import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  engineCommand,
  engineRebuild,
  type EngineBehind,
  type EngineCommand,
  type EngineEvent,
  type EngineSymbolSpec,
} from '@exchange/contracts';
import type { Logger } from 'pino';
import { FastBook } from '../engine/fast-book.js';
import { ShardEngine } from '../engine/shard-engine.js';
import { Journal, readLines, writeJournalLine } from './journal.js';
import { JsonBytes } from '../engine/json-bytes.js';
import { SnapshotStore, fsyncDir, type StoredSnapshot } from './snapshot-store.js';
import { streamKeys } from './stream-keys.js';
import { engineMetrics } from '../metrics.js';
import type { RedisClient } from '../redis.js';

export interface EngineServiceOptions {
  redis: RedisClient;
  shard: string;
  specs: EngineSymbolSpec[];
  dataDir: string;
  log: Logger;
  /** Commands read per XREAD, journalled with one fsync. */
  batchSize?: number;
  blockMs?: number;
  /** Commands between snapshots. */
  snapshotEvery?: number;
  /** Commands between trims of the input stream (5,000). */
  trimEvery?: number;
}

interface JournalEntry {
  id: string;
  c: EngineCommand;
}

/** One command's output stream entry: its events' JSON array and the seq of its last event. */
interface Published {
  lastSeq: number;
  e: string | Buffer;
}

/**
 * One shard of the matching engine as a service: commands come from the shard's input stream,
 * are journalled durably, applied, and their events appended to the output stream: one entry
 * per command, field `e` holding the JSON array of its events, with stream id `0-<last seq>`.
 * An entry is atomic, and Redis refuses ids at or below the top one, so publishing is
 * exactly-once: after a crash the journal is replayed and only commands whose events are
 * beyond the last published seq are appended.
 */
export class EngineService {
  readonly engine: ShardEngine;
  private journal: Journal;
  /** A batch's journal lines and its events' JSON, reused from batch to batch. */
  private readonly journalBytes = new JsonBytes();
  private readonly eventBytes = new JsonBytes();
  private readonly dir: string;
  private readonly snapshots: SnapshotStore;
  private readonly keys: ReturnType<typeof streamKeys>;
  /** Commands applied since start (recovery included), for progress and benchmarks. */
  processed = 0;
  private lastId = '0-0';
  private sinceSnapshot = 0;
  private stopped = false;
  /** Commands read since the input stream was last trimmed. */
  private untrimmed = 0;
  /** The snapshot being written in the background, if any (at most one at a time). */
  private writing: Promise<void> | null = null;
  /**
   * Set while the engine's state is behind the exchange (see recover()): it then reads no
   * command and publishes nothing until a `rebuild` request gives it the database's books.
   */
  behind: EngineBehind | null = null;

  constructor(private readonly o: EngineServiceOptions) {
    const dir = join(o.dataDir, `shard-${o.shard}`);
    mkdirSync(dir, { recursive: true });
    this.dir = dir;
    this.engine = new ShardEngine(o.specs, () => new FastBook());
    this.snapshots = new SnapshotStore(dir);
    this.journal = new Journal(join(dir, this.snapshots.read()?.journalFile ?? journalName(0)));
    this.keys = streamKeys(o.shard);
  }

  /**
   * Last snapshot plus journal replay; then publishes what the crash kept from the stream. The
   * replay starts in the segment the snapshot names and goes on through every later segment:
   * a snapshot is written in the background after the journal moved on to a new segment, so a
   * crash before it landed leaves the previous snapshot and two (or more) segments after it.
   */
  async recover(): Promise<void> {
    const snap = this.snapshots.read();
    if (snap !== undefined) {
      this.engine.restore(snap.shard);
      this.lastId = snap.lastStreamId;
    }
    // Older segments and snapshots stay: settlement may still need their events (retain()).
    const replaying = this.segmentsFrom(snap);
    const published = await this.publishedSeq();
    const settled = await this.settledSeq();
    const replay: Published[] = [];
    let replayed = 0;
    this.journal.close();
    for (const [i, { path, from }] of replaying.entries()) {
      const journal = new Journal(path);
      const lines = journal.readFrom(from);
      for (const line of lines) {
        const entry = JSON.parse(line) as JournalEntry;
        const events = this.engine.handle(entry.c);
        const last = events[events.length - 1];
        if ((events[0]?.seq ?? 0) > published && last !== undefined)
          replay.push({ lastSeq: last.seq, e: JSON.stringify(events) });
        this.lastId = entry.id;
      }
      replayed += lines.length;
      if (i === replaying.length - 1) this.journal = journal;
      else journal.close();
    }
    if (this.engine.seq < Math.max(published, settled)) {
      await this.fallBehind(published, settled);
      return;
    }
    // A rebuild that landed on disk just before a crash leaves the request behind it.
    await this.o.redis.del(this.keys.behind);
    await this.publish(replay);
    this.o.log.info(
      {
        shard: this.o.shard,
        snapshotSeq: snap?.shard.seq ?? 0,
        segments: replaying.length,
        replayed,
        republished: replay.length,
        seq: this.engine.seq,
      },
      'engine recovered',
    );
  }

  /**
   * The journal ends below what the output stream holds or settlement committed: the data folder
   * was lost (a new disk, a second checkout's empty folder) or is older than the exchange (a
   * restored copy). Applying commands now would give events that repeat seqs already published
   * (Redis refuses them) for a state the exchange has left, so the engine says so once, asks for
   * its books (the `behind` key, which settlement answers with a `rebuild` request once it has
   * committed everything published) and waits, reading only its control stream.
   */
  private async fallBehind(published: number, settled: number): Promise<void> {
    const { shard } = this.o;
    this.behind = {
      seq: this.engine.seq,
      streamSeq: published,
      settledSeq: settled,
      dataDir: this.dir,
    };
    await this.o.redis.set(this.keys.behind, JSON.stringify(this.behind));
    this.o.log.error(
      { shard, seq: this.engine.seq, streamSeq: published, settledSeq: settled, dataDir: this.dir },
      `engine shard ${shard} is behind: its journal ends at seq ${this.engine.seq}, but the event ` +
        `stream holds seq ${published} and settlement committed ${settled} (its data folder ` +
        `${this.dir} was lost or is older than this exchange); it publishes nothing and waits for ` +
        `settlement to rebuild its books from the database's open orders ` +
        `(without a running gateway worker: npm run engine:rebuild -- --shard ${shard})`,
    );
  }

  /**
   * Answers `rebuild <json>`: the database's open orders as of settlement's committed seq become
   * the books (ShardEngine.rebuild), the seq goes on from there, and the old journal and
   * snapshots are moved aside (to `stale-<time>`): their history is not the exchange's, and
   * replayFrom() must never write events again from it. The new state is on disk (a snapshot
   * starting a fresh journal) before any command is read. A request for a seq below what was
   * published or settled, or holding orders the shard cannot hold, is refused: the reason goes
   * to the `behind` key and the engine keeps waiting.
   */
  private async rebuild(raw: string): Promise<void> {
    const parsed = engineRebuild.safeParse(safeJson(raw));
    if (!parsed.success) {
      this.o.log.warn({ issues: parsed.error.issues }, 'dropped a malformed engine rebuild');
      return;
    }
    const r = parsed.data;
    if (this.behind === null) {
      this.o.log.warn({ shard: this.o.shard }, 'engine rebuild ignored: the engine is not behind');
      return;
    }
    const published = await this.publishedSeq();
    const settled = await this.settledSeq();
    const problems =
      r.seq < Math.max(published, settled)
        ? [`its seq ${r.seq} is below the stream's ${published} or settlement's ${settled}`]
        : this.engine.rebuild(r.seq, r.orders, r.lastPrices);
    if (problems.length > 0) {
      const error = `rebuild refused: ${problems.join('; ')}`;
      await this.o.redis.set(
        this.keys.behind,
        JSON.stringify({ ...this.behind, error, token: r.token } satisfies EngineBehind),
      );
      this.o.log.error({ shard: this.o.shard, problems }, 'engine rebuild refused');
      return;
    }
    this.journal.close();
    const aside = join(this.dir, `stale-${Date.now()}`);
    mkdirSync(aside);
    for (const f of readdirSync(this.dir))
      if (segmentOf(f) >= 0 || f.startsWith('snapshot'))
        renameSync(join(this.dir, f), join(aside, f));
    this.lastId = await this.inputAfterPublished();
    // Segment 1 from offset 0, after a snapshot at the rebuilt seq: a replay from an older seq
    // finds no base and says the events are unavailable, as they are.
    const stored: StoredSnapshot = {
      shard: this.engine.snapshot(),
      journalFile: journalName(1),
      journalOffset: 0,
      lastStreamId: this.lastId,
    };
    this.journal = new Journal(join(this.dir, journalName(1)));
    new SnapshotStore(this.dir, archiveName(1, r.seq)).write(stored);
    this.snapshots.write(stored);
    this.sinceSnapshot = 0;
    this.behind = null;
    await this.o.redis.del(this.keys.behind);
    this.o.log.warn(
      {
        shard: this.o.shard,
        seq: r.seq,
        orders: r.orders.length,
        readingAfter: this.lastId,
        staleFolder: aside,
      },
      'engine books rebuilt from the database; matching again',
    );
  }

  /**
   * Where to go on reading commands after a rebuild: after the command whose events top the
   * output stream, the last one the lost journal applied (the engine trims the input only up to
   * what it has read, so that command is still there). Commands after it were never applied:
   * the rebuilt books take them in turn. An empty output stream means this Redis holds no
   * applied command at all. Should the command be gone, every command there is skipped:
   * settlement sends the placements of orders left PENDING again.
   */
  private async inputAfterPublished(): Promise<string> {
    const { redis } = this.o;
    const [top] = await redis.xrevrange(this.keys.output, '+', '-', 'COUNT', 1);
    if (top === undefined) return '0-0';
    const fields = top[1];
    const events = safeJson(fields[fields.indexOf('e') + 1] ?? '[]') as EngineEvent[] | undefined;
    const commandId = events?.at(-1)?.commandId;
    let found: string | null = null;
    let last = '0-0';
    for (let from = '-'; ; ) {
      const batch = await redis.xrange(this.keys.input, from, '+', 'COUNT', 1000);
      for (const [id, f] of batch) {
        last = id;
        const c = safeJson(f[f.indexOf('c') + 1] ?? '') as { commandId?: unknown } | undefined;
        if (commandId !== undefined && c?.commandId === commandId) found = id;
      }
      const end = batch[batch.length - 1];
      if (end === undefined || batch.length < 1000) break;
      from = `(${end[0]}`;
    }
    if (found === null)
      this.o.log.warn(
        { shard: this.o.shard, commandId, skippedTo: last },
        'the last applied command is gone from the command stream: every command there is skipped',
      );
    return found ?? last;
  }

  /**
   * Reads, journals, applies and publishes until stop() is called; between batches, answers
   * requests on the control stream.
   */
  async run(): Promise<void> {
    const { redis } = this.o;
    let controlId = '0-0';
    while (!this.stopped) {
      // Behind, only the control stream: commands wait in theirs until the books are rebuilt.
      const streams =
        this.behind === null
          ? [this.keys.input, this.keys.control, this.lastId, controlId]
          : [this.keys.control, controlId];
      const res = await redis.xread(
        'COUNT',
        this.o.batchSize ?? 500,
        'BLOCK',
        this.o.blockMs ?? 200,
        'STREAMS',
        ...streams,
      );
      for (const [key, messages] of res ?? []) {
        if (messages.length === 0) continue;
        if (key.endsWith(this.keys.control)) {
          controlId = messages[messages.length - 1]![0];
          await this.control(messages);
        } else {
          await this.apply(messages);
        }
      }
      if (this.untrimmed >= (this.o.trimEvery ?? TRIM_EVERY)) await this.trimInput();
    }
    await this.writing;
  }

  /**
   * Requests on the control stream: `replayFrom <seq>`, `listOrders <token>`, `rebuild <json>`
   * (only while behind). Requests that piled up (a reader asks
   * again every few seconds while the engine is down) are answered once, from the lowest seq;
   * each is removed once answered.
   */
  private async control(messages: [string, string[]][]): Promise<void> {
    let from = Infinity;
    for (const [id, fields] of messages) {
      const seq = Number(fields[fields.indexOf('replayFrom') + 1]);
      if (fields.includes('replayFrom') && Number.isInteger(seq) && seq >= 0)
        from = Math.min(from, seq);
      else if (fields[0] === 'listOrders') await this.listOrders(fields[1] ?? '');
      else if (fields[0] === 'rebuild') await this.rebuild(fields[1] ?? '');
      else this.o.log.warn({ id, fields }, 'unknown engine control request');
    }
    if (from !== Infinity) {
      // A replay that fails is logged and asked for again; it must not stop the matching.
      await this.replayFrom(from).catch((err: unknown) =>
        this.o.log.error({ err, from }, 'writing engine events again failed'),
      );
    }
    await this.o.redis.xdel(this.keys.control, ...messages.map(([id]) => id));
  }

  /**
   * Writes every event after `from` up to now to the replay stream (replacing what it held),
   * regenerated by replaying the snapshot on disk and the journal after it in a scratch engine:
   * the engine is deterministic, so they are the events it published. Events before the snapshot
   * are gone from disk: then the replay stream gets one `unavailable` entry saying from where
   * it could start. The engine waits while this runs (about a second per 100,000 commands).
   */
  async replayFrom(from: number): Promise<void> {
    const started = performance.now();
    const scratch = new ShardEngine(this.o.specs, () => new FastBook());
    const pipe = this.o.redis.pipeline().del(this.keys.replay);
    // Behind, the journal on disk is not the history the stream had: nothing can be regenerated.
    const base = this.behind === null ? this.replayBase(from) : null;
    if (base === null) {
      const firstAvailable =
        this.behind === null
          ? this.firstReplayable() + 1
          : Math.max(this.behind.streamSeq, this.behind.settledSeq) + 1;
      pipe.xadd(this.keys.replay, '*', 'unavailable', JSON.stringify({ from, firstAvailable }));
      await pipe.exec();
      this.o.log.error(
        { shard: this.o.shard, from, firstAvailable },
        'events asked for again are older than every snapshot kept: they cannot be regenerated',
      );
      return;
    }
    const snap = base.file === null ? undefined : new SnapshotStore(this.dir, base.file).read();
    if (snap !== undefined) scratch.restore(snap.shard);
    let count = 0;
    for (const { path, from: offset } of this.segmentsFrom(snap)) {
      for (const line of readLines(path, offset)) {
        const events = scratch.handle((JSON.parse(line) as JournalEntry).c);
        const last = events[events.length - 1];
        if (last === undefined || last.seq <= from || last.seq > this.engine.seq) continue;
        pipe.xadd(this.keys.replay, `0-${last.seq}`, 'e', JSON.stringify(events));
        count += 1;
      }
    }
    const results = (await pipe.exec()) ?? [];
    const failed = results.find(([err]) => err !== null);
    if (failed) throw failed[0] as Error;
    this.o.log.warn(
      { shard: this.o.shard, from, entries: count, ms: Math.round(performance.now() - started) },
      'engine events written again to the replay stream',
    );
  }

  /**
   * Answers `listOrders <token>`: one entry in the listing stream (replacing what it held) with
   * the token, the engine's seq and every order it holds, for the operator's reconciliation.
   * Behind, the answer says so (`behind`): its orders are not the exchange's, and reconciling
   * against them would cancel every open order in the database.
   */
  private async listOrders(token: string): Promise<void> {
    await this.o.redis
      .pipeline()
      .del(this.keys.listing)
      .xadd(
        this.keys.listing,
        '*',
        'token',
        token,
        'seq',
        String(this.engine.seq),
        'orders',
        JSON.stringify(this.engine.heldOrders()),
        ...(this.behind === null ? [] : ['behind', JSON.stringify(this.behind)]),
      )
      .exec();
  }

  /**
   * Drops the commands before the last one read from the input stream: they are in the journal,
   * and nothing reads them from Redis again (a restart continues after the journal's last id).
   * Without this the stream would grow by every command ever sent.
   */
  private async trimInput(): Promise<void> {
    this.untrimmed = 0;
    await this.o.redis
      .xtrim(this.keys.input, 'MINID', this.lastId)
      .catch((err: unknown) => this.o.log.warn({ err }, 'trimming the command stream failed'));
  }

  stop(): void {
    this.stopped = true;
  }

  /**
   * Counts a published batch; each command's latency runs from its input stream id (the time
   * Redis took it in, in ms) to now.
   */
  private observe(messages: [string, string[]][], commands: number, events: number): void {
    const shard = { shard: this.o.shard };
    const now = Date.now();
    engineMetrics.commands.inc(shard, commands);
    engineMetrics.events.inc(shard, events);
    engineMetrics.seq.set(shard, this.engine.seq);
    const latency = engineMetrics.latency.labels(shard);
    for (const [id] of messages) {
      const ms = Number(id.slice(0, id.indexOf('-')));
      if (ms > 0) latency.observe(Math.max(0, now - ms) / 1000);
    }
  }

  /**
   * One batch: journal first (one write and fsync), then apply, then publish in seq order. The
   * journal lines and the events' JSON are written as bytes into two buffers the service keeps
   * (the same bytes JSON.stringify gives), so a command costs no objects per event; each
   * command's stream entry is a view of the events buffer, valid until the next batch.
   */
  async apply(messages: [string, string[]][]): Promise<void> {
    const entries: JournalEntry[] = [];
    for (const [id, fields] of messages) {
      const raw = fields[fields.indexOf('c') + 1];
      const parsed = raw === undefined ? undefined : engineCommand.safeParse(safeJson(raw));
      if (parsed?.success) entries.push({ id, c: parsed.data });
      else
        this.o.log.warn({ id, issues: parsed?.error.issues }, 'dropped a malformed engine command');
    }
    const journalled = performance.now();
    const lines = this.journalBytes;
    lines.reset();
    for (const e of entries) writeJournalLine(lines, e.id, e.c);
    this.journal.appendBytes(lines.view());
    const shard = { shard: this.o.shard };
    engineMetrics.fsync.observe(shard, (performance.now() - journalled) / 1000);
    const out = this.eventBytes;
    out.reset();
    const ends: number[] = [];
    const seqs: number[] = [];
    let count = 0;
    for (const e of entries) {
      count += this.engine.handleEncoded(e.c, out);
      ends.push(out.length);
      seqs.push(this.engine.seq);
    }
    // Views are taken once every command is written: the buffer may have grown meanwhile.
    const events: Published[] = [];
    for (let i = 0, from = 0; i < ends.length; i++) {
      const to = ends[i] ?? from;
      if (to > from) events.push({ lastSeq: seqs[i] ?? 0, e: out.view(from, to) });
      from = to;
    }
    this.processed += entries.length;
    this.untrimmed += messages.length;
    const last = messages[messages.length - 1];
    if (last !== undefined) this.lastId = last[0];
    await this.publish(events);
    this.observe(messages, entries.length, count);
    this.sinceSnapshot += messages.length;
    if (this.sinceSnapshot >= (this.o.snapshotEvery ?? 100_000) && this.writing === null) {
      const started = performance.now();
      const { bytes, written } = this.startSnapshot();
      const blockedMs = Math.round(performance.now() - started);
      void written.then((ok) => {
        if (ok)
          this.o.log.info(
            {
              shard: this.o.shard,
              blockedMs,
              totalMs: Math.round(performance.now() - started),
              bytes,
            },
            'engine snapshot written',
          );
      });
    }
  }

  /**
   * Takes a snapshot and starts a new journal segment after it; resolves when the snapshot is
   * durable and the segment before it deleted.
   */
  async snapshot(): Promise<void> {
    await this.writing;
    this.startSnapshot();
    await this.writing;
  }

  /**
   * The engine state is captured and serialised at once (the engine waits, a few milliseconds
   * per 10,000 resting orders); from then on the journal goes to a new segment, made durable
   * (directory fsync) before any command is written to it, and the snapshot file is written,
   * fsynced and renamed in the background while commands go on. Only after that is the segment
   * before it deleted (with any older ones a failed write left). A crash at any step leaves a snapshot whose journal is complete: either
   * the new one with the new segment, or the previous one with its segment and the new one
   * (recover() replays both). A failed write is logged and costs nothing but a longer replay.
   */
  private startSnapshot(): { bytes: number; written: Promise<boolean> } {
    const next = journalName(this.segment() + 1);
    const json = JSON.stringify({
      shard: this.engine.snapshot(),
      journalFile: next,
      journalOffset: 0,
      lastStreamId: this.lastId,
    });
    const previous = this.journal;
    this.journal = new Journal(join(this.dir, next));
    fsyncDir(this.dir);
    previous.close();
    this.sinceSnapshot = 0;
    const seq = this.engine.seq;
    const written = this.snapshots
      .writeJson(json)
      .then(async () => {
        // A copy named by its segment and seq: replays start from the newest one at or before
        // what they need, and retain() keeps what settlement has not committed.
        await new SnapshotStore(this.dir, archiveName(segmentOf(next), seq)).writeJson(json);
        await this.retain();
        return true;
      })
      .catch((err: unknown) => {
        this.o.log.error(
          { err, shard: this.o.shard },
          'engine snapshot failed; the journal keeps every command',
        );
        return false;
      })
      .finally(() => {
        this.writing = null;
      });
    this.writing = written.then(() => undefined);
    return { bytes: json.length, written };
  }

  /**
   * The journal segments a replay from `snap` reads, in order: the one it names, from its offset,
   * then every later one from the start.
   */
  private segmentsFrom(snap: StoredSnapshot | undefined): { path: string; from: number }[] {
    const first = segmentOf(snap?.journalFile ?? journalName(0));
    const later = readdirSync(this.dir)
      .map(segmentOf)
      .filter((n) => n > first)
      .sort((a, b) => a - b);
    return [first, ...later].map((n) => ({
      path: join(this.dir, journalName(n)),
      from: n === first ? (snap?.journalOffset ?? 0) : 0,
    }));
  }

  /**
   * The kept snapshots a replay can start from, oldest first: the journal's very start while its
   * first segment is kept (no snapshot: seq 0), then each archived snapshot.
   */
  private replayBases(): { seq: number; segment: number; file: string | null }[] {
    const files = readdirSync(this.dir);
    const bases: { seq: number; segment: number; file: string | null }[] = [];
    if (files.includes(journalName(0))) bases.push({ seq: 0, segment: 0, file: null });
    for (const f of files) {
      const m = ARCHIVE.exec(f);
      if (m) bases.push({ segment: Number(m[1]), seq: Number(m[2]), file: f });
    }
    return bases.sort((a, b) => a.seq - b.seq || a.segment - b.segment);
  }

  /** The newest kept start at or before `seq`, or null when every one is later. */
  private replayBase(seq: number): { seq: number; segment: number; file: string | null } | null {
    return (
      this.replayBases()
        .filter((b) => b.seq <= seq)
        .at(-1) ?? null
    );
  }

  private firstReplayable(): number {
    return this.replayBases()[0]?.seq ?? this.engine.seq;
  }

  /**
   * Keeps every snapshot and journal segment needed to write again each event settlement has not
   * committed (its watermark, `settled`, in Redis): those older than the newest snapshot at or
   * before the watermark go. Without a watermark (Redis restarted, settlement not yet back)
   * nothing is deleted.
   */
  private async retain(): Promise<void> {
    const raw = await this.o.redis.get(this.keys.settled).catch(() => null);
    const settled = raw === null ? NaN : Number(raw);
    if (!Number.isInteger(settled) || settled < 0) return;
    const base = this.replayBase(settled);
    if (base === null) return;
    for (const f of readdirSync(this.dir)) {
      const segment = segmentOf(f);
      const archived = ARCHIVE.exec(f);
      if (segment >= 0 && segment < base.segment) rmSync(join(this.dir, f), { force: true });
      else if (archived && Number(archived[2]) < base.seq)
        rmSync(join(this.dir, f), { force: true });
    }
  }

  private segment(): number {
    return Math.max(0, segmentOf(basename(this.journal.path)));
  }

  close(): void {
    this.journal.close();
  }

  private async publish(entries: Published[]): Promise<void> {
    for (let i = 0; i < entries.length; i += 1000) {
      const pipe = this.o.redis.pipeline();
      for (const g of entries.slice(i, i + 1000))
        pipe.xadd(this.keys.output, `0-${g.lastSeq}`, 'e', g.e);
      const results = (await pipe.exec()) ?? [];
      const failed = results.find(([err]) => err !== null);
      if (failed) throw failed[0] as Error;
    }
  }

  /** Settlement's committed seq as it last published it (`settled`); 0 when unknown. */
  private async settledSeq(): Promise<number> {
    const raw = await this.o.redis.get(this.keys.settled);
    const settled = raw === null ? NaN : Number(raw);
    return Number.isSafeInteger(settled) && settled > 0 ? settled : 0;
  }

  private async publishedSeq(): Promise<number> {
    const last = await this.o.redis.xrevrange(this.keys.output, '+', '-', 'COUNT', 1);
    const id = last[0]?.[0];
    return id === undefined ? 0 : Number(id.split('-')[1]);
  }
}

/** Commands between trims of the input stream. */
const TRIM_EVERY = 5_000;

/** An archived snapshot: the journal segment that follows it, and its event seq. */
export const ARCHIVE = /^snapshot-(\d+)-(\d+)\.json$/;

export function archiveName(segment: number, seq: number): string {
  return `snapshot-${String(segment).padStart(8, '0')}-${seq}.json`;
}

export function journalName(segment: number): string {
  return `journal-${String(segment).padStart(8, '0')}.log`;
}

/** The segment number of a journal file name; -1 for any other file. */
export function segmentOf(file: string): number {
  const m = /^journal-(\d+)\.log$/.exec(file);
  return m === null ? -1 : Number(m[1]);
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}
