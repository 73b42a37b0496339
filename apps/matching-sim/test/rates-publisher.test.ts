import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { PriceFeed } from '../src/sim/price-feed.js';
import { RATES_KEY, publishRates } from '../src/sim/rates-publisher.js';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(url, { keyPrefix: prefix });
// A subscriber without the client-info handshake, which can race SUBSCRIBE (ioredis issue 2037).
const sub = new Redis(url, { disableClientInfo: true, enableReadyCheck: false });
afterAll(async () => {
  await redis.del(RATES_KEY);
  await redis.quit();
  await sub.quit();
});

describe('exchange-rate publishing', () => {
  it('stores HKD per 100 units and pushes them on every mode', async () => {
    const feed = new PriceFeed({
      assets: [{ asset: 'USD', anchor: '7.8', volatility: 0.05, decimals: 4 }],
      seed: 7,
    });
    const received: string[] = [];
    await sub.subscribe(`${prefix}ws:exchangeRate::1`);
    sub.on('message', (_c, m) => received.push(m));
    const body = await publishRates(redis, prefix, feed, 123);
    expect(body.rates).toMatchObject({ HKD: '100', USD: '780.00' });
    expect(JSON.parse((await redis.get(RATES_KEY)) ?? '{}')).toEqual(body);
    // Under a loaded machine the push can take a moment: wait up to 5 s for it.
    for (let i = 0; i < 100 && received.length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(received.map((m) => JSON.parse(m) as unknown)).toEqual([body]);
  });
});
