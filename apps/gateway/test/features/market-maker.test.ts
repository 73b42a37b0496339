import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.js';
import { startEngine } from '../helpers/engine.js';
import { auditLedger } from '../../src/features/ledger/audit.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({ MARKET_MAKERS: 'true', MARKET_MAKER_INTERVAL_MS: '400', MARKET_MAKER_LEVELS: '2' });
  engine = await startEngine(t);
});
afterAll(async () => {
  await t.close();
  await engine.stop();
});

describe('simulated market makers', () => {
  it('keep Demo and Trial books two-sided, trade, and settle through the ledger', async () => {
    const depth = async (mode: string, symbol: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/market-data/public/depth?symbol=${symbol}`, headers: { 'runtime-mode': mode } })).json<{
        data: { bids: [string, string][]; asks: [string, string][] };
      }>().data;
    const deadline = Date.now() + 30_000;
    let btc = await depth('1', 'BTC_USDT');
    while ((btc.bids.length < 2 || btc.asks.length < 2) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      btc = await depth('1', 'BTC_USDT');
    }
    expect(btc.bids.length).toBeGreaterThanOrEqual(2);
    expect(btc.asks.length).toBeGreaterThanOrEqual(2);
    expect(Number(btc.bids[0]?.[0])).toBeLessThan(Number(btc.asks[0]?.[0]));
    let trial = await depth('2', 'XAUT_USDT');
    while (trial.bids.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      trial = await depth('2', 'XAUT_USDT');
    }
    expect(trial.bids.length).toBeGreaterThan(0);
    while ((await t.app.db.spotTrade.count()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 300));
    expect(await t.app.db.spotTrade.count()).toBeGreaterThan(0);
    // Real mode is never simulated.
    expect(await t.app.db.spotOrder.count({ where: { mode: 0 } })).toBe(0);
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
    expect(audit.negative).toBe(0);
  }, 60_000);
});
