import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXCHANGE_RATES_KEY,
  FOREIGN_EXCHANGE_PATHS,
  RuntimeMode,
  WITHDRAWAL_PATHS,
} from '@exchange/contracts';
import { MONEY_MAX } from '@exchange/contracts/decimal';
import { announceCatalogueChange } from '../../src/lib/catalogue-changes.js';
import { build, type TestApp } from '../helpers/build.js';
import { until } from '../helpers/wait.js';
import { listen } from '../helpers/listen.js';
import { Client } from '../helpers/socket-client.js';
import {
  account,
  balance,
  call,
  codes,
  credit,
  expectAuditClean,
  type Account,
} from './wallet/withdrawal/setup.js';

/** Far past the NUMERIC(38, 18) columns money ends in: the preview once answered a fee of 1e36. */
const HUGE = '9'.repeat(38);
const REFUSED = `must be at most ${MONEY_MAX}`;

let t: TestApp;
let a: Account;
let b: Account;
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=100000,BTC=2' });
  await t.app.redis.commands.set(
    EXCHANGE_RATES_KEY,
    JSON.stringify({ ts: Date.now(), quote: 'HKD', units: 100, rates: { USD: '780', EUR: '900' } }),
  );
  a = await account(t);
  b = await account(t, { authenticator: false });
  await credit(t, a.userId, 'USDT', '1000');
  await credit(t, a.userId, 'USD', '1000');
});
afterAll(() => t.close());

/** Everything of the user a refused request might have touched. */
async function footprint(userId: string) {
  const db = t.app.db;
  return {
    usdt: await balance(t, userId, 'USDT'),
    usd: await balance(t, userId, 'USD'),
    ledger: await db.ledgerEntry.count({ where: { accountId: userId } }),
    withdrawals: await db.cryptoWithdrawal.count({ where: { userId } }),
    transfers: await db.internalTransfer.count(),
    orders: await db.spotOrder.count({ where: { userId } }),
    exchanges: await db.foreignExchange.count({ where: { userId } }),
  };
}

function expectRefused(res: { status: number; body: { code: string; message: string } }) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('1002');
  expect(res.body.message).toContain(REFUSED);
}

describe('a 38-digit amount on the money routes', () => {
  it('is refused by the withdrawal preview with the validation envelope naming the maximum', async () => {
    const before = await footprint(a.userId);
    const res = await call(t, a.token, 'POST', WITHDRAWAL_PATHS.withdrawalPreview, {
      asset: 'USDT',
      network: 'TRX',
      amount: HUGE,
    });
    expectRefused(res);
    expect(res.body.message).toBe(`Invalid request: body.amount: ${REFUSED}`);
    // The largest amount allowed still gets its preview (and no fee of 1e36 can come out of it).
    const top = await call(t, a.token, 'POST', WITHDRAWAL_PATHS.withdrawalPreview, {
      asset: 'USDT',
      network: 'TRX',
      amount: MONEY_MAX,
    });
    expect(top.body.code, JSON.stringify(top.body)).toBe('200');
    expect(await footprint(a.userId)).toEqual(before);
  });

  it('is refused by the withdrawal and the internal transfer, the codes unspent', async () => {
    const before = await footprint(a.userId);
    const step = await codes(t, a);
    expectRefused(
      await call(t, a.token, 'POST', WITHDRAWAL_PATHS.withdrawals, {
        clientRequestId: 'bounds-withdrawal-1',
        asset: 'USDT',
        network: 'TRX',
        address: 'TXYZ',
        amount: HUGE,
        ...step,
      }),
    );
    expectRefused(
      await call(t, a.token, 'POST', WITHDRAWAL_PATHS.internalTransfers, {
        clientRequestId: 'bounds-transfer-1',
        uid: b.uid,
        asset: 'USDT',
        amount: HUGE,
        ...step,
      }),
    );
    expect(await footprint(a.userId)).toEqual(before);
    expect(await footprint(b.userId)).toMatchObject({ usdt: { available: '0', frozen: '0' } });
  });

  it('is refused by the FX quote', async () => {
    const before = await footprint(a.userId);
    expectRefused(
      await call(t, a.token, 'POST', FOREIGN_EXCHANGE_PATHS.quotes, {
        from: 'USD',
        to: 'EUR',
        amount: HUGE,
      }),
    );
    expect(await footprint(a.userId)).toEqual(before);
  });

  it('is refused by order placement, over REST and the socket, in every money field', async () => {
    const before = await footprint(a.userId);
    const orders = [
      { type: 'LIMIT', side: 'BUY', price: HUGE, amount: '0.1' },
      { type: 'LIMIT', side: 'SELL', price: '60000', amount: HUGE },
      { type: 'MARKET', side: 'BUY', total: HUGE },
      { type: 'ICEBERG', side: 'BUY', price: '60000', amount: '1', icebergSize: HUGE },
      { type: 'TRIGGER', side: 'BUY', triggerPrice: HUGE, triggerDirection: 'ABOVE', amount: '1' },
      { type: 'TRAILING', side: 'BUY', trailingDelta: HUGE, total: '100' },
    ];
    for (const o of orders)
      expectRefused(
        await call(
          t,
          a.token,
          'POST',
          '/v1/spot-order/place',
          { symbol: 'BTC_USDT', ...o },
          RuntimeMode.DEMO,
        ),
      );
    const ws = await Client.open(await listen(t));
    try {
      expect((await ws.request('login', { args: { token: a.token, runtimeMode: 1 } })).code).toBe(
        '200',
      );
      const reply = await ws.request('place', {
        args: { symbol: 'BTC_USDT', side: 'BUY', type: 'MARKET', total: HUGE },
      });
      expect(reply.code).toBe('1002');
      expect(reply.message).toContain(REFUSED);
    } finally {
      ws.close();
    }
    expect(await footprint(a.userId)).toEqual(before);
    await expectAuditClean(t);
  });

  it('refuses a market buy whose total in tick x lot units passes 2^53, freezing nothing', async () => {
    // Within the money bound, but 10^14 USDT is 10^20 units of 0.01 x 0.00001 for the engine.
    const before = await footprint(a.userId);
    const order = { symbol: 'BTC_USDT', side: 'BUY', type: 'MARKET', total: '100000000000000' };
    const place = () => call(t, a.token, 'POST', '/v1/spot-order/place', order, RuntimeMode.DEMO);
    // The symbol's own maximum value answers first, with the range.
    expect((await place()).body).toMatchObject({
      code: '3011',
      data: { field: 'total', max: '1000000' },
    });
    // An operator's maximum past the engine's range still never reaches the engine.
    await t.app.db.tradingSymbol.update({
      where: { code: 'BTC_USDT' },
      data: { maxNotional: '100000000000000000' },
    });
    // As the ops command does: every gateway drops its copy of the symbol rules.
    await announceCatalogueChange(t.app.redis, 'catalogue');
    try {
      await until(async () => (await place()).body.code !== '3011');
      const res = await place();
      expect(res.body.code, JSON.stringify(res.body)).toBe('1002');
      expect(res.body.message).toContain('out of range');
    } finally {
      await t.app.db.tradingSymbol.update({
        where: { code: 'BTC_USDT' },
        data: { maxNotional: '1000000' },
      });
      await announceCatalogueChange(t.app.redis, 'catalogue');
    }
    expect(await footprint(a.userId)).toEqual(before);
  });
});
