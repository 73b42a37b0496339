import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerFlow, Order, Page, WalletTransaction } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { demo, trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({
    DEMO_FUNDING: 'USDT=100000,BTC=2',
    TRIAL_FUNDING: 'USDT=10000',
    DEV_CREDIT: 'true',
  });
  // Settlement reads the fee schedule at its first event: set it before any order.
  await t.app.db.tradingSymbol.update({
    where: { code: 'BTC_USDT' },
    data: { makerFeeRate: '0.001', takerFeeRate: '0.002' },
  });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);

async function transactions(
  token: string,
  query = '',
  mode = '1',
): Promise<Page<WalletTransaction>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/wallet/transactions${query}`,
    headers: { ...demo(token), 'runtime-mode': mode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Page<WalletTransaction> }>().data;
}

async function placeAndCancel(token: string, price: string): Promise<string> {
  const res = await place(token, {
    symbol: 'BTC_USDT',
    side: 'BUY',
    type: 'LIMIT',
    price,
    amount: '0.01',
  });
  const id = res.json<{ data: Order }>().data.id;
  await t.app.inject({
    method: 'POST',
    url: '/v1/spot-order/cancel',
    headers: demo(token),
    payload: { orderId: id },
  });
  await until(async () => (await order(token, id)).status === 'CANCELED');
  return id;
}

describe('transaction history: one line per user action', () => {
  it('shows the Demo funding as one line with every asset of the plan', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    const page = await transactions(u.token);
    expect(page).toMatchObject({ pageNum: 1, pageSize: 10 });
    expect(page.result).toEqual([
      expect.objectContaining({
        type: 'DEMO_FUNDING',
        // A funding is one posting of its own: its reference is that posting.
        reference: { kind: 'POSTING', id: expect.any(String) as string },
        trade: null,
        changes: [
          { asset: 'BTC', amount: '2', fee: '0', networkFee: '0' },
          { asset: 'USDT', amount: '100000', fee: '0', networkFee: '0' },
        ],
      }),
    ]);
    // Trial has its own funding (and its own wording in the client).
    expect((await transactions(u.token, '', '2')).result).toEqual([
      expect.objectContaining({
        type: 'DEMO_FUNDING',
        changes: [{ asset: 'USDT', amount: '10000', fee: '0', networkFee: '0' }],
      }),
    ]);
  });

  it('leaves out an order placed and cancelled without a fill; its ledger entries stay in /flows', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    const id = await placeAndCancel(u.token, '40000.01');
    const page = await transactions(u.token);
    expect(page.result.map((r) => r.type)).toEqual(['DEMO_FUNDING']);
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '100000', frozen: '0' });

    const flows = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/flows?pageSize=50',
      headers: demo(u.token),
    });
    const entries = flows
      .json<{ data: Page<LedgerFlow> }>()
      .data.result.filter((f) => f.refType === 'ORDER');
    // Freeze and release, two legs each, all for the order: the detailed view keeps them.
    expect(entries).toHaveLength(4);
    expect(new Set(entries.map((e) => e.refId))).toEqual(new Set([id]));
    expect(entries.map((e) => `${e.flowName} ${e.bucket} ${e.amount}`).sort()).toEqual([
      'SPOT_ORDER_FREEZE AVAILABLE -400.0001',
      'SPOT_ORDER_FREEZE FROZEN 400.0001',
      'SPOT_ORDER_UNFREEZE AVAILABLE 400.0001',
      'SPOT_ORDER_UNFREEZE FROZEN -400.0001',
    ]);
  });

  it('shows a fill as one line with its fee, for the maker and for the taker, exact to the last unit', async () => {
    const seller = await signIn(t);
    const buyer = await signIn(t);
    await balance(buyer.token, 'USDT');
    const sell = await place(seller.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '60000.01',
      amount: '0.12345',
    });
    const sellId = sell.json<{ data: Order }>().data.id;
    // The buy crosses for 0.12345 and rests with the rest, which is then cancelled.
    const buy = await place(buyer.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000.01',
      amount: '0.2',
    });
    const buyId = buy.json<{ data: Order }>().data.id;
    await until(async () => (await order(buyer.token, buyId)).status === 'PARTIALLY_FILLED');
    await t.app.inject({
      method: 'POST',
      url: '/v1/spot-order/cancel',
      headers: demo(buyer.token),
      payload: { orderId: buyId },
    });
    await until(async () => (await order(buyer.token, buyId)).status === 'PARTIALLY_CANCELED');

    // 0.12345 BTC at 60000.01 = 7407.0012345 USDT. The taker (buyer) pays 0.2% of the BTC,
    // 0.0002469; the maker (seller) 0.1% of the USDT, 7.4070012345 rounded down to USDT's 6 places.
    const trade = {
      symbol: 'BTC_USDT',
      price: '60000.01',
      quantity: '0.12345',
      total: '7407.0012345',
    };
    const buyerPage = await transactions(buyer.token);
    expect(buyerPage.result.map((r) => r.type)).toEqual(['TRADE', 'DEMO_FUNDING']);
    expect(buyerPage.result[0]).toMatchObject({
      type: 'TRADE',
      trade: { ...trade, orderId: buyId, side: 'BUY', liquidity: 'TAKER' },
      changes: [
        { asset: 'BTC', amount: '0.12345', fee: '0.0002469', networkFee: '0' },
        { asset: 'USDT', amount: '-7407.0012345', fee: '0', networkFee: '0' },
      ],
    });
    const sellerPage = await transactions(seller.token);
    expect(sellerPage.result.map((r) => r.type)).toEqual(['TRADE', 'DEMO_FUNDING']);
    expect(sellerPage.result[0]).toMatchObject({
      type: 'TRADE',
      trade: { ...trade, orderId: sellId, side: 'SELL', liquidity: 'MAKER' },
      changes: [
        { asset: 'BTC', amount: '-0.12345', fee: '0', networkFee: '0' },
        { asset: 'USDT', amount: '7407.0012345', fee: '7.407001', networkFee: '0' },
      ],
    });
    // Both sides also show as one trade in my trades, with the same id.
    const myTrades = await t.app.inject({
      method: 'GET',
      url: '/v1/spot-order/trades',
      headers: demo(buyer.token),
    });
    expect(myTrades.json<{ data: Page<{ id: string }> }>().data.result.map((r) => r.id)).toEqual([
      buyerPage.result[0]?.trade?.id,
    ]);

    // The lines add up to the balances, to the last unit.
    for (const [who, page] of [
      [buyer, buyerPage],
      [seller, sellerPage],
    ] as const) {
      for (const asset of ['BTC', 'USDT']) {
        const sum = page.result
          .flatMap((r) => r.changes)
          .filter((c) => c.asset === asset)
          .reduce((s, c) => s.plus(c.amount).minus(c.fee), new Decimal(0));
        expect((await balance(who.token, asset))?.available, asset).toBe(sum.toFixed());
      }
    }
    expect(await balance(buyer.token, 'BTC')).toMatchObject({
      available: '2.1232031',
      frozen: '0',
    });
    expect(await balance(buyer.token, 'USDT')).toMatchObject({
      available: '92592.9987655',
      frozen: '0',
    });
    expect(await balance(seller.token, 'USDT')).toMatchObject({
      available: '107399.5942335',
      frozen: '0',
    });

    // Filters: by asset and by type.
    expect((await transactions(buyer.token, '?type=TRADE')).result.map((r) => r.type)).toEqual([
      'TRADE',
    ]);
    expect((await transactions(buyer.token, '?asset=BTC')).result).toHaveLength(2);
    expect((await transactions(buyer.token, '?type=DEMO_RESET')).result).toEqual([]);
    expect((await auditLedger(t.app.db)).ok).toBe(true);
  });

  it('pages by action: 10 lines a page by default, however many entries each has', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    for (let i = 1; i <= 11; i += 1) {
      t.clock.advance(1000);
      const credit = await t.app.inject({
        method: 'POST',
        url: '/v1/wallet/dev/credit',
        headers: demo(u.token),
        payload: { asset: 'USDT', amount: `${i}.000001` },
      });
      expect(credit.statusCode).toBe(200);
      // Orders placed and cancelled between them: four entries each, no line.
      if (i % 4 === 0) await placeAndCancel(u.token, '40000.02');
    }
    const first = await transactions(u.token);
    const second = await transactions(u.token, '?pageNum=2');
    expect(first.pageSize).toBe(10);
    expect(first.result).toHaveLength(10);
    expect(second.result).toHaveLength(2);
    const ids = [...first.result, ...second.result].map((r) => r.id);
    expect(new Set(ids).size).toBe(12);
    // Newest first: the last credit leads, the funding is last.
    expect(first.result[0]).toMatchObject({
      type: 'DEV_CREDIT',
      changes: [{ asset: 'USDT', amount: '11.000001', fee: '0', networkFee: '0' }],
    });
    expect(second.result.map((r) => r.type)).toEqual(['DEV_CREDIT', 'DEMO_FUNDING']);
    expect((await transactions(u.token, '?pageSize=5&pageNum=3')).result).toHaveLength(2);
    expect((await transactions(u.token, '?type=DEV_CREDIT&pageSize=20')).result).toHaveLength(11);
    expect((await transactions(u.token, '?asset=BTC')).result.map((r) => r.type)).toEqual([
      'DEMO_FUNDING',
    ]);
  });

  it('shows a reset as one line that brings each asset back to the plan', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: demo(u.token),
      payload: { asset: 'ETH', amount: '1.5' },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/demo/reset',
      headers: demo(u.token),
    });
    expect(reset.statusCode).toBe(200);
    const [latest] = (await transactions(u.token)).result;
    expect(latest).toMatchObject({
      type: 'DEMO_RESET',
      changes: [{ asset: 'ETH', amount: '-1.5', fee: '0', networkFee: '0' }],
    });
  });

  it('lists only the types a spot user can have in the mode', async () => {
    const u = await signIn(t);
    const types = async (mode: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/wallet/transaction-types',
          headers: { ...demo(u.token), 'runtime-mode': mode },
        })
      ).json<{ data: string[] }>().data;
    // The development credit (enabled in this file) exists in Demo and Trial only.
    expect(await types('1')).toEqual(['TRADE', 'DEMO_FUNDING', 'DEMO_RESET', 'DEV_CREDIT']);
    expect(await types('2')).toEqual(['TRADE', 'DEMO_FUNDING', 'DEMO_RESET', 'DEV_CREDIT']);
    // Real: no simulated funds and never a development credit; deposits, withdrawals, the fiat
    // services and the partner-bank fees instead.
    expect(await types('0')).toEqual([
      'TRADE',
      'CRYPTO_DEPOSIT',
      'CRYPTO_WITHDRAWAL',
      'FIAT_DEPOSIT',
      'CARD_DEPOSIT',
      'FIAT_WITHDRAWAL',
      'PARTNER_BANK_FEE',
      'INTERNAL_TRANSFER_IN',
      'INTERNAL_TRANSFER_OUT',
      'FLASH_REMITTANCE_IN',
      'FLASH_REMITTANCE_OUT',
      'FOREIGN_EXCHANGE',
      'COMPETITION_REWARD',
    ]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/wallet/transaction-types' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses history older than 6 months and unknown types', async () => {
    const u = await signIn(t);
    const old = await t.app.inject({
      method: 'GET',
      url: `/v1/wallet/transactions?startTime=${t.clock.now() - 200 * 86_400_000}`,
      headers: demo(u.token),
    });
    expect(old.json()).toMatchObject({ code: '3018' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/transactions?type=OPTION_IN',
      headers: demo(u.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
