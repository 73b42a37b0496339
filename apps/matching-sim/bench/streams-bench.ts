/**
 * `pnpm bench:engine:streams`: end-to-end throughput of one shard through Redis streams.
 * The command stream is filled first; then the service reads, journals (fsync per batch),
 * matches and appends every event to the output stream, and the clock stops when the last
 * command's events are in Redis.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { EngineService } from '../src/service/engine-service.js';
import { streamKeys } from '../src/service/stream-keys.js';
import { SERVICE_SYMBOL, commandStream } from './command-stream.js';

const N = Number(process.env.BENCH_COMMANDS ?? 200_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const print = (line: string) => process.stdout.write(`${line}\n`);
const prefix = `bench:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
const dataDir = mkdtempSync(join(tmpdir(), 'engine-bench-'));
const keys = streamKeys('bench');

try {
  const commands = commandStream(N, 5);
  for (let i = 0; i < commands.length; i += 5000) {
    const pipe = redis.pipeline();
    for (const c of commands.slice(i, i + 5000)) pipe.xadd(keys.input, '*', 'c', JSON.stringify(c));
    await pipe.exec();
  }
  const service = new EngineService({
    redis,
    shard: 'bench',
    specs: [SERVICE_SYMBOL],
    dataDir,
    log: pino({ level: 'silent' }),
    batchSize: BATCH,
    blockMs: 50,
    snapshotEvery: 50_000,
  });
  await service.recover();
  const start = process.hrtime.bigint();
  const running = service.run();
  while (service.processed < N) await new Promise((r) => setTimeout(r, 5));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  service.stop();
  await running;
  service.close();
  const events = service.engine.seq;
  print(
    `engine shard through Redis streams: ${N.toLocaleString('en')} commands, batch ${BATCH}, journal fsync per batch, snapshot every 50,000`,
  );
  print(
    `  commands   ${Math.round(N / seconds).toLocaleString('en')} /s (${seconds.toFixed(2)} s)`,
  );
  print(
    `  events     ${Math.round(events / seconds).toLocaleString('en')} /s (${events.toLocaleString('en')} events)`,
  );
} finally {
  const all = await redis.keys(`${prefix}*`);
  if (all.length > 0) await redis.del(...all.map((k) => k.slice(prefix.length)));
  await redis.quit();
  rmSync(dataDir, { recursive: true, force: true });
}
