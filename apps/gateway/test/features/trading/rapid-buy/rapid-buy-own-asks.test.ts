import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RapidBuy, RapidBuyQuote } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { demo, trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=1000,USD=1000', ORDER_VERDICT_TIMEOUT_MS: '5000' });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);
const quote = async (token: string, usdAmount: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/v1/rapid-buy/quote?usdAmount=${usdAmount}`,
      headers: demo(token),
    })
  ).json<{ code: string; data: RapidBuyQuote }>();
const asks = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/v1/market-data/public/depth?symbol=USDT_USD',
      headers: { 'runtime-mode': '1' },
    })
  ).json<{ data: { asks: [string, string][] } }>().data.asks;

describe("Rapid Buy skips the user's own asks", () => {
  it("quotes and buys the next seller's price when the user's own sell order is the best ask", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const other = await signIn(t);
    const sell = async (token: string, price: string, amount: string) => {
      const r = await place(token, {
        symbol: 'USDT_USD',
        side: 'SELL',
        type: 'LIMIT',
        price,
        amount,
      });
      expect(r.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
      return r.json<{ data: Order }>().data;
    };
    // A's own ask is the best price; B's is slightly worse, within the limit.
    const mine = await sell(a.token, '1', '50');
    await sell(b.token, '1.01', '100');
    await until(async () => (await asks()).length === 2);

    // Anyone else meets A's ask first.
    expect((await quote(other.token, '20')).data).toMatchObject({ bestPrice: '1' });
    // A's quote passes over A's own ask.
    const q = await quote(a.token, '20');
    expect(q).toMatchObject({
      code: '200',
      data: {
        noCounterparty: false,
        bestPrice: '1.01',
        worstPrice: '1.01',
        usdtReceived: '19.8',
        usdFilled: '19.998',
        covered: true,
      },
    });

    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/rapid-buy/orders',
      headers: demo(a.token),
      payload: { clientRequestId: 'own-ask-1', usdAmount: '20' },
    });
    expect(res.json()).toMatchObject({ code: '200' });
    const rb = res.json<{ data: RapidBuy }>().data;
    expect(rb).toMatchObject({ state: 'FILLED', usdFilled: '19.998', usdtReceived: '19.8' });
    // Executed against B at B's price; A's own ask still rests, untouched.
    await until(async () => (await balance(b.token, 'USD'))?.available === '1019.998');
    expect(await order(a.token, mine.id)).toMatchObject({ status: 'NEW', filled: '0' });
    expect(await balance(a.token, 'USDT')).toMatchObject({ available: '969.8', frozen: '50' });
    expect(await balance(a.token, 'USD')).toMatchObject({ available: '980.002', frozen: '0' });
    expect(await asks()).toEqual([
      ['1', '50'],
      ['1.01', '80.2'],
    ]);
    expect((await auditLedger(t.app.db)).ok).toBe(true);
  });
});
