import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, TradingSymbol } from '@exchange/contracts';
import { seed } from '../../../../src/db/seed/seed.js';
import { build, type TestApp } from '../../../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

async function get<T>(url: string, mode?: string): Promise<T> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: mode ? { 'runtime-mode': mode } : {},
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ code: string; data: T }>();
  expect(body.code).toBe('200');
  return body.data;
}

describe('asset catalogue', () => {
  it('lists seeded crypto, tokenised assets and fiat with coin info', async () => {
    const assets = await get<Asset[]>('/v1/common/public/configs/assets');
    const codes = assets.map((a) => a.code);
    expect(codes).toEqual(
      expect.arrayContaining(['BTC', 'ETH', 'USDT', 'XAUT', 'TBILL', 'USD', 'HKD', 'EUR']),
    );
    const gold = assets.find((a) => a.code === 'XAUT');
    expect(gold?.category).toBe('RWA');
    expect(gold?.coinInfo?.overview).toBeTruthy();
    expect(gold?.coinInfo?.links.length).toBeGreaterThan(0);
    expect(assets.find((a) => a.code === 'USD')).toMatchObject({
      type: 'FIAT',
      sign: '$',
      isMainFiat: true,
      coinInfo: null,
    });
  });

  it('offers in Real only ACTIVE assets tagged real', async () => {
    const real = await get<Asset[]>('/v1/common/public/configs/assets', '0');
    expect(real.every((a) => a.status === 'ACTIVE' && a.tags.includes('real'))).toBe(true);
    // CDC carries no mode tag; LUNC is INACTIVE.
    expect(real.map((a) => a.code)).not.toContain('CDC');
    expect(real.map((a) => a.code)).not.toContain('LUNC');
  });

  it('offers in Demo and Trial the ACTIVE assets tagged simulated', async () => {
    for (const mode of ['1', '2']) {
      const sim = await get<Asset[]>('/v1/common/public/configs/assets', mode);
      expect(sim.every((a) => a.status === 'ACTIVE' && a.tags.includes('simulated'))).toBe(true);
      expect(sim.map((a) => a.code)).toEqual(expect.arrayContaining(['SOL', 'HKRE', 'BTC']));
      expect(sim.map((a) => a.code)).not.toContain('LUNC');
    }
  });

  it('follows status changes in the database', async () => {
    await t.app.db.asset.update({ where: { code: 'ETH' }, data: { status: 'MAINTENANCE' } });
    const real = await get<Asset[]>('/v1/common/public/configs/assets', '0');
    expect(real.map((a) => a.code)).not.toContain('ETH');
    const symbols = await get<TradingSymbol[]>('/v1/common/public/configs/symbols', '0');
    expect(symbols.map((s) => s.code)).not.toContain('ETH_USDT');
    await t.app.db.asset.update({ where: { code: 'ETH' }, data: { status: 'ACTIVE' } });
  });
});

describe('symbol catalogue', () => {
  it('has ten spot symbols in simulated modes and excludes INACTIVE ones', async () => {
    const sim = await get<TradingSymbol[]>('/v1/common/public/configs/symbols', '1');
    expect(sim).toHaveLength(10);
    expect(sim.map((s) => s.code)).not.toContain('LUNC_USDT');
    const btc = sim.find((s) => s.code === 'BTC_USDT');
    expect(btc).toMatchObject({
      symbol: 'BTC_USDT',
      baseAsset: 'BTC',
      counterAsset: 'USDT',
      tickSize: '0.01',
    });
  });

  it('offers every active catalogue pair in Real, the four tokenised assets included', async () => {
    const real = await get<TradingSymbol[]>('/v1/common/public/configs/symbols', '0');
    const sim = await get<TradingSymbol[]>('/v1/common/public/configs/symbols', '1');
    expect(real.map((s) => s.code).sort()).toEqual(sim.map((s) => s.code).sort());
    expect(real.map((s) => s.code)).toEqual(
      expect.arrayContaining(['SOL_USDT', 'XRP_USDT', 'HKRE_USDT', 'PCRED_USDT', 'TBILL_USDT']),
    );
    expect(real.every((s) => s.tags.includes('real'))).toBe(true);
    const assets = await get<Asset[]>('/v1/common/public/configs/assets', '0');
    for (const code of ['SOL', 'XRP', 'HKRE', 'PCRED'])
      expect(assets.find((a) => a.code === code)?.tags).toContain('real');
  });

  it("keeps an operator's switch across a restart's seed", async () => {
    await t.app.db.tradingSymbol.update({
      where: { code: 'PCRED_USDT' },
      data: { tags: ['simulated'], status: 'HALTED', sortOrder: 99 },
    });
    await t.app.db.asset.update({ where: { code: 'HKRE' }, data: { tags: ['simulated'] } });
    await seed(t.app.db);
    const symbol = await t.app.db.tradingSymbol.findUniqueOrThrow({
      where: { code: 'PCRED_USDT' },
    });
    // What describes the pair is refreshed; which modes it trades in and its status are not.
    expect(symbol).toMatchObject({ tags: ['simulated'], status: 'HALTED', sortOrder: 8 });
    const hkre = await t.app.db.asset.findUniqueOrThrow({ where: { code: 'HKRE' } });
    expect(hkre.tags).toEqual(['simulated']);
    await t.app.db.tradingSymbol.update({
      where: { code: 'PCRED_USDT' },
      data: { tags: ['real', 'simulated'], status: 'ACTIVE' },
    });
    await t.app.db.asset.update({ where: { code: 'HKRE' }, data: { tags: ['real', 'simulated'] } });
  });

  it('keeps a HALTED symbol listed (only INACTIVE is excluded)', async () => {
    await t.app.db.tradingSymbol.update({
      where: { code: 'XRP_USDT' },
      data: { status: 'HALTED' },
    });
    const sim = await get<TradingSymbol[]>('/v1/common/public/configs/symbols', '1');
    expect(sim.find((s) => s.code === 'XRP_USDT')?.status).toBe('HALTED');
    await t.app.db.tradingSymbol.update({
      where: { code: 'XRP_USDT' },
      data: { status: 'ACTIVE' },
    });
  });
});

describe('public config', () => {
  it('names the main and common fiat and the languages', async () => {
    const cfg = await get<{
      mainFiat: string;
      commonFiat: string[];
      languages: { value: string }[];
    }>('/v1/common/public/configs');
    expect(cfg.mainFiat).toBe('USD');
    expect(cfg.commonFiat).toEqual(expect.arrayContaining(['USD', 'HKD']));
    expect(cfg.languages.map((l) => l.value)).toEqual([
      'en',
      'zh-CN',
      'zh-TW',
      'ar',
      'fr',
      'de',
      'ja',
      'ko',
    ]);
  });
});
