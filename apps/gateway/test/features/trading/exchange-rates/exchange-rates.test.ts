import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../helpers/build.js';
import { feedAssets } from '../../../../src/features/trading/exchange-rates/feed-assets.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('exchange rates', () => {
  it('anchors the feed at the catalogue prices in HKD', async () => {
    const assets = await feedAssets(t.app.db);
    const usd = assets.find((a) => a.asset === 'USD');
    expect(Number(usd?.anchor)).toBeCloseTo(1 / 0.128, 3);
    expect(assets.find((a) => a.asset === 'HKD')).toBeUndefined();
  });

  it('serves the rates the feed published, and says when there are none yet', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/v1/external-market-data/public/exchange-rates',
    });
    expect(none.json()).toMatchObject({ code: '1000' });
    const body = { ts: 1, quote: 'HKD', units: 100, rates: { HKD: '100', USD: '781.25' } };
    await t.app.redis.commands.set('market:exchange-rates', JSON.stringify(body));
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/external-market-data/public/exchange-rates',
    });
    expect(res.json()).toEqual({ code: '200', data: body, message: 'success' });
  });
});
