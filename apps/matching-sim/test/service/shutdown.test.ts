import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_SYMBOL, commandStream } from '../../bench/command-stream.js';
import { streamKeys } from '../../src/service/stream-keys.js';
import { REDIS_URL, testRedis } from './redis-helpers.js';

const { redis, prefix, cleanup } = testRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'engine-stop-'));
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
afterAll(async () => {
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const SHARD = 'stop';
const keys = streamKeys(SHARD);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('engine shutdown', () => {
  it('stops once, cleanly and quickly, when SIGINT and SIGTERM arrive together', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'info',
        ENGINE_DATA_DIR: dataDir,
        ENGINE_SHARD: SHARD,
        ENGINE_SYMBOLS: JSON.stringify([SERVICE_SYMBOL]),
        ENGINE_SNAPSHOT_EVERY: '100000',
      },
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // Busy: commands in flight when the signals come.
    const commands = commandStream(400, 5);
    const pipe = redis.pipeline();
    for (const c of commands) pipe.xadd(keys.input, '*', 'c', JSON.stringify(c));
    await pipe.exec();
    const until = Date.now() + 15_000;
    while ((await redis.xlen(keys.output)) < 50 && Date.now() < until) await sleep(20);

    const started = Date.now();
    // What a terminal's Ctrl-C and the orchestrator's SIGTERM do: both signals at once.
    child.kill('SIGINT');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(output).not.toMatch(/ENOENT|EBADF|Unhandled|error/i);
    expect(output.match(/shutting down/g)).toHaveLength(1);
  }, 30_000);
});
