import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  engineCommand,
  type EngineBehind,
  type EngineCommandInput,
  type EngineEvent,
  type EngineRebuildInput,
} from '@exchange/contracts';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { BUY } from '../../src/engine/codes.js';
import { FastBook } from '../../src/engine/fast-book.js';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { EngineService } from '../../src/service/engine-service.js';
import { streamKeys } from '../../src/service/stream-keys.js';
import { SERVICE_SYMBOL } from '../../bench/command-stream.js';
import { readEvents, testRedis } from './redis-helpers.js';

// The engine's data folder lost under a running exchange (a new disk, a second checkout's empty
// folder): the engine must see at start that its journal is behind the stream, say so once,
// publish nothing below the stream's top, and match again from books rebuilt from the database.
const { redis, cleanup } = testRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'engine-behind-'));
afterAll(async () => {
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const SYMBOL = SERVICE_SYMBOL.symbol;
const keys = streamKeys('b1');

/** Limit orders around a mid (they cross and partly fill each other) and a few cancels. */
function limitOrders(from: number, n: number, seed: number): EngineCommandInput[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: EngineCommandInput[] = [];
  for (let i = from; i < from + n; i++) {
    const base = {
      commandId: `place:${i}`,
      runtimeMode: 1 as const,
      symbol: SYMBOL,
      userId: 1 + Math.floor(next() * 6),
      ts: 1_700_000_000_000 + i,
    };
    if (i > from + 5 && next() < 0.15) {
      const orderId = from + Math.floor(next() * (i - from));
      out.push({ ...base, commandId: `cancel:${orderId}:${i}`, kind: 'cancel', orderId });
      continue;
    }
    out.push({
      ...base,
      kind: 'place',
      orderId: i,
      side: next() < 0.5 ? 'BUY' : 'SELL',
      type: 'LIMIT',
      price: 995 + Math.floor(next() * 11),
      quantity: 1 + Math.floor(next() * 20),
    });
  }
  return out;
}

function logCapture() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { log, lines };
}

const make = (log = pino({ level: 'silent' })) =>
  new EngineService({
    redis,
    shard: 'b1',
    specs: [SERVICE_SYMBOL],
    dataDir,
    log,
    batchSize: 40,
    blockMs: 20,
  });

async function send(commands: EngineCommandInput[]): Promise<void> {
  const pipe = redis.pipeline();
  for (const c of commands) pipe.xadd(keys.input, '*', 'c', JSON.stringify(c));
  await pipe.exec();
}

async function topSeq(): Promise<number> {
  const [top] = await redis.xrevrange(keys.output, '+', '-', 'COUNT', 1);
  return top === undefined ? 0 : Number(top[0].split('-')[1]);
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('an engine whose data folder is behind the exchange', () => {
  it('says so once, publishes nothing, and matches again from rebuilt books', async () => {
    // The exchange as it ran: 150 commands applied, published and settled.
    const before = limitOrders(1, 150, 7);
    const reference = new ShardEngine([SERVICE_SYMBOL], () => new FastBook());
    const published = before.flatMap((c) => reference.handle(engineCommand.parse(c)));
    const first = make();
    await first.recover();
    await send(before);
    const running = first.run();
    await until(async () => (await topSeq()) === published.at(-1)!.seq);
    first.stop();
    await running;
    first.close();
    const top = reference.seq;
    await redis.set(keys.settled, String(top));
    expect(reference.restingCount()).toBeGreaterThan(20);

    // The data folder is lost; commands keep arriving while the engine is down.
    rmSync(dataDir, { recursive: true, force: true });
    const after = limitOrders(1000, 60, 8);
    await send(after);

    const { log, lines } = logCapture();
    const service = make(log);
    await service.recover();
    expect(service.behind).toMatchObject({ seq: 0, streamSeq: top, settledSeq: top });
    const said = lines.filter((l) => l.level >= 50);
    expect(said).toHaveLength(1);
    expect(said[0]!.msg).toContain(`engine shard b1 is behind: its journal ends at seq 0`);
    expect(said[0]!.msg).toContain(`stream holds seq ${top} and settlement committed ${top}`);
    expect(said[0]!.msg).toContain('npm run engine:rebuild -- --shard b1');
    expect(JSON.parse((await redis.get(keys.behind)) ?? 'null') as EngineBehind).toMatchObject({
      seq: 0,
      streamSeq: top,
    });

    // Running behind: it reads no command and publishes nothing (no XADD below the top).
    const waiting = service.run();
    await new Promise((r) => setTimeout(r, 400));
    expect(await topSeq()).toBe(top);
    expect(await redis.xlen(keys.output)).toBe(before.length);

    // A rebuild for a seq below the stream's top is refused, and it keeps waiting.
    const book = reference.book(1, SYMBOL)!;
    const rebuild: EngineRebuildInput = {
      token: 'low',
      seq: top - 1,
      lastPrices: { [`1:${SYMBOL}`]: book.lastPrice },
      orders: book.book.orders().map((o) => ({
        runtimeMode: 1,
        symbol: SYMBOL,
        userId: o.userId,
        spec: {
          orderId: o.orderId,
          side: o.side === BUY ? 'BUY' : 'SELL',
          type: 'LIMIT',
          price: o.price,
          quantity: o.visible + o.hidden + o.filled,
        },
        filled: o.filled,
        remaining: o.visible + o.hidden,
        pending: false,
      })),
    };
    await redis.xadd(keys.control, '*', 'rebuild', JSON.stringify(rebuild));
    await until(async () => (await redis.get(keys.behind))?.includes('"token":"low"') ?? false);
    expect(service.behind).not.toBeNull();
    expect(await topSeq()).toBe(top);

    // The database's open orders as of the stream's top: the engine holds exactly them, and the
    // commands sent meanwhile give the events the original engine would have given, numbered on
    // from the top.
    await redis.xadd(
      keys.control,
      '*',
      'rebuild',
      JSON.stringify({ ...rebuild, token: 'ok', seq: top }),
    );
    await until(async () => (await redis.get(keys.behind)) === null);
    const expected = after.flatMap((c) => reference.handle(engineCommand.parse(c)));
    await until(async () => (await topSeq()) === expected.at(-1)!.seq);
    service.stop();
    await waiting;
    service.close();
    const events = await readEvents(redis, keys.output);
    const fresh = events.filter((e: EngineEvent) => e.seq > top);
    expect(fresh[0]?.seq).toBe(top + 1);
    expect(fresh).toEqual(expected);
    expect(fresh.some((e) => e.type === 'TRADE')).toBe(true);
    expect(service.engine.heldOrders()).toEqual(reference.heldOrders());

    // The rebuilt state is on disk: a restart is not behind, and what it replays is the new
    // history only (the old folder's files were moved aside).
    const shardDir = join(dataDir, 'shard-b1');
    expect(readdirSync(shardDir).some((f) => f.startsWith('stale-'))).toBe(true);
    expect(existsSync(join(shardDir, 'journal-00000000.log'))).toBe(false);
    const again = make();
    await again.recover();
    again.close();
    expect(again.behind).toBeNull();
    expect(again.engine.stateHash()).toBe(service.engine.stateHash());
  });
});
