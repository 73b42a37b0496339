import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { eventually, until } from '../../../helpers/wait.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({
    MARKET_MAKERS: 'true',
    REAL_MARKET_MAKERS: 'false',
    CHART_HISTORY_DAYS: '0',
    MARKET_MAKER_INTERVAL_MS: '400',
    MARKET_MAKER_LEVELS: '2',
  });
  // The price feed's rates (HKD per 100 units): BTC at 40,000 USDT, far from the catalogue's.
  await t.app.redis.commands.set(
    'market:exchange-rates',
    JSON.stringify({
      ts: Date.now(),
      quote: 'HKD',
      units: 100,
      rates: { HKD: '100', BTC: '31200000', USDT: '780' },
    }),
  );
  engine = await startEngine(t);
});
afterAll(async () => {
  await t.close();
  await engine.stop();
});

describe('simulated market makers', () => {
  it('keep Demo and Trial books two-sided, trade, and settle through the ledger', async () => {
    const depth = async (mode: string, symbol: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/market-data/public/depth?symbol=${symbol}`,
          headers: { 'runtime-mode': mode },
        })
      ).json<{
        data: { bids: [string, string][]; asks: [string, string][] };
      }>().data;
    const btc = await eventually(
      () => depth('1', 'BTC_USDT'),
      (d) => d.bids.length >= 2 && d.asks.length >= 2,
      30_000,
      300,
    );
    expect(btc.bids.length).toBeGreaterThanOrEqual(2);
    expect(btc.asks.length).toBeGreaterThanOrEqual(2);
    expect(Number(btc.bids[0]?.[0])).toBeLessThan(Number(btc.asks[0]?.[0]));
    const trial = await eventually(
      () => depth('2', 'XAUT_USDT'),
      (d) => d.bids.length > 0,
      30_000,
      300,
    );
    expect(trial.bids.length).toBeGreaterThan(0);
    await until(async () => (await t.app.db.spotTrade.count()) > 0, 30_000, 300);
    expect(await t.app.db.spotTrade.count()).toBeGreaterThan(0);
    // Real mode is never simulated.
    expect(await t.app.db.spotOrder.count({ where: { mode: 0 } })).toBe(0);
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
    expect(audit.negative).toBe(0);
  }, 60_000);

  it('requote without a gap: no side of the book is ever empty between two rounds', async () => {
    // Each round moves the quotes (the walk and the feed); the new levels are placed before the
    // old ones go, so a taker never meets an empty side.
    const sides = async () => {
      const d = (
        await t.app.inject({
          method: 'GET',
          url: '/v1/market-data/public/depth?symbol=BTC_USDT',
          headers: { 'runtime-mode': '1' },
        })
      ).json<{ data: { bids: unknown[]; asks: unknown[] } }>().data;
      return { bids: d.bids.length, asks: d.asks.length };
    };
    await eventually(sides, (s) => s.bids > 0 && s.asks > 0, 30_000, 100);
    const samples: { bids: number; asks: number }[] = [];
    // At least 6 s (about 15 rounds of 400 ms) and 150 samples: on a loaded machine a sample
    // takes longer, and the test samples for longer rather than less often per round.
    const end = Date.now() + 6_000;
    while (Date.now() < end || samples.length < 150) {
      samples.push(await sides());
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(samples.filter((s) => s.bids === 0 || s.asks === 0)).toEqual([]);
  }, 60_000);

  it('quote around the price feed: the BTC_USDT mid follows the published rates', async () => {
    const depth = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/market-data/public/depth?symbol=BTC_USDT',
          headers: { 'runtime-mode': '1' },
        })
      ).json<{
        data: { bids: [string, string][]; asks: [string, string][] };
      }>().data;
    const mid = (d: { bids: [string, string][]; asks: [string, string][] }) =>
      (Number(d.bids[0]?.[0]) + Number(d.asks[0]?.[0])) / 2;
    // A round re-quotes every book of Demo and Trial one order at a time, so on a loaded machine it
    // takes seconds: wait for it generously (this checks where quotes go, not how fast).
    let d = await eventually(depth, (v) => Math.abs(mid(v) / 40_000 - 1) < 0.02, 50_000, 300);
    expect(Math.abs(mid(d) / 40_000 - 1)).toBeLessThan(0.02);
    // The feed moves: the quotes move with it.
    await t.app.redis.commands.set(
      'market:exchange-rates',
      JSON.stringify({
        ts: Date.now(),
        quote: 'HKD',
        units: 100,
        rates: { HKD: '100', BTC: '34320000', USDT: '780' },
      }),
    );
    d = await eventually(depth, (v) => Math.abs(mid(v) / 44_000 - 1) < 0.02, 50_000, 300);
    expect(Math.abs(mid(d) / 44_000 - 1)).toBeLessThan(0.02);
  }, 120_000);
});
