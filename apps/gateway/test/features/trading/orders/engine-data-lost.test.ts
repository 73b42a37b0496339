import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineStreamKeys, toUnits, type Order } from '@exchange/contracts';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import {
  engineHeldOrders,
  reconcileWithEngine,
} from '../../../../src/features/trading/orders/engine-reconcile.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { byOrderId, openOrdersAsEngineHolds, startEngine } from '../../../helpers/engine.js';
import { trading, until } from '../../../helpers/trading.js';

// The engine's data folder is lost under a running exchange with open orders (a lost disk, a
// second checkout's empty folder). The engine started again on the empty folder must not
// publish below the stream's top: it waits, settlement gives it the database's open orders, and
// it matches on from there: the same books, the same time priority, nothing lost.
let t: TestApp;
let engine: Awaited<ReturnType<typeof startEngine>>;
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=100000,BTC=2', ORDER_VERDICT_TIMEOUT_MS: '600' });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  rmSync(engine.dataDir, { recursive: true, force: true });
  await t.close();
});

const { place, balance, order } = trading(() => t);
const keys = engineStreamKeys('0');

async function placed(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await place(token, { symbol: 'BTC_USDT', ...body });
  expect(res.json(), JSON.stringify(body)).toMatchObject({ code: '200' });
  return res.json<{ data: Order }>().data.id;
}

const symbol = () => t.app.db.tradingSymbol.findUniqueOrThrow({ where: { code: 'BTC_USDT' } });

describe("the engine's data folder lost under a running exchange", () => {
  it('rebuilds the books from the open orders, loses none, and trades on them', async () => {
    const maker = await signIn(t);
    const other = await signIn(t);
    const taker = await signIn(t);
    for (const u of [maker, other, taker]) await balance(u.token, 'USDT');

    // Two asks at one price (the maker's first), more levels, an iceberg, a bid partly filled,
    // and a stop waiting for its price.
    const first = await placed(maker.token, {
      side: 'SELL',
      type: 'LIMIT',
      price: '50000',
      amount: '0.3',
    });
    const second = await placed(other.token, {
      side: 'SELL',
      type: 'LIMIT',
      price: '50000',
      amount: '0.2',
    });
    await placed(maker.token, { side: 'SELL', type: 'LIMIT', price: '50100', amount: '0.1' });
    await placed(other.token, {
      side: 'SELL',
      type: 'ICEBERG',
      price: '50200',
      amount: '0.5',
      icebergSize: '0.1',
    });
    const bid = await placed(other.token, {
      side: 'BUY',
      type: 'LIMIT',
      price: '49000',
      amount: '0.4',
    });
    await placed(maker.token, { side: 'BUY', type: 'LIMIT', price: '48900', amount: '0.1' });
    await placed(taker.token, { side: 'SELL', type: 'LIMIT', price: '49000', amount: '0.1' });
    await placed(maker.token, {
      side: 'SELL',
      type: 'TRIGGER',
      triggerPrice: '47000',
      triggerDirection: 'BELOW',
      price: '46900',
      amount: '0.1',
    });
    await until(async () => (await order(other.token, bid)).status === 'PARTIALLY_FILLED');
    const before = await openOrdersAsEngineHolds(t);
    expect(before).toHaveLength(7);
    const [top] = await t.app.redis.commands.xrevrange(keys.output, '+', '-', 'COUNT', 1);
    const topSeq = Number(top![0].split('-')[1]);
    await until(async () => (await t.app.redis.commands.get(keys.settled)) === String(topSeq));

    // The folder goes, then the engine with it; an order placed meanwhile waits in the stream.
    rmSync(engine.dataDir, { recursive: true, force: true });
    await engine.kill();
    const late = await placed(maker.token, {
      side: 'BUY',
      type: 'LIMIT',
      price: '48800',
      amount: '0.1',
    });
    expect((await order(maker.token, late)).status).toBe('PENDING');

    // Started again on the empty folder: behind, it waits; settlement rebuilds it by itself.
    engine = await startEngine(t, { dataDir: engine.dataDir });
    await until(async () => (await order(maker.token, late)).status === 'NEW', 15_000);
    expect(await t.app.redis.commands.get(keys.behind)).toBeNull();
    const [after] = await t.app.redis.commands.xrevrange(keys.output, '+', '-', 'COUNT', 1);
    expect(Number(after![0].split('-')[1])).toBeGreaterThan(topSeq);

    // The engine holds exactly the database's open orders, resting ones in time priority.
    const held = await engineHeldOrders(t.app.redis, '0');
    const open = await openOrdersAsEngineHolds(t);
    expect(open).toHaveLength(8);
    expect(byOrderId(held.orders)).toEqual(byOrderId(open));
    const fifty = toUnits('50000', (await symbol()).tickSize.toFixed());
    const atFifty = held.orders.filter((h) => h.side === 'SELL' && h.price === fifty);
    expect(atFifty.map((h) => String(h.orderId))).toEqual([first, second]);

    // A crossing order trades with the rebuilt book, the older ask first, and settles.
    const buy = await place(taker.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.3',
    });
    expect(buy.json()).toMatchObject({ code: '200', data: { status: 'FILLED' } });
    await until(async () => (await order(maker.token, first)).status === 'FILLED');
    expect(await order(other.token, second)).toMatchObject({ status: 'NEW', filled: '0' });
    const trade = await t.app.db.spotTrade.findFirstOrThrow({
      where: { takerOrderId: BigInt(buy.json<{ data: Order }>().data.id) },
    });
    expect(trade.makerOrderId.toString()).toBe(first);
    expect(trade.seq).toBeGreaterThan(topSeq);

    // Nothing is left to reconcile, and the ledger balances.
    await until(async () => (await reconcileWithEngine(opts())).quiet);
    expect((await reconcileWithEngine(opts())).findings).toEqual([]);
    const audit = await auditLedger(t.app.db);
    expect(audit).toMatchObject({ ok: true, unbalanced: [], mismatched: [], negative: 0 });
  });
});

const opts = () => ({
  db: t.app.db,
  redis: t.app.redis,
  clock: t.clock,
  shard: '0',
  apply: false,
});
