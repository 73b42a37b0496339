import { randomBytes } from 'node:crypto';
import type { EngineEvent } from '@exchange/contracts';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A client on a random key prefix, so test files never see each other's streams. */
export function testRedis(): { redis: Redis; prefix: string; cleanup: () => Promise<void> } {
  const prefix = `test:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { keyPrefix: prefix });
  const cleanup = async () => {
    // SCAN/KEYS take the pattern with the prefix; DEL adds the prefix again, so strip it.
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    await redis.quit();
  };
  return { redis, prefix, cleanup };
}

/** Every event of an engine output stream, in order (entries hold one command's events). */
export async function readEvents(redis: Redis, key: string): Promise<EngineEvent[]> {
  const out: EngineEvent[] = [];
  let from = '-';
  for (;;) {
    const batch = await redis.xrange(key, from, '+', 'COUNT', 5000);
    for (const [, fields] of batch) out.push(...(JSON.parse(fields[1] ?? '[]') as EngineEvent[]));
    const last = batch[batch.length - 1];
    if (last === undefined || batch.length < 5000) return out;
    from = `(${last[0]}`;
  }
}
