import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { sleep } from '../../../helpers/wait.js';
import { startEngine } from '../../../helpers/engine.js';
import { demo, trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({
    DEMO_FUNDING: 'USDT=100000,BTC=2',
    ORDER_VERDICT_TIMEOUT_MS: '5000',
    DEV_CREDIT: 'true',
  });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);

describe('spot trading end to end (Demo)', () => {
  it('trades a resting limit sell against a market buy, exactly', async () => {
    const seller = await signIn(t);
    const buyer = await signIn(t);
    const sell = await place(seller.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '60000',
      amount: '0.5',
    });
    expect(sell.json()).toMatchObject({
      code: '200',
      data: { status: 'NEW', amount: '0.5', price: '60000' },
    });
    const sellId = sell.json<{ data: Order }>().data.id;
    expect(await balance(seller.token, 'BTC')).toMatchObject({ available: '1.5', frozen: '0.5' });

    const buy = await place(buyer.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'MARKET',
      total: '30000',
    });
    expect(buy.json()).toMatchObject({ code: '200' });
    const buyId = buy.json<{ data: Order }>().data.id;
    await until(async () => (await order(buyer.token, buyId)).status === 'FILLED');
    expect(await order(buyer.token, buyId)).toMatchObject({
      filled: '0.5',
      filledTotal: '30000',
      averagePrice: '60000',
      liquidity: 'TAKER',
    });
    expect(await order(seller.token, sellId)).toMatchObject({
      status: 'FILLED',
      filled: '0.5',
      liquidity: 'MAKER',
    });

    expect(await balance(seller.token, 'BTC')).toMatchObject({ available: '1.5', frozen: '0' });
    expect(await balance(seller.token, 'USDT')).toMatchObject({ available: '130000', frozen: '0' });
    expect(await balance(buyer.token, 'BTC')).toMatchObject({ available: '2.5', frozen: '0' });
    expect(await balance(buyer.token, 'USDT')).toMatchObject({ available: '70000', frozen: '0' });

    const trades = await t.app.inject({
      method: 'GET',
      url: '/v1/spot-order/trades',
      headers: demo(buyer.token),
    });
    expect(trades.json<{ data: { result: unknown[] } }>().data.result).toEqual([
      expect.objectContaining({
        side: 'BUY',
        price: '60000',
        amount: '0.5',
        total: '30000',
        liquidity: 'TAKER',
        feeAsset: 'BTC',
      }),
    ]);
    expect((await auditLedger(t.app.db)).ok).toBe(true);
  });

  it('buys at market by amount, frozen at the protection price, and releases what it did not spend', async () => {
    const seller = await signIn(t);
    const buyer = await signIn(t);
    const ask = await place(seller.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '1000',
      amount: '0.2',
    });
    expect(ask.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
    // The protection price comes from the settled book: wait until it shows the ask.
    await until(async () => {
      const depth = await t.app.inject({
        method: 'GET',
        url: '/v1/market-data/public/depth?symbol=BTC_USDT',
        headers: { 'runtime-mode': '1' },
      });
      return depth.json<{ data: { asks: [string, string][] } }>().data.asks[0]?.[0] === '1000';
    });
    const buy = await place(buyer.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'MARKET',
      amount: '0.3',
    });
    expect(buy.json()).toMatchObject({ code: '200' });
    const id = buy.json<{ data: Order }>().data.id;
    // 0.2 fill at 1000; the rest would cost more than 1050 (5 % above the best ask): it ends.
    await until(async () => (await order(buyer.token, id)).status === 'PARTIALLY_CANCELED');
    expect(await order(buyer.token, id)).toMatchObject({ filled: '0.2', filledTotal: '200' });
    expect(await balance(buyer.token, 'USDT')).toMatchObject({ available: '99800', frozen: '0' });
    expect(await balance(buyer.token, 'BTC')).toMatchObject({ available: '2.2', frozen: '0' });
  });

  it('rejects a market order with no counterparty and unfreezes', async () => {
    const u = await signIn(t);
    const res = await place(u.token, {
      symbol: 'ETH_USDT',
      side: 'BUY',
      type: 'MARKET',
      total: '100',
    });
    expect(res.json()).toMatchObject({
      code: '3002',
      message: 'No counterparty, please choose a limit order.',
    });
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '100000', frozen: '0' });
  });

  it('ends a market buy that outran the book part filled, with 3003, and releases the rest', async () => {
    const seller = await signIn(t);
    const buyer = await signIn(t);
    await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: demo(seller.token),
      payload: { asset: 'TBILL', amount: '10' },
    });
    await place(seller.token, {
      symbol: 'TBILL_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '1.5',
      amount: '10',
    });
    await balance(buyer.token, 'USDT');
    const buy = await place(buyer.token, {
      symbol: 'TBILL_USDT',
      side: 'BUY',
      type: 'MARKET',
      total: '50',
    });
    expect(buy.json()).toMatchObject({ code: '200' });
    const id = buy.json<{ data: Order }>().data.id;
    await until(async () => (await order(buyer.token, id)).status === 'PARTIALLY_CANCELED');
    expect(await order(buyer.token, id)).toMatchObject({
      filled: '10',
      filledTotal: '15',
      code: '3003',
    });
    expect(await balance(buyer.token, 'USDT')).toMatchObject({ available: '99985', frozen: '0' });
    expect(await balance(buyer.token, 'TBILL')).toMatchObject({ available: '10' });
    // A market order that filled completely carries no code.
    const sellerOrders = await t.app.inject({
      method: 'GET',
      url: '/v1/spot-order/history?symbol=TBILL_USDT',
      headers: demo(seller.token),
    });
    expect(sellerOrders.json<{ data: { result: Order[] } }>().data.result[0]).toMatchObject({
      status: 'FILLED',
      code: null,
    });
  });

  it('cancels a resting order and returns its funds', async () => {
    const u = await signIn(t);
    const res = await place(u.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '1',
    });
    const id = res.json<{ data: Order }>().data.id;
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '50000', frozen: '50000' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/v1/spot-order/cancel',
      headers: demo(u.token),
      payload: { orderId: id },
    });
    expect(cancel.json()).toMatchObject({ code: '200' });
    await until(async () => (await order(u.token, id)).status === 'CANCELED');
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '100000', frozen: '0' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/spot-order/cancel',
      headers: demo(u.token),
      payload: { orderId: id },
    });
    expect(again.json()).toMatchObject({ code: '3015' });
  });

  it('answers two cancels of one order sent in the same instant, both at once', async () => {
    const u = await signIn(t);
    const res = await place(u.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '40000',
      amount: '0.5',
    });
    const id = res.json<{ data: Order }>().data.id;
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/spot-order/cancel',
        headers: demo(u.token),
        payload: { orderId: id },
      });
    // The test clock stands still: both requests carry the same time. Neither may wait out the
    // verdict timeout (5 s here); one cancels, the other is told the order is no longer open.
    const started = Date.now();
    const answers = await Promise.all([cancel(), cancel()]);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(answers.map((a) => a.json<{ code: string }>().code).sort()).toEqual(['200', '3015']);
    await until(async () => (await order(u.token, id)).status === 'CANCELED');
  });

  it('checks every rule before freezing anything', async () => {
    const u = await signIn(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', amount: '0.1' }, '3004'],
      [{ symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '0', amount: '0.1' }, '3004'],
      [
        { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '100', amount: '0.000001' },
        '3006',
      ],
      [{ symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '100.001', amount: '0.1' }, '3010'],
      [{ symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '1', amount: '0.1' }, '3008'],
      [{ symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: 'abc', amount: '0.1' }, '3012'],
      [
        {
          symbol: 'BTC_USDT',
          side: 'SELL',
          type: 'ICEBERG',
          price: '70000',
          amount: '0.1',
          icebergSize: '0.1',
        },
        '3009',
      ],
      // A trigger buy without a limit price is still sized by its total.
      [
        {
          symbol: 'BTC_USDT',
          side: 'BUY',
          type: 'TRIGGER',
          amount: '0.1',
          triggerPrice: '1',
          triggerDirection: 'BELOW',
        },
        '3004',
      ],
      [
        { symbol: 'BTC_USDT', side: 'BUY', type: 'MARKET', amount: '0.1', timeInForce: 'FOK' },
        '3020',
      ],
      [{ symbol: 'LUNC_USDT', side: 'BUY', type: 'LIMIT', price: '1', amount: '10' }, '3013'],
      // Beyond the symbol's maximum amount (100 BTC) and value (1,000,000 USDT): the range.
      [{ symbol: 'BTC_USDT', side: 'SELL', type: 'LIMIT', price: '1', amount: '100.1' }, '3011'],
      [{ symbol: 'BTC_USDT', side: 'BUY', type: 'MARKET', total: '1000000.01' }, '3011'],
      [{ symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '1000000', amount: '1' }, '3001'],
    ];
    for (const [body, code] of cases)
      expect((await place(u.token, body)).json(), JSON.stringify(body)).toMatchObject({ code });
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '100000', frozen: '0' });
  });

  it('requires identity verification in Real mode', async () => {
    const optedOut = await signIn(t, { kycLevel: -1 });
    const unverified = await signIn(t, { kycLevel: 0 });
    const body = { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '100', amount: '0.1' };
    // Opted out: limited to 1000 USD a day (kyc-permissions.test.ts), here beyond it.
    expect((await place(optedOut.token, { ...body, price: '20000' }, '0')).json()).toMatchObject({
      code: '7034',
      data: { limitUsd: '1000' },
    });
    expect((await place(unverified.token, body, '0')).json()).toMatchObject({
      code: '7001',
      message: 'Insufficient KYC level permissions.',
    });
  });

  it('answers the same clientOrderId sent 50 times at once with one order', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    const body = {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      amount: '0.01',
      clientOrderId: 'retry-1',
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(u.token, body)));
    const ids = new Set(answers.map((a) => a.json<{ data: Order }>().data.id));
    expect(ids.size).toBe(1);
    expect(await t.app.db.spotOrder.count({ where: { clientOrderId: 'retry-1' } })).toBe(1);
    expect(await balance(u.token, 'USDT')).toMatchObject({ frozen: '10' });
  });

  it('accepts only what the balance covers from 100 concurrent orders', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    // 100 orders of 2,000 USDT each against 100,000 USDT: exactly 50 fit.
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        place(u.token, {
          symbol: 'BTC_USDT',
          side: 'BUY',
          type: 'LIMIT',
          price: '1000',
          amount: '2',
        }),
      ),
    );
    const codes = answers.map((a) => a.json<{ code: string }>().code);
    expect([...new Set(codes)].sort()).toEqual(['200', '3001']);
    expect(codes.filter((c) => c === '200')).toHaveLength(50);
    expect(codes.filter((c) => c === '3001')).toHaveLength(50);
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '0', frozen: '100000' });
    const open = await t.app.inject({
      method: 'GET',
      url: '/v1/spot-order/open-orders?pageSize=100',
      headers: demo(u.token),
    });
    expect(open.json<{ data: { result: unknown[] } }>().data.result).toHaveLength(50);
  });

  it('replaces an order in one step with cancel-place', async () => {
    const u = await signIn(t);
    const first = await place(u.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '40000',
      amount: '1',
    });
    const id = first.json<{ data: Order }>().data.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/spot-order/cancel-place',
      headers: demo(u.token),
      payload: {
        cancelOrderId: id,
        order: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '41000', amount: '1' },
      },
    });
    expect(res.json()).toMatchObject({ code: '200', data: { price: '41000', status: 'NEW' } });
    await until(async () => (await order(u.token, id)).status === 'CANCELED');
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '59000', frozen: '41000' });
  });

  it('replaces all or nothing, judged as if the old order were gone', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: demo(u.token),
      payload: { asset: 'XAUT', amount: '1' },
    });
    // The only ask of the book is the user's own.
    const first = await place(u.token, {
      symbol: 'XAUT_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '2000',
      amount: '1',
    });
    const id = first.json<{ data: Order }>().data.id;
    const replace = (replacement: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/spot-order/cancel-place',
        headers: demo(u.token),
        payload: { cancelOrderId: id, order: { symbol: 'XAUT_USDT', ...replacement } },
      });
    // A market buy would have no counterparty once the old order is gone: nothing changes.
    const refused = await replace({ side: 'BUY', type: 'MARKET', total: '1500' });
    expect(refused.json()).toMatchObject({ code: '3002' });
    expect(await order(u.token, id)).toMatchObject({ status: 'NEW', amount: '1' });
    expect(await balance(u.token, 'XAUT')).toMatchObject({ available: '0', frozen: '1' });
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '100000', frozen: '0' });
    // A post-only buy at the old ask's price crosses nothing once the old order is gone.
    const replaced = await replace({
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'POST_ONLY',
      price: '2000',
      amount: '1',
    });
    expect(replaced.json()).toMatchObject({ code: '200', data: { status: 'NEW', price: '2000' } });
    await until(async () => (await order(u.token, id)).status === 'CANCELED');
    expect(await balance(u.token, 'XAUT')).toMatchObject({ available: '1', frozen: '0' });
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '98000', frozen: '2000' });
  });

  it('charges maker and taker fees from the schedule when it is not zero', async () => {
    await t.app.db.tradingSymbol.update({
      where: { code: 'XRP_USDT' },
      data: { makerFeeRate: '0.001', takerFeeRate: '0.002' },
    });
    const maker = await signIn(t);
    const taker = await signIn(t);
    await balance(taker.token, 'USDT');
    await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: demo(maker.token),
      payload: { asset: 'XRP', amount: '1000' },
    });
    await place(maker.token, {
      symbol: 'XRP_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '2',
      amount: '1000',
    });
    const buy = await place(taker.token, {
      symbol: 'XRP_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '2',
      amount: '500',
    });
    await until(
      async () =>
        (await order(taker.token, buy.json<{ data: Order }>().data.id)).status === 'FILLED',
    );
    // The taker buys 500 XRP for 1,000 USDT and pays 0.2% of the XRP; the maker receives 1,000 USDT less 0.1%.
    expect(await balance(taker.token, 'XRP')).toMatchObject({ available: '499', frozen: '0' });
    expect(await balance(taker.token, 'USDT')).toMatchObject({ available: '99000', frozen: '0' });
    expect(await balance(maker.token, 'USDT')).toMatchObject({ available: '100999', frozen: '0' });
    const fees = await t.app.db.balance.findMany({ where: { accountId: 'system:fees', mode: 1 } });
    expect(Object.fromEntries(fees.map((f) => [f.asset, f.available.toFixed()]))).toMatchObject({
      XRP: '1',
      USDT: '1',
    });
  });

  it('sends the command of an order stuck PENDING again (Redis lost it)', async () => {
    const { insertAndFreeze } = await import(
      '../../../../src/features/trading/orders/order-store.js'
    );
    const { checkOrder } = await import('../../../../src/features/trading/orders/order-rules.js');
    const { tradableSymbol } = await import(
      '../../../../src/features/trading/orders/symbol-rules.js'
    );
    const { resendPending } = await import('../../../../src/features/trading/orders/reconcile.js');
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    const req = {
      symbol: 'BTC_USDT',
      side: 'BUY' as const,
      type: 'LIMIT' as const,
      price: '1234',
      amount: '1',
    };
    const checked = checkOrder(req, await tradableSymbol(t.app.db, 1, 'BTC_USDT'));
    const id = await insertAndFreeze(t.app.sql, {
      userId: u.userId,
      mode: 1,
      symbol: 'BTC_USDT',
      clientOrderId: null,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      triggerDirection: null,
      checked,
      at: t.clock.date(),
    });
    expect(
      await resendPending({ db: t.app.db, redis: t.app.redis, clock: t.clock, shard: '0' }),
    ).toBe(0);
    t.clock.advance(31_000);
    expect(
      await resendPending({ db: t.app.db, redis: t.app.redis, clock: t.clock, shard: '0' }),
    ).toBe(1);
    await until(async () => (await order(u.token, id.toString())).status === 'NEW');
    expect(await balance(u.token, 'USDT')).toMatchObject({ frozen: '1234' });
  });

  it('takes a trailing buy by total, keeps waiting stops out of the book, and fires them', async () => {
    const maker = await signIn(t);
    const taker = await signIn(t);
    const watcher = await signIn(t);
    await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: demo(maker.token),
      payload: { asset: 'ETH', amount: '10' },
    });
    await balance(taker.token, 'USDT');
    await balance(watcher.token, 'USDT');
    const trade = async (price: string) => {
      await place(maker.token, {
        symbol: 'ETH_USDT',
        side: 'SELL',
        type: 'LIMIT',
        price,
        amount: '0.1',
      });
      expect(
        (
          await place(taker.token, {
            symbol: 'ETH_USDT',
            side: 'BUY',
            type: 'LIMIT',
            price,
            amount: '0.1',
          })
        ).json(),
      ).toMatchObject({ data: { status: 'FILLED' } });
    };
    await trade('3000');
    // A stop-limit buy waiting for 3100, and a trailing buy by total (it becomes a market buy).
    const stop = await place(watcher.token, {
      symbol: 'ETH_USDT',
      side: 'BUY',
      type: 'TRIGGER',
      triggerPrice: '3100',
      triggerDirection: 'ABOVE',
      price: '2900',
      amount: '0.2',
    });
    expect(stop.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
    const trail = await place(watcher.token, {
      symbol: 'ETH_USDT',
      side: 'BUY',
      type: 'TRAILING',
      trailingDelta: '50',
      total: '310',
    });
    expect(trail.json()).toMatchObject({ code: '200' });
    const trailId = trail.json<{ data: Order }>().data.id;
    expect(await balance(watcher.token, 'USDT')).toMatchObject({ frozen: '890' });

    // The book rebuilt from Postgres (Redis lost it) holds no waiting stop.
    const { DepthStore } = await import(
      '../../../../src/features/trading/market-data/depth-store.js'
    );
    const rebuilt = async () => {
      await t.app.redis.commands.del(
        'l2:{1:ETH_USDT}:seq',
        'l2:{1:ETH_USDT}:BUY',
        'l2:{1:ETH_USDT}:SELL',
        'l2:{1:ETH_USDT}:BUY:px',
        'l2:{1:ETH_USDT}:SELL:px',
      );
      return new DepthStore(t.app.redis, t.app.db).snapshot(1, 'ETH_USDT');
    };
    expect((await rebuilt()).bids).toEqual([]);

    // A trade at 3100 fires both: the trailing buy spends its 310 at 3100, the stop rests at 2900.
    await place(maker.token, {
      symbol: 'ETH_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '3100',
      amount: '1',
    });
    await trade('3100');
    await until(async () => (await order(watcher.token, trailId)).status === 'FILLED');
    expect(await order(watcher.token, trailId)).toMatchObject({
      filled: '0.1',
      filledTotal: '310',
    });
    const row = await t.app.db.spotOrder.findUniqueOrThrow({
      where: { id: BigInt(stop.json<{ data: Order }>().data.id) },
    });
    expect(row.status).toBe('NEW');
    expect(row.triggeredAt).not.toBeNull();
    expect((await rebuilt()).bids).toEqual([['2900', '0.2']]);
  });

  it('keeps the ledger exact after everything above', async () => {
    await sleep(500);
    const result = await auditLedger(t.app.db);
    expect(result.unbalanced).toEqual([]);
    expect(result.mismatched).toEqual([]);
    expect(result.negative).toBe(0);
  });
});

