import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERT_ENDPOINTS as C,
  type ConvertOrder,
  type ConvertPair,
  type ConvertQuote,
  type Order,
} from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { demo, trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';

/** Convert against the real engine in Demo mode: quotes, confirmation, protection, history. */
let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=100000,BTC=2', ORDER_VERDICT_TIMEOUT_MS: '5000' });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const { place, balance } = trading(() => t);
let n = 0;
const rid = () => `convert-${(n += 1)}`;

async function api<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res =
    payload === undefined
      ? await t.app.inject({ method, url, headers: demo(token) })
      : await t.app.inject({ method, url, headers: demo(token), payload });
  return res.json<{ code: string; data: T; message: string }>();
}
const quote = (token: string, from: string, to: string, amount: string) =>
  api<ConvertQuote>(token, 'POST', C.quote.path, { from, to, amount });
const confirm = (token: string, quoteId: string, clientRequestId = rid()) =>
  api<ConvertOrder>(token, 'POST', C.confirm.path, { quoteId, clientRequestId });
const conversion = (token: string, id: string) =>
  api<ConvertOrder>(token, 'GET', C.order.path.replace(':id', id));

/** A maker resting `levels` on BTC_USDT: [side, price, amount]. */
async function maker(levels: ['BUY' | 'SELL', string, string][]) {
  const m = await signIn(t);
  const ids: string[] = [];
  for (const [side, price, amount] of levels) {
    const res = await place(m.token, { symbol: 'BTC_USDT', side, type: 'LIMIT', price, amount });
    expect(res.json()).toMatchObject({ code: '200' });
    ids.push(res.json<{ data: Order }>().data.id);
  }
  return { ...m, ids };
}

