import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPETITION_REWARDS_ACCOUNT,
  FlowType,
  RuntimeMode,
  type Candle,
} from '@exchange/contracts';
import { HOUSE_ACCOUNTS } from '../../../../src/features/trading/market-maker/treasury.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { availableSymbols } from '../../../../src/features/platform/catalogue/catalogue-service.js';
import { MarketMaker } from '../../../../src/features/trading/market-maker/market-maker.js';
import { backfillChartHistory } from '../../../../src/features/trading/market-data/chart-history.js';
import type { OrderDeps } from '../../../../src/features/trading/orders/order-service.js';
import { build, type TestApp } from '../../../helpers/build.js';
import { startChainSim, type ChainSimProcess } from '../../../helpers/chain-sim.js';
import { startBankSim, type BankSimProcess } from '../../../helpers/bank-sim.js';
import { startEngine } from '../../../helpers/engine.js';
import { freePort } from '../../../helpers/kyc-sim.js';
import { eventually } from '../../../helpers/wait.js';

/**
 * The simulated market of a fresh exchange, end to end: the gateway (market makers on, Real
 * included), the engine, and the simulated chains and partner bank as their own processes, which
 * the house accounts' Real funds come from as ordinary crypto and bank deposits.
 */
let t: TestApp;
let sim: ChainSimProcess;
let bank: BankSimProcess;
let engine: { stop(): Promise<void> };
const DAYS = 3;

beforeAll(async () => {
  const [gatewayPort, simPort, bankPort] = [await freePort(), await freePort(), await freePort()];
  const callbackUrl = `http://127.0.0.1:${gatewayPort}/v1/wallet/crypto/public/chain/callback`;
  t = await build({
    MARKET_MAKERS: 'true',
    REAL_MARKET_MAKERS: 'true',
    MARKET_MAKER_INTERVAL_MS: '500',
    MARKET_SEED: '7',
    CHART_HISTORY_DAYS: String(DAYS),
    CHAIN_API_URL: `http://127.0.0.1:${simPort}`,
    CHAIN_CALLBACK_URL: callbackUrl,
    CRYPTO_DEPOSIT_REVIEW_SECONDS: '60-120',
    FIAT_DEPOSIT_REVIEW_SECONDS: '60-120',
    BANK_API_URL: `http://127.0.0.1:${bankPort}`,
    BANK_CALLBACK_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
  });
  await t.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  sim = await startChainSim({ port: simPort, secret: t.env.CHAIN_CALLBACK_SECRET, callbackUrl });
  bank = await startBankSim({
    port: bankPort,
    secret: t.env.BANK_CALLBACK_SECRET,
    callbackBaseUrl: `http://127.0.0.1:${gatewayPort}`,
    openSeconds: 2,
  });
  engine = await startEngine(t);
}, 60_000);
afterAll(async () => {
  await t.close();
  await engine.stop();
  await sim.stop();
  await bank.stop();
});

