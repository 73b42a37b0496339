import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineCommand } from '@exchange/contracts';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FastBook } from '../../src/engine/fast-book.js';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { EngineService } from '../../src/service/engine-service.js';
import { streamKeys } from '../../src/service/stream-keys.js';
import { SERVICE_SYMBOL, commandStream } from '../../bench/command-stream.js';
import { readEvents, testRedis } from './redis-helpers.js';

const { redis, cleanup } = testRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'engine-service-'));
afterAll(async () => {
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const keys = streamKeys('t1');
const log = pino({ level: 'silent' });
const newService = () =>
  new EngineService({
    redis,
    shard: 't1',
    specs: [SERVICE_SYMBOL],
    dataDir,
    log,
    batchSize: 40,
    blockMs: 20,
    snapshotEvery: 100,
    trimEvery: 100,
  });

async function drain(service: EngineService, commands: number): Promise<void> {
  const running = service.run();
  const deadline = Date.now() + 10_000;
  while ((await redis.xlen(keys.output)) < commands && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  service.stop();
  await running;
}

describe('engine service', () => {
  const commands = commandStream(400, 11);
  const reference = new ShardEngine([SERVICE_SYMBOL], () => new FastBook());
  /** Each command's events, as the engine publishes them: one stream entry per command. */
  const groups = commands.map((c) => reference.handle(engineCommand.parse(c)));
  const expected = groups.flat();

  it('answers every command from the stream with the events the engine gives in process', async () => {
    const pipe = redis.pipeline();
    for (const c of commands) pipe.xadd(keys.input, '*', 'c', JSON.stringify(c));
    pipe.xadd(keys.input, '*', 'c', '{"not":"a command"}');
    await pipe.exec();
    const service = newService();
    await service.recover();
    // Settlement keeps up and commits everything: the engine keeps only what replays need. (Set
    // after the start: a watermark above the engine's seq at start means its data is behind.)
    await redis.set(keys.settled, String(expected.at(-1)!.seq));
    await drain(service, commands.length);
    service.close();
    expect(await readEvents(redis, keys.output)).toEqual(expected);
    expect(expected.some((e) => e.type === 'DUPLICATE')).toBe(true);
    // The commands it journalled are trimmed from the input stream (every 100 here): at most
    // the last trim's worth is left, not all 401.
    expect(await redis.xlen(keys.input)).toBeLessThanOrEqual(100);
  });

  it('recovers from snapshot and journal, publishing nothing twice and what was lost once', async () => {
    const again = newService();
    await again.recover();
    expect(again.engine.stateHash()).toBe(reference.stateHash());
    // Snapshots every 100 commands rotated the journal: one segment is left, after the last
    // snapshot, which is also kept under its segment and seq.
    const files = readdirSync(join(dataDir, 'shard-t1')).sort();
    expect(files).toEqual([
      expect.stringMatching(/^journal-0*[1-9]\d*\.log$/),
      expect.stringMatching(/^snapshot-\d+-\d+\.json$/),
      'snapshot.json',
    ]);
    expect(await redis.xlen(keys.output)).toBe(commands.length);
    // 30 more commands, fewer than a snapshot's worth: they live in the journal only (when the
    // snapshots above landed depends on how fast their background writes were).
    const extra = commandStream(430, 11).slice(commands.length);
    for (const c of extra) {
      const g = reference.handle(engineCommand.parse(c));
      groups.push(g);
      expected.push(...g);
    }
    const more = redis.pipeline();
    for (const c of extra) more.xadd(keys.input, '*', 'c', JSON.stringify(c));
    await more.exec();
    await drain(again, commands.length + extra.length);
    again.close();
    // A crash after journalling but before publishing: the tail never reached the stream.
    // Rebuilt without its last 25 entries (XDEL would keep the stream's top id).
    const kept = await redis.xrange(
      keys.output,
      '-',
      '+',
      'COUNT',
      commands.length + extra.length - 25,
    );
    await redis.del(keys.output);
    const pipe = redis.pipeline();
    for (const [id, fields] of kept) pipe.xadd(keys.output, id, ...fields);
    await pipe.exec();
    const third = newService();
    await third.recover();
    third.close();
    expect(await readEvents(redis, keys.output)).toEqual(expected);
  });

  it('writes the events after a given seq again to the replay stream, from its snapshot and journal', async () => {
    const service = newService();
    await service.recover();
    const snapSeq = (
      JSON.parse(readFileSync(join(dataDir, 'shard-t1', 'snapshot.json'), 'utf8')) as {
        shard: { seq: number };
      }
    ).shard.seq;
    expect(snapSeq).toBeGreaterThan(0);
    expect(snapSeq).toBeLessThan(expected.length);
    // Asked over the control stream, as settlement does; answered between batches.
    await redis.xadd(keys.control, '*', 'replayFrom', String(snapSeq + 3));
    const running = service.run();
    await until(async () => (await redis.xlen(keys.control)) === 0);
    // Whole commands: those whose last event comes after the seq asked for.
    const again = groups.filter((g) => (g.at(-1)?.seq ?? 0) > snapSeq + 3).flat();
    expect(again.length).toBeGreaterThan(10);
    expect(await readEvents(redis, keys.replay)).toEqual(again);
    // Before the snapshot they are gone from disk: it says from where it could start.
    await redis.xadd(keys.control, '*', 'replayFrom', String(snapSeq - 1));
    await until(async () => (await redis.xlen(keys.control)) === 0);
    service.stop();
    await running;
    service.close();
    const marker = await redis.xrange(keys.replay, '-', '+');
    expect(marker).toHaveLength(1);
    expect(JSON.parse(marker[0]![1][1]!)).toEqual({
      from: snapSeq - 1,
      firstAvailable: snapSeq + 1,
    });
  });
});

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('engine service snapshots written in the background', () => {
  const k2 = streamKeys('t2');
  const shardDir = join(dataDir, 'shard-t2');
  const make = () =>
    new EngineService({
      redis,
      shard: 't2',
      specs: [SERVICE_SYMBOL],
      dataDir,
      log,
      batchSize: 40,
      blockMs: 20,
      snapshotEvery: 100,
    });
  const commands = commandStream(400, 12);
  const reference = new ShardEngine([SERVICE_SYMBOL], () => new FastBook());
  const perCommand = commands.map((c) => reference.handle(engineCommand.parse(c)));
  const expected = perCommand.flat();
  /** How many events the first `n` commands give. */
  const commandsEventCount = (n: number) =>
    perCommand.slice(0, n).reduce((sum, g) => sum + g.length, 0);

  async function feed(service: EngineService, from: number, to: number): Promise<void> {
    const pipe = redis.pipeline();
    for (const c of commands.slice(from, to)) pipe.xadd(k2.input, '*', 'c', JSON.stringify(c));
    await pipe.exec();
    const running = service.run();
    const deadline = Date.now() + 10_000;
    while ((await redis.xlen(k2.output)) < to && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    service.stop();
    await running;
  }

  it('recovers from the last snapshot that landed through every later journal segment', async () => {
    const first = make();
    await first.recover();
    // Settlement keeps up: what the first 200 commands publish is committed.
    await redis.set(k2.settled, String(expected[commandsEventCount(200) - 1]!.seq));
    await feed(first, 0, 200);
    first.close();
    const landed = readdirSync(shardDir).filter((f) => f.startsWith('journal-'));
    expect(landed).toHaveLength(1);
    // From here every snapshot write fails (a directory where its temporary file goes): the
    // journal still moves to a new segment each time and keeps every command.
    mkdirSync(join(shardDir, 'snapshot.json.tmp'));
    const failing = make();
    await failing.recover();
    await feed(failing, 200, 400);
    failing.close();
    const segments = readdirSync(shardDir).filter((f) => f.startsWith('journal-'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    rmSync(join(shardDir, 'snapshot.json.tmp'), { recursive: true });

    const second = make();
    await second.recover();
    expect(second.engine.stateHash()).toBe(reference.stateHash());
    expect(await readEvents(redis, k2.output)).toEqual(expected);
    // Settlement commits the rest; a snapshot that lands covers them all: one segment is left.
    await redis.set(k2.settled, String(expected.at(-1)!.seq));
    await second.snapshot();
    second.close();
    const after = readdirSync(shardDir).filter((f) => f.startsWith('journal-'));
    expect(after).toHaveLength(1);
    expect(after[0]! > segments.sort().at(-1)!).toBe(true);

    const third = make();
    await third.recover();
    third.close();
    expect(third.engine.stateHash()).toBe(reference.stateHash());
  });
});

describe('engine retention', () => {
  const k3 = streamKeys('t3');
  const make = () =>
    new EngineService({
      redis,
      shard: 't3',
      specs: [SERVICE_SYMBOL],
      dataDir,
      log,
      batchSize: 40,
      blockMs: 20,
      snapshotEvery: 50,
    });
  const commands = commandStream(300, 13);
  const reference = new ShardEngine([SERVICE_SYMBOL], () => new FastBook());
  const groups = commands.map((c) => reference.handle(engineCommand.parse(c)));

  it('keeps what settlement has not committed, so a restart with Redis wiped can replay it', async () => {
    // Settlement committed up to seq 40, then stopped; the engine went on and snapshotted
    // several times, the last at shutdown.
    const committed = 40;
    const engine = make();
    await engine.recover();
    await redis.set(k3.settled, String(committed));
    const pipe = redis.pipeline();
    for (const c of commands) pipe.xadd(k3.input, '*', 'c', JSON.stringify(c));
    await pipe.exec();
    await drain3(engine, groups.flat().length);
    await engine.snapshot();
    engine.close();
    const last = groups.flat().at(-1)?.seq ?? 0;
    expect(last).toBeGreaterThan(committed + 100);

    // A host reboot: Redis comes back empty.
    for (const key of Object.values(k3)) await redis.del(key);
    const again = make();
    await again.recover();
    await again.replayFrom(committed);
    again.close();
    const replayed = await readEvents(redis, k3.replay);
    expect(replayed[0]?.seq).toBe(committed + 1);
    expect(replayed).toEqual(
      groups
        .filter((g) => (g.at(-1)?.seq ?? 0) > committed)
        .flat()
        .filter((e) => e.seq > 0),
    );
    expect(replayed.at(-1)?.seq).toBe(last);
  });

  async function drain3(service: EngineService, events: number): Promise<void> {
    const running = service.run();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const top = await redis.xrevrange(k3.output, '+', '-', 'COUNT', 1);
      if (Number(top[0]?.[0].split('-')[1] ?? 0) >= (groups.flat().at(-1)?.seq ?? events)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    service.stop();
    await running;
  }
});
