import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineCommand, seededRandom } from '@exchange/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { FastBook } from '../../src/engine/fast-book.js';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { streamKeys } from '../../src/service/stream-keys.js';
import { SERVICE_SYMBOL, commandStream } from '../../bench/command-stream.js';
import { REDIS_URL, readEvents, testRedis } from './redis-helpers.js';

const { redis, prefix, cleanup } = testRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'engine-crash-'));
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const SHARD = 'crash';
const keys = streamKeys(SHARD);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real entry point (src/main.ts) as a child process with its own journal directory. */
function startEngine(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    stdio: 'ignore',
    env: {
      ...process.env,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      ENGINE_DATA_DIR: dataDir,
      ENGINE_SHARD: SHARD,
      ENGINE_SYMBOLS: JSON.stringify([SERVICE_SYMBOL]),
      ENGINE_BATCH: '40',
      ENGINE_SNAPSHOT_EVERY: '300',
    },
  });
  children.push(child);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('engine crash recovery', () => {
  it('loses no acknowledged command and applies none twice across SIGKILLs', async () => {
    const commands = commandStream(2500, 23);
    const random = seededRandom(99);
    let child = startEngine();
    let sent = 0;
    let kills = 0;
    const producer = (async () => {
      while (sent < commands.length) {
        // At most a sixth of the stream ahead of the kills still to come, so every kill lands
        // while events flow, however slowly a loaded machine (re)starts the engine.
        while (kills < 4 && sent >= ((kills + 2) * commands.length) / 6) await sleep(10);
        const pipe = redis.pipeline();
        for (const c of commands.slice(sent, sent + 25))
          pipe.xadd(keys.input, '*', 'c', JSON.stringify(c));
        await pipe.exec();
        sent = Math.min(commands.length, sent + 25);
        await sleep(40);
      }
    })();
    const publishedAtKill: number[] = [];
    while (kills < 4) {
      // Kill once the (re)started engine is publishing again, a random number of events on. Its
      // start (tsx compiling it) can take many seconds on a loaded machine: wait for it.
      const target = (await redis.xlen(keys.output)) + 1 + Math.floor(random() * 100);
      const until = Date.now() + 30_000;
      while ((await redis.xlen(keys.output)) < target && Date.now() < until) await sleep(5);
      await sleep(random() * 30);
      publishedAtKill.push(await redis.xlen(keys.output));
      await kill(child);
      kills++;
      child = startEngine();
    }
    await producer;

    const reference = new ShardEngine([SERVICE_SYMBOL], () => new FastBook());
    const expected = commands.flatMap((c) => reference.handle(engineCommand.parse(c)));
    const deadline = Date.now() + 40_000;
    while ((await redis.xlen(keys.output)) < commands.length && Date.now() < deadline)
      await sleep(100);
    await kill(child);

    // Kills landed while events were flowing, not before or after all work.
    expect(publishedAtKill.filter((n) => n > 0 && n < commands.length)).toHaveLength(4);
    const events = await readEvents(redis, keys.output);
    expect(events.map((e) => e.seq)).toEqual(expected.map((_, i) => i + 1));
    expect(events).toEqual(expected);
  }, 240_000);
});
