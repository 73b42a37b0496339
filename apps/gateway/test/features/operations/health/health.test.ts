import { engineStreamKeys } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({
    RATE_LIMIT_MAX: '3',
    AUTH_RATE_LIMIT_MAX: '2',
    CORS_ORIGINS: 'https://app.example.com',
  });
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('reports liveness and that Postgres and Redis answer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({
      status: 'ok',
    });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { postgres: { ok: true }, redis: { ok: true } },
    });
    // No engine runs here: readiness does not depend on it, but the trading view says so.
    expect(ready.json()).toMatchObject({
      trading: {
        engine: { ok: false, lastBeatMsAgo: null },
        settlement: { settledSeq: 0, publishedSeq: null, behind: null },
      },
    });
    const keys = engineStreamKeys('0');
    await t.app.redis.commands.set(keys.heartbeat, String(Date.now() - 1500));
    await t.app.redis.commands.xadd(keys.output, '0-7', 'e', '[]');
    const later = (await t.app.inject({ method: 'GET', url: '/ready' })).json<{
      trading: {
        engine: { ok: boolean; lastBeatMsAgo: number };
        settlement: unknown;
        shards: unknown[];
      };
    }>();
    expect(later.trading.engine.ok).toBe(true);
    expect(later.trading.engine.lastBeatMsAgo).toBeGreaterThanOrEqual(1500);
    expect(later.trading.settlement).toEqual({ settledSeq: 0, publishedSeq: 7, behind: 7 });
    // One entry per shard of the shard map (one shard here).
    expect(later.trading.shards).toEqual([
      expect.objectContaining({
        shard: '0',
        settlement: { settledSeq: 0, publishedSeq: 7, behind: 7 },
      }),
    ]);
    await t.app.redis.commands.del(keys.heartbeat, keys.output);
  });
});

describe('rate limit and CORS', () => {
  it('answers 1008 with 429 past the limit, counted in Redis', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/v1/common/public/configs' })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/configs' });
    expect(res.json()).toMatchObject({ code: '1008' });
    const keys = await t.app.redis.commands.keys('*');
    expect(keys.length).toBeGreaterThan(0); // the prefix is added by the connection
  });

  it('limits the login endpoints more tightly per IP', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/public/login',
        payload: { email: 'a@b.co', password: 'x', puzzleToken: 'y' },
      });
    const codes = [
      (await login()).statusCode,
      (await login()).statusCode,
      (await login()).statusCode,
    ];
    expect(codes).toEqual([400, 400, 429]);
  });

  it('allows only listed origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const denied = await t.app.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });
});
