import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXCHANGE_RATES_KEY,
  KYC_ENDPOINTS,
  RAPID_BUY_ENDPOINTS,
  WITHDRAWAL_PATHS as P,
  type OptedOutLimit,
} from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import {
  account,
  balance,
  call,
  codes,
  credit,
  expectAuditClean,
} from '../../wallet/withdrawal/setup.js';
import { usdValue } from '../../../../src/features/identity/kyc/opted-out-limit.js';

/**
 * Opted-out accounts are limited, not refused (domain spec section 6): each limited feature has
 * its own 24-hour budget in USD, shown before a form and enforced with what remains.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
  // The price feed's rates: HKD per 100 units (USD 780, BTC 78,000,000: 1 BTC = 100,000 USD).
  await t.app.redis.commands.set(
    EXCHANGE_RATES_KEY,
    JSON.stringify({
      ts: Date.now(),
      quote: 'HKD',
      units: 100,
      rates: { USD: '780', BTC: '78000000', EUR: '850' },
    }),
  );
});
afterAll(() => t.close());

let n = 0;
const rid = () => `limit-${Date.now()}-${(n += 1)}`;

async function limits(token: string): Promise<OptedOutLimit[]> {
  const res = await call<OptedOutLimit[]>(t, token, 'GET', KYC_ENDPOINTS.optedOutLimits.path);
  expect(res.body.code).toBe('200');
  return res.body.data;
}

describe("an opted-out account's limits", () => {
  it('lists each limited feature with its budget, and values assets at the feed rates', async () => {
    const a = await account(t, { kycLevel: -1 });
    expect((await limits(a.token)).map((l) => [l.permission, l.limitUsd, l.remainingUsd])).toEqual([
      ['SPOT_TRADE', '1000', '1000'],
      ['CRYPTO_DEPOSIT', '1000', '1000'],
      ['CRYPTO_WITHDRAWAL', '1000', '1000'],
      ['FOREIGN_EXCHANGE', '1000', '1000'],
      ['FLASH_REMITTANCE', '1000', '1000'],
      ['INTERNAL_TRANSFER', '1000', '1000'],
    ]);
    expect((await usdValue(t.app.redis, 'BTC', '0.01')).toFixed()).toBe('1000');
    expect((await usdValue(t.app.redis, 'USDT', '12.5')).toFixed()).toBe('12.5');
    await expect(usdValue(t.app.redis, 'NOPE', '1')).rejects.toMatchObject({ code: 6403 });
  });

  it('transfers by UID within the budget, refuses past it with what remains, and changes nothing', async () => {
    const a = await account(t, { kycLevel: -1 });
    const b = await account(t, { authenticator: false });
    await credit(t, a.userId, 'USDT', '5000');
    const send = async (asset: string, amount: string) =>
      call(t, a.token, 'POST', P.internalTransfers, {
        clientRequestId: rid(),
        uid: b.uid,
        asset,
        amount,
        ...(await codes(t, a)),
      });
    expect((await send('USDT', '600')).body.code).toBe('200');
    const over = await send('USDT', '400.01');
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      code: '7036',
      data: { limitUsd: '1000', remainingUsd: '400' },
    });
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '4400', frozen: '0' });
    expect((await send('USDT', '400')).body.code).toBe('200');
    const budget = (await limits(a.token)).find((l) => l.permission === 'INTERNAL_TRANSFER');
    expect(budget).toMatchObject({ usedUsd: '1000', remainingUsd: '0' });
    // Other features keep their own budgets.
    expect((await limits(a.token)).find((l) => l.permission === 'SPOT_TRADE')).toMatchObject({
      remainingUsd: '1000',
    });
    // Valued at the feed: 0.0001 BTC is 10 USD, past the nothing that remains.
    await credit(t, a.userId, 'BTC', '1');
    expect((await send('BTC', '0.0001')).body).toMatchObject({ code: '7036' });
    expect(await balance(t, b.userId, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    await expectAuditClean(t);
  });

  it('does not count a transfer that was refused', async () => {
    const a = await account(t, { kycLevel: -1 });
    const b = await account(t, { authenticator: false });
    const refused = await call(t, a.token, 'POST', P.internalTransfers, {
      clientRequestId: rid(),
      uid: b.uid,
      asset: 'USDT',
      amount: '10',
      ...(await codes(t, a)),
    });
    expect(refused.body.code).not.toBe('200');
    expect(await t.app.db.kycLimitUsage.count({ where: { userId: a.userId } })).toBe(0);
  });

  it('lets Rapid Buy through to the market (its spend counts against the spot budget)', async () => {
    const a = await account(t, { kycLevel: -1 });
    await credit(t, a.userId, 'USDT', '100');
    const res = await call(t, a.token, 'POST', RAPID_BUY_ENDPOINTS.buy.path, {
      clientRequestId: rid(),
      usdAmount: '50',
    });
    // No Real book in this test: the answer is the market's, not the permission's 7002.
    expect(res.body.code).toBe('6451');
  });
});