type Depth = { bids: [string, string][]; asks: [string, string][] };
const depth = async (mode: number, symbol: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/v1/market-data/public/depth?symbol=${symbol}&limit=50`,
      headers: { 'runtime-mode': String(mode) },
    })
  ).json<{ data: Depth }>().data;
const spread = (d: Depth) => {
  const bid = Number(d.bids[0]?.[0]);
  const ask = Number(d.asks[0]?.[0]);
  return (ask - bid) / ((ask + bid) / 2);
};
const deep = (d: Depth) => d.bids.length >= 20 && d.asks.length >= 20;

describe('a living market', () => {
  it('Real books have 20+ levels a side, funded only through crypto deposits', async () => {
    for (const symbol of ['BTC_USDT', 'ETH_USDT', 'XAUT_USDT', 'TBILL_USDT']) {
      const d = await eventually(() => depth(RuntimeMode.REAL, symbol), deep, 120_000, 500);
      expect(d.bids.length, symbol).toBeGreaterThanOrEqual(20);
      expect(d.asks.length, symbol).toBeGreaterThanOrEqual(20);
      expect(Number(d.bids[0]?.[0])).toBeLessThan(Number(d.asks[0]?.[0]));
    }
    const house = await t.app.db.user.findMany({ where: { isHouse: true } });
    // The market maker, the taker, and Trade for Reward's prizes (USDT only).
    expect(house.map((u) => u.email).sort()).toEqual(
      [
        HOUSE_ACCOUNTS.maker.email,
        HOUSE_ACCOUNTS.taker.email,
        COMPETITION_REWARDS_ACCOUNT.email,
      ].sort(),
    );
    const ids = house.map((u) => u.id);
    // The only Real credits to the house: crypto deposits, each a transfer the chain reported.
    const inflows = await t.app.db.ledgerEntry.groupBy({
      by: ['flowType'],
      where: { mode: RuntimeMode.REAL, accountId: { in: ids }, amount: { gt: 0 } },
    });
    const flows = inflows.map((f) => f.flowType);
    expect(flows).toContain(FlowType.CRYPTO_DEPOSIT);
    expect(flows).not.toContain(FlowType.DEMO_FUNDING);
    const deposits = await t.app.db.cryptoDeposit.count({
      where: { userId: { in: ids }, state: 'AVAILABLE' },
    });
    expect(deposits).toBeGreaterThan(0);
    // House deposits skip the reviewer's 1-2 minute wait, not the review.
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
    expect(audit.negative).toBe(0);
  }, 150_000);

  it('USD-quoted Real books are two-sided: the house USD came through the partner bank', async () => {
    for (const symbol of ['BTC_USD', 'USDT_USD']) {
      const d = await eventually(() => depth(RuntimeMode.REAL, symbol), deep, 120_000, 500);
      expect(d.bids.length, symbol).toBeGreaterThanOrEqual(20);
      expect(d.asks.length, symbol).toBeGreaterThanOrEqual(20);
      expect(Number(d.bids[0]?.[0])).toBeLessThan(Number(d.asks[0]?.[0]));
    }
    const house = await t.app.db.user.findMany({
      where: {
        isHouse: true,
        email: { in: [HOUSE_ACCOUNTS.maker.email, HOUSE_ACCOUNTS.taker.email] },
      },
      include: { kycApplication: true },
    });
    expect(house).toHaveLength(2);
    for (const u of house) {
      const account = await t.app.db.partnerBankAccount.findUnique({ where: { userId: u.id } });
      // An identity the operator recorded as the house's, and an account the bank opened.
      expect(u.kycApplication?.reference).toBe(`HOUSE-${u.uid}`);
      expect(u.kycApplication?.status).toBe('PASS');
      expect(account?.status).toBe('ACTIVE');
      expect(account?.accountName).toContain('HOUSE ACCOUNT');
      const deposits = await t.app.db.fiatDeposit.findMany({
        where: { userId: u.id, channel: 'BANK', currency: 'USD' },
      });
      expect(deposits.length).toBeGreaterThan(0);
      expect(deposits.every((d) => d.state === 'CREDITED' && d.ledgerTxId !== null)).toBe(true);
    }
    // Every Real USD credit of the house is a bank deposit's FIAT_DEPOSIT posting.
    const ids = house.map((u) => u.id);
    const inflows = await t.app.db.ledgerEntry.groupBy({
      by: ['flowType'],
      where: { mode: RuntimeMode.REAL, asset: 'USD', accountId: { in: ids }, amount: { gt: 0 } },
    });
    const flows = inflows.map((f) => f.flowType);
    expect(flows).toContain(FlowType.FIAT_DEPOSIT);
    const trading: number[] = [
      FlowType.SPOT_ORDER_FREEZE,
      FlowType.SPOT_ORDER_UNFREEZE,
      FlowType.SPOT_TRADE_SETTLEMENT,
    ];
    expect(flows.filter((f) => f !== FlowType.FIAT_DEPOSIT && !trading.includes(f))).toEqual([]);
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
    expect(audit.negative).toBe(0);
  }, 150_000);

  it('spreads follow the asset class: tight for BTC and ETH, wide for real-world assets', async () => {
    const btc = await eventually(() => depth(RuntimeMode.DEMO, 'BTC_USDT'), deep, 60_000, 500);
    const eth = await eventually(() => depth(RuntimeMode.DEMO, 'ETH_USDT'), deep, 60_000, 500);
    const xaut = await eventually(() => depth(RuntimeMode.DEMO, 'XAUT_USDT'), deep, 60_000, 500);
    const hkre = await eventually(() => depth(RuntimeMode.DEMO, 'HKRE_USDT'), deep, 60_000, 500);
    expect(spread(btc)).toBeLessThan(0.001);
    expect(spread(eth)).toBeLessThan(0.001);
    expect(spread(xaut)).toBeGreaterThan(0.003);
    expect(spread(hkre)).toBeGreaterThan(0.003);
    expect(spread(xaut)).toBeLessThan(0.02);
  }, 150_000);

  it('the same seed gives the same quotes; another seed other quotes', async () => {
    const deps = { db: t.app.db, clock: t.clock } as unknown as OrderDeps;
    const maker = (seed: number) =>
      new MarketMaker(deps, { intervalMs: 1000, levels: 20, seed, log: t.app.log });
    const symbols = await availableSymbols({ db: t.app.db, mode: RuntimeMode.DEMO });
    const round = async (seed: number) => {
      const m = maker(seed);
      await m.loadCatalogue();
      return [1, 2, 3].map(() =>
        m.plan(RuntimeMode.DEMO, symbols).map((p) => ({ ...p, symbol: p.symbol.code })),
      );
    };
    const a = await round(42);
    expect(a[0]?.length).toBe(symbols.length);
    expect(a[0]?.[0]?.quotes.length).toBe(40);
    expect(await round(42)).toEqual(a);
    expect(await round(43)).not.toEqual(a);
  });

  it("the taker's orders are IOC limits no deeper than the maker's third level", async () => {
    const deps = { db: t.app.db, clock: t.clock } as unknown as OrderDeps;
    const m = new MarketMaker(deps, { intervalMs: 1000, levels: 20, seed: 7, log: t.app.log });
    await m.loadCatalogue();
    const symbols = await availableSymbols({ db: t.app.db, mode: RuntimeMode.DEMO });
    let takes = 0;
    for (let round = 0; round < 20; round++) {
      for (const p of m.plan(RuntimeMode.DEMO, symbols)) {
        // Every book takes until its first fill (nothing is placed here: none fills).
        if (!p.take) throw new Error(`no taker order for ${p.symbol.code}`);
        takes++;
        const opposite = p.quotes.filter((q) => q.side !== p.take?.side);
        expect(p.take).toMatchObject({ type: 'LIMIT', timeInForce: 'IOC' });
        // The third level on the side taken: a buy pays at most the third ask, a sell gets at
        // least the third bid, whatever else rests deeper in the book.
        expect(p.take.price).toBe(opposite[2]?.price);
        expect(Number(p.take.amount)).toBeGreaterThan(0);
      }
    }
    expect(takes).toBeGreaterThanOrEqual(20 * 10);
  });

  it('backfills days of candles once, and its last candle meets the first live one', async () => {
    const history = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/market-data/public/chart-history?symbol=BTC_USDT',
          headers: { 'runtime-mode': '1' },
        })
      ).json<{ data: { simulatedSince: number | null; simulatedUntil: number | null } }>().data;
    const h = await eventually(history, (v) => v.simulatedUntil !== null, 60_000, 500);
    const until = h.simulatedUntil ?? 0;
    expect(until - (h.simulatedSince ?? 0)).toBe(DAYS * 86_400_000);
    const candles = async (interval: string, limit = 1000) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/market-data/public/candles?symbol=BTC_USDT&interval=${interval}&limit=${limit}`,
          headers: { 'runtime-mode': '1' },
        })
      ).json<{ data: Candle[] }>().data;
    const hours = await candles('1h');
    expect(hours.length).toBeGreaterThanOrEqual(DAYS * 24);
    expect((await candles('1d')).length).toBeGreaterThanOrEqual(DAYS);
    for (const i of ['1m', '5m', '15m', '30m', '4h', '1w', '1M'])
      expect((await candles(i)).length, i).toBeGreaterThan(0);
    // Idempotent: a second run (a restart) adds nothing.
    let books = 0;
    for (const mode of [RuntimeMode.REAL, RuntimeMode.DEMO, RuntimeMode.TRIAL])
      books += (await availableSymbols({ db: t.app.db, mode })).length;
    await eventually(
      () => t.app.db.simulatedHistory.count(),
      (n) => n >= books,
      90_000,
      500,
    );
    const rows = await t.app.db.simulatedCandle.count();
    const again = await backfillChartHistory({
      db: t.app.db,
      now: new Date(),
      days: DAYS,
      seed: 7,
      modes: [RuntimeMode.REAL, RuntimeMode.DEMO, RuntimeMode.TRIAL],
    });
    expect(again.books).toBe(0);
    expect(await t.app.db.simulatedCandle.count()).toBe(rows);
    // The live candles start where the simulated ones end, at about the same price.
    // (The test clock stands still while the engine stamps trades in real time: ask up to now.)
    const recent = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/market-data/public/candles?symbol=BTC_USDT&interval=1m&limit=1000&startTime=${until - 600_000}&endTime=${Date.now() + 60_000}`,
          headers: { 'runtime-mode': '1' },
        })
      ).json<{ data: Candle[] }>().data;
    const minutes = await eventually(
      recent,
      (c) => c.some((x) => x.openTime >= until),
      60_000,
      500,
    );
    const lastSim = minutes.filter((c) => c.openTime < until).at(-1);
    const firstLive = minutes.find((c) => c.openTime >= until);
    expect(lastSim?.openTime).toBe(until - 60_000);
    expect(firstLive?.trades).toBeGreaterThan(0);
    expect(Math.abs(Number(firstLive?.open) / Number(lastSim?.close) - 1)).toBeLessThan(0.02);
  }, 150_000);
});
