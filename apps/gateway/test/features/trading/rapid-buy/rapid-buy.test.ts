import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RapidBuy, RapidBuyQuote } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { demo, trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { walkAsks } from '../../../../src/features/trading/rapid-buy/rapid-buy-service.js';
import { Decimal } from 'decimal.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({
    DEMO_FUNDING: 'USDT=1000,USD=1000',
    ORDER_VERDICT_TIMEOUT_MS: '5000',
  });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);

const quote = async (token: string, usdAmount: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/rapid-buy/quote?usdAmount=${usdAmount}`,
    headers: demo(token),
  });
const buy = async (token: string, clientRequestId: string, usdAmount: string, mode = '1') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/rapid-buy/orders',
    headers: { ...demo(token), 'runtime-mode': mode },
    payload: { clientRequestId, usdAmount },
  });
const asks = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/v1/market-data/public/depth?symbol=USDT_USD',
      headers: { 'runtime-mode': '1' },
    })
  ).json<{ data: { asks: [string, string][] } }>().data.asks;
const audited = async () => expect((await auditLedger(t.app.db)).ok).toBe(true);

describe('the walk of the asks (the quote)', () => {
  it('takes whole steps per level, the taker fee from the USDT rounded down, the protection to the tick', () => {
    const rules = { stepSize: '0.01', tickSize: '0.01', takerFeeRate: '0.001' };
    expect(
      walkAsks(
        [
          ['1', '50'],
          ['1.01', '30'],
        ],
        new Decimal('60'),
        rules,
        2,
      ),
    ).toMatchObject({
      usdFilled: '59.999',
      usdtGross: '59.9',
      fee: '0.05',
      usdtReceived: '59.85',
      worstPrice: '1.01',
      limitPrice: '1.02',
      levels: 2,
      covered: true,
      usdUnspent: '0.001',
    });
    // The book ends with dollars left: partial.
    expect(walkAsks([['1', '5']], new Decimal('60'), rules, 2)).toMatchObject({
      covered: false,
      usdFilled: '5',
      usdUnspent: '55',
    });
    expect(walkAsks([], new Decimal('60'), rules, 2)).toMatchObject({
      noCounterparty: true,
      covered: false,
      averagePrice: null,
    });
  });
});

describe('Rapid Buy, USD to USDT (Demo, the real engine)', () => {
  let buyer: { token: string };

  it('says Rapid Buy is offered with the pair of the catalogue', async () => {
    buyer = await signIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/rapid-buy/info',
      headers: demo(buyer.token),
    });
    expect(res.json()).toMatchObject({
      code: '200',
      data: { available: true, symbol: 'USDT_USD', spendAsset: 'USD', receiveAsset: 'USDT' },
    });
  });

  it('refuses with no counterparty when the asks are empty: nothing frozen, balance unchanged', async () => {
    const q = await quote(buyer.token, '100');
    expect(q.json()).toMatchObject({
      code: '200',
      data: { noCounterparty: true, covered: false, usdtReceived: '0', levels: 0 },
    });
    // The first request funds the Demo account; its USD stays whole.
    const res = await buy(buyer.token, 'none-1', '100');
    expect(res.json()).toMatchObject({
      code: '6451',
      message: 'No counterparty, please choose a limit order.',
    });
    await place(buyer.token, {
      symbol: 'USDT_USD',
      side: 'BUY',
      type: 'LIMIT',
      price: '0.5',
      amount: '10',
    }).then(async (r) => {
      // Cancel the probe bid at once (it only funds the account if not yet funded).
      const id = r.json<{ data: Order }>().data.id;
      await t.app.inject({
        method: 'POST',
        url: '/v1/spot-order/cancel',
        headers: demo(buyer.token),
        payload: { orderId: id },
      });
    });
    await until(async () => (await balance(buyer.token, 'USD'))?.frozen === '0');
    expect(await balance(buyer.token, 'USD')).toMatchObject({ available: '1000', frozen: '0' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/rapid-buy/orders',
      headers: demo(buyer.token),
    });
    expect(list.json<{ data: { result: RapidBuy[] } }>().data.result).toEqual([]);
    await audited();
  });

  it('quotes and buys against a known book, exact to the unit', async () => {
    const s1 = await signIn(t);
    const s2 = await signIn(t);
    for (const [token, price, amount] of [
      [s1.token, '1', '50'],
      [s2.token, '1.01', '30'],
      [s1.token, '1.02', '100'],
    ] as const) {
      const r = await place(token, {
        symbol: 'USDT_USD',
        side: 'SELL',
        type: 'LIMIT',
        price,
        amount,
      });
      expect(r.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
    }
    await until(async () => (await asks()).length === 3);

    const q = (await quote(buyer.token, '100')).json<{ data: RapidBuyQuote }>().data;
    // 50 at 1.00, 30 at 1.01, then 19.31 at 1.02 (whole steps of 0.01 the 19.70 USD left afford).
    expect(q).toMatchObject({
      usdAmount: '100',
      usdFilled: '99.9962',
      usdtGross: '99.31',
      usdtReceived: '99.31',
      fee: '0',
      bestPrice: '1',
      worstPrice: '1.02',
      limitPrice: '1.03',
      levels: 3,
      covered: true,
      noCounterparty: false,
      usdUnspent: '0.0038',
    });
    expect(q.averagePrice).toBe(
      new Decimal('99.9962').div('99.31').toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(),
    );

    const res = await buy(buyer.token, 'known-1', '100');
    expect(res.json()).toMatchObject({ code: '200' });
    const rb = res.json<{ data: RapidBuy }>().data;
    expect(rb).toMatchObject({
      state: 'FILLED',
      usdRequested: '100',
      usdFilled: '99.9962',
      usdtReceived: '99.31',
      usdReturned: '0.0038',
      quotedAmount: '99.31',
      limitPrice: '1.03',
    });
    const o = await order(buyer.token, rb.orderId ?? '');
    expect(o).toMatchObject({ type: 'MARKET', side: 'BUY', status: 'FILLED', filled: '99.31' });
    expect(await balance(buyer.token, 'USD')).toMatchObject({ available: '900.0038', frozen: '0' });
    expect(await balance(buyer.token, 'USDT')).toMatchObject({ available: '1099.31', frozen: '0' });
    // The sellers got exactly what the buyer paid.
    expect(await balance(s1.token, 'USD')).toMatchObject({ available: '1069.6962' });
    expect(await balance(s2.token, 'USD')).toMatchObject({ available: '1030.3' });
    await audited();
  });

  it('answers a repeated request with the first purchase and refuses the id for another amount', async () => {
    const again = await buy(buyer.token, 'known-1', '100');
    const first = (
      await t.app.inject({ method: 'GET', url: '/v1/rapid-buy/orders', headers: demo(buyer.token) })
    ).json<{ data: { result: RapidBuy[] } }>().data.result;
    expect(first).toHaveLength(1);
    expect(again.json<{ data: RapidBuy }>().data).toMatchObject({
      id: first[0]?.id,
      state: 'FILLED',
    });
    expect(await balance(buyer.token, 'USD')).toMatchObject({ available: '900.0038', frozen: '0' });
    const other = await buy(buyer.token, 'known-1', '50');
    expect(other.json()).toMatchObject({ code: '6452' });
    await audited();
  });

  it('fills what the book has when the purchase exceeds it, and returns the rest', async () => {
    // Left: 80.69 USDT at 1.02.
    await until(async () => (await asks())[0]?.[1] === '80.69');
    const q = (await quote(buyer.token, '200')).json<{ data: RapidBuyQuote }>().data;
    expect(q).toMatchObject({
      covered: false,
      usdFilled: '82.3038',
      usdtReceived: '80.69',
      usdUnspent: '117.6962',
      levels: 1,
    });
    const res = await buy(buyer.token, 'partial-1', '200');
    const rb = res.json<{ data: RapidBuy }>().data;
    expect(rb).toMatchObject({
      state: 'PARTIALLY_FILLED',
      reason: 'EXCEEDS_SUPPLY',
      usdFilled: '82.3038',
      usdtReceived: '80.69',
      usdReturned: '117.6962',
    });
    expect(await balance(buyer.token, 'USD')).toMatchObject({ available: '817.7', frozen: '0' });
    expect(await balance(buyer.token, 'USDT')).toMatchObject({ available: '1180', frozen: '0' });
    await audited();
  });

  it('lists with filters, exports CSV, and keeps Real mode to verified accounts', async () => {
    const filled = await t.app.inject({
      method: 'GET',
      url: '/v1/rapid-buy/orders?state=PARTIALLY_FILLED',
      headers: demo(buyer.token),
    });
    expect(filled.json<{ data: { result: RapidBuy[] } }>().data.result.map((r) => r.state)).toEqual(
      ['PARTIALLY_FILLED'],
    );
    const tooOld = await t.app.inject({
      method: 'GET',
      url: `/v1/rapid-buy/orders?startTime=${t.app.clock.now() - 200 * 86_400_000}`,
      headers: demo(buyer.token),
    });
    expect(tooOld.json()).toMatchObject({ code: '3018' });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/v1/rapid-buy/orders/export',
      headers: demo(buyer.token),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    const real = await buy(buyer.token, 'real-1', '100', '0');
    expect(real.json()).toMatchObject({ code: '7001' });
    const small = await buy(buyer.token, 'small-1', '1');
    expect(small.json()).toMatchObject({ code: '6453' });
    await audited();
  });
  it('bounds the market order by its protection price: nothing fills above it, the rest returns', async () => {
    await until(async () => (await asks()).length === 0);
    const seller = await signIn(t);
    for (const [price, amount] of [
      ['1', '10'],
      ['1.5', '100'],
    ] as const) {
      const r = await place(seller.token, {
        symbol: 'USDT_USD',
        side: 'SELL',
        type: 'LIMIT',
        price,
        amount,
      });
      expect(r.json()).toMatchObject({ code: '200' });
    }
    await until(async () => (await asks()).length === 2);
    const taker = await signIn(t);
    await balance(taker.token, 'USD');
    // As if the book had moved after a quote whose worst price was 1.00 (protection 1.01).
    const o = await t.app.orders.place({
      userId: taker.userId,
      mode: 1,
      req: { symbol: 'USDT_USD', side: 'BUY', type: 'MARKET', timeInForce: 'IOC', total: '50' },
      limitPrice: '1.01',
    });
    await until(async () =>
      ['EXPIRED', 'PARTIALLY_CANCELED'].includes((await order(taker.token, o.id)).status),
    );
    expect(await order(taker.token, o.id)).toMatchObject({ filled: '10', filledTotal: '10' });
    expect(await balance(taker.token, 'USD')).toMatchObject({ available: '990', frozen: '0' });
    expect(await balance(taker.token, 'USDT')).toMatchObject({ available: '1010', frozen: '0' });
    await audited();
  });
});