describe('market data and the socket', () => {
  it('trades over the socket; every subscriber gets the trade, the depth change and the ticker', async () => {
    const { Client } = await import('../../../helpers/socket-client.js');
    const { listen } = await import('../../../helpers/listen.js');
    const url = await listen(t);
    const seller = await signIn(t);
    const buyer = await signIn(t);
    await balance(seller.token, 'ETH');
    await balance(buyer.token, 'USDT');

    const watcher = await Client.open(url);
    await watcher.request('settings', { args: { runtimeMode: 1 } });
    const sub = await watcher.request('subscribe', {
      channel: 'orderBook',
      args: { symbol: 'SOL_USDT' },
    });
    expect(sub.code).toBe('200');
    const snapshot = (await watcher.next(
      (m) => m.event === 'push' && m.channel === 'orderBook',
    )) as { data: { type: string; seq: number } };
    expect(snapshot.data.type).toBe('snapshot');
    for (const channel of ['trade', 'ticker', 'statsTradeVolume'])
      expect(
        (await watcher.request('subscribe', { channel, args: { symbol: 'SOL_USDT' } })).code,
      ).toBe('200');
    expect(
      (
        await watcher.request('subscribe', {
          channel: 'candle',
          args: { symbol: 'SOL_USDT', interval: '1h' },
        })
      ).code,
    ).toBe('200');

    const s = await Client.open(url);
    expect((await s.request('login', { args: { token: seller.token, runtimeMode: 1 } })).code).toBe(
      '200',
    );
    await s.request('subscribe', { channel: 'fills' });
    const b = await Client.open(url);
    expect((await b.request('login', { args: { token: buyer.token, runtimeMode: 1 } })).code).toBe(
      '200',
    );
    await b.request('subscribe', { channel: 'order' });

    // SOL is not in this file's funding plan, so the seller gets some first.
    await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: demo(seller.token),
      payload: { asset: 'SOL', amount: '10' },
    });
    const placed = await s.request('place', {
      args: { symbol: 'SOL_USDT', side: 'SELL', type: 'LIMIT', price: '150', amount: '4' },
    });
    expect(placed).toMatchObject({ code: '200', data: { status: 'NEW' } });
    const bought = await b.request('place', {
      args: { symbol: 'SOL_USDT', side: 'BUY', type: 'MARKET', total: '300' },
    });
    expect(bought.code).toBe('200');

    // A push carries one item, or an array of the items of one settlement batch.
    const items = (d: unknown): unknown[] => (Array.isArray(d) ? d : [d]);
    const trade = await watcher.next((m) => m.event === 'push' && m.channel === 'trade');
    expect(items(trade.data)).toEqual([
      expect.objectContaining({ price: '150', amount: '2', side: 'BUY' }),
    ]);
    const ticker = await watcher.next((m) => m.event === 'push' && m.channel === 'ticker');
    expect(ticker).toMatchObject({ data: { symbol: 'SOL_USDT', last: '150', volume: '2' } });
    expect(await watcher.next((m) => m.event === 'push' && m.channel === 'candle')).toMatchObject({
      args: { interval: '1h' },
      data: { open: '150', volume: '2', trades: 1 },
    });
    expect(
      await watcher.next((m) => m.event === 'push' && m.channel === 'statsTradeVolume'),
    ).toMatchObject({ data: { volume24h: '2', quoteVolume24h: '300' } });
    await watcher.next(
      (m) =>
        m.event === 'push' &&
        m.channel === 'orderBook' &&
        items(m.data).some((i) => (i as { amount?: string }).amount === '2'),
    );
    const increments = watcher.messages
      .filter((m) => m.event === 'push' && m.channel === 'orderBook')
      .flatMap((m) => items(m.data) as { type: string; seq: number }[])
      .filter((i) => i.type === 'increment')
      .map((i) => i.seq);
    expect(increments[0]).toBe(snapshot.data.seq + 1);
    expect(increments).toEqual(increments.map((_, i) => snapshot.data.seq + 1 + i));

    expect(await s.next((m) => m.event === 'push' && m.channel === 'fills')).toMatchObject({
      data: { side: 'SELL', liquidity: 'MAKER', amount: '2', total: '300' },
    });
    expect(
      await b.next(
        (m) =>
          m.event === 'push' &&
          m.channel === 'order' &&
          (m.data as { status: string }).status === 'FILLED',
      ),
    ).toBeTruthy();

    const depth = await t.app.inject({
      method: 'GET',
      url: '/v1/market-data/public/depth?symbol=SOL_USDT',
      headers: { 'runtime-mode': '1' },
    });
    expect(depth.json()).toMatchObject({ data: { asks: [['150', '2']], bids: [] } });
    const candles = await t.app.inject({
      method: 'GET',
      url: '/v1/market-data/public/candles?symbol=SOL_USDT&interval=1m',
      headers: { 'runtime-mode': '1' },
    });
    expect(candles.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ open: '150', close: '150', volume: '2', trades: 1 }),
    ]);
    const tickers = await t.app.inject({
      method: 'GET',
      url: '/v1/market-data/public/tickers',
      headers: { 'runtime-mode': '1' },
    });
    expect(
      tickers
        .json<{ data: { symbol: string; last: string | null }[] }>()
        .data.find((x) => x.symbol === 'SOL_USDT')?.last,
    ).toBe('150');
    for (const c of [watcher, s, b]) c.close();
    expect((await auditLedger(t.app.db)).ok).toBe(true);
  });
});
