import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { HEARTBEAT_KEY, startHeartbeat } from '../src/heartbeat.js';

const prefix = `test:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
  keyPrefix: prefix,
});
afterAll(async () => {
  await redis.del(HEARTBEAT_KEY);
  await redis.quit();
});

describe('heartbeat', () => {
  it('writes the beat time with an expiry of three beats and stops when told', async () => {
    const stop = startHeartbeat(redis, 50, () => 1234);
    await new Promise((r) => setTimeout(r, 20));
    expect(await redis.get(HEARTBEAT_KEY)).toBe('1234');
    const ttl = await redis.pttl(HEARTBEAT_KEY);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(150);
    stop();
    await new Promise((r) => setTimeout(r, 250));
    expect(await redis.get(HEARTBEAT_KEY)).toBeNull();
  });
});

describe('config', () => {
  it('requires REDIS_URL', () => {
    expect(() => loadConfig({})).toThrow(/REDIS_URL is missing/);
    expect(loadConfig({ REDIS_URL: 'redis://localhost:6379' }).HEARTBEAT_MS).toBe(5000);
  });
});