describe('convert', () => {
  it('lists the pairs of the mode, and refuses what cannot convert with a clear error', async () => {
    const u = await signIn(t);
    const pairs = await api<ConvertPair[]>(u.token, 'GET', C.pairs.path);
    expect(pairs.data).toEqual(
      expect.arrayContaining([{ symbol: 'BTC_USDT', base: 'BTC', counter: 'USDT' }]),
    );
    expect((await quote(u.token, 'BTC', 'ETH', '1')).code).toBe('3030');
    expect(await quote(u.token, 'USDT', 'BTC', '1')).toMatchObject({
      code: '3031',
      data: { asset: 'USDT', min: '5', max: '1000000', decimals: 2 },
    });
    expect((await quote(u.token, 'USDT', 'BTC', '10.001')).code).toBe('3031');
    expect((await quote(u.token, 'XRP', 'USDT', '10')).code).toBe('3002');
  });

  it('quotes a buy across the asks, confirms it within its time, and fills at the quote', async () => {
    const m = await maker([
      ['SELL', '100000', '0.001'],
      ['SELL', '101000', '0.002'],
    ]);
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    const q = await quote(u.token, 'USDT', 'BTC', '150');
    // 0.001 at 100,000 (100 USDT), then 49 lots of 0.00001 at 101,000 (49.49 USDT).
    expect(q).toMatchObject({
      code: '200',
      data: {
        from: 'USDT',
        to: 'BTC',
        fromAmount: '150',
        toAmount: '0.00149',
        limitPrice: '101000',
      },
    });
    expect(new Date(q.data.expiresAt).getTime() - t.clock.now()).toBeLessThanOrEqual(10_000);
    const c = await confirm(u.token, q.data.quoteId);
    expect(c.code).toBe('200');
    await until(async () => (await conversion(u.token, c.data.id)).data.state === 'FILLED', 10_000);
    expect((await conversion(u.token, c.data.id)).data).toMatchObject({
      from: 'USDT',
      to: 'BTC',
      fromSpent: '149.49',
      toReceived: '0.00149',
      quotedToAmount: '0.00149',
    });
    await until(async () => (await balance(u.token, 'BTC'))?.available === '2.00149', 10_000);
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '99850.51', frozen: '0' });
    await api(m.token, 'POST', '/v1/spot-order/cancel-all', { symbol: 'BTC_USDT' });
  });

  it('sells down the bids the same way, and is idempotent on the request id', async () => {
    const m = await maker([
      ['BUY', '99000', '0.01'],
      ['BUY', '98000', '0.01'],
    ]);
    const u = await signIn(t);
    await balance(u.token, 'BTC');
    const q = await quote(u.token, 'BTC', 'USDT', '0.015');
    expect(q.data).toMatchObject({ fromAmount: '0.015', toAmount: '1480', limitPrice: '98000' });
    const id = rid();
    const c = await confirm(u.token, q.data.quoteId, id);
    expect((await confirm(u.token, q.data.quoteId, id)).data.id).toBe(c.data.id);
    expect((await confirm(u.token, q.data.quoteId)).code).toBe('3033');
    const again = await quote(u.token, 'BTC', 'USDT', '0.001');
    expect((await confirm(u.token, again.data.quoteId, id)).code).toBe('3034');
    await until(async () => (await conversion(u.token, c.data.id)).data.state === 'FILLED', 10_000);
    await until(async () => (await balance(u.token, 'USDT'))?.available === '101480', 10_000);
    expect(await balance(u.token, 'BTC')).toMatchObject({ available: '1.985', frozen: '0' });
    await api(m.token, 'POST', '/v1/spot-order/cancel-all', { symbol: 'BTC_USDT' });
  });

  it('never fills past the quote: a level gone since is not bought higher, the rest stays', async () => {
    const m = await maker([
      ['SELL', '100000', '0.001'],
      ['SELL', '101000', '0.001'],
    ]);
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    const q = await quote(u.token, 'USDT', 'BTC', '200');
    // 0.001 at 100,000, then 99 lots at 101,000.
    expect(q.data).toMatchObject({ toAmount: '0.00199', limitPrice: '101000' });
    // The second level leaves and a dearer one comes in before the user confirms.
    await api(m.token, 'POST', '/v1/spot-order/cancel', { orderId: m.ids[1] });
    await place(m.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '105000',
      amount: '0.001',
    });
    await until(async () => {
      const depth = await api<{ asks: [string, string][] }>(
        m.token,
        'GET',
        '/v1/market-data/public/depth?symbol=BTC_USDT',
      );
      return depth.data.asks.every(([p]) => p !== '101000');
    }, 10_000);
    const c = await confirm(u.token, q.data.quoteId);
    await until(
      async () => (await conversion(u.token, c.data.id)).data.state === 'PARTIALLY_FILLED',
      10_000,
    );
    expect((await conversion(u.token, c.data.id)).data).toMatchObject({
      fromSpent: '100',
      toReceived: '0.001',
    });
    await until(async () => (await balance(u.token, 'USDT'))?.frozen === '0', 10_000);
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '99900' });
    await api(m.token, 'POST', '/v1/spot-order/cancel-all', { symbol: 'BTC_USDT' });
  });

  it('refuses an expired or foreign quote, and lists the conversions newest first', async () => {
    await maker([['SELL', '100000', '0.01']]);
    const u = await signIn(t);
    const other = await signIn(t);
    const q = await quote(u.token, 'USDT', 'BTC', '10');
    expect((await confirm(other.token, q.data.quoteId)).code).toBe('3032');
    t.clock.advance(10_001);
    expect((await confirm(u.token, q.data.quoteId)).code).toBe('3032');
    const fresh = await quote(u.token, 'USDT', 'BTC', '10');
    const c = await confirm(u.token, fresh.data.quoteId);
    const list = await api<{ result: ConvertOrder[] }>(u.token, 'GET', C.list.path);
    expect(list.data.result.map((r) => r.id)).toEqual([c.data.id]);
    expect((await conversion(other.token, c.data.id)).code).toBe('3035');
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.negative).toBe(0);
  });
});
