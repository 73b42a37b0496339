import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOLD_RULES,
  WITHDRAWAL_PATHS as P,
  tronAddress,
  type Order,
  type WithdrawalPreview,
} from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { trading } from '../../../helpers/trading.js';
import {
  account,
  balance,
  call,
  codes,
  credit,
  expectAuditClean,
  FakeChain,
  HOUR,
  relogin,
  type Account,
} from './setup.js';

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build(
    { WITHDRAWAL_NIGHT_BATCH: 'false', ORDER_VERDICT_TIMEOUT_MS: '5000' },
    { withdrawalChain: new FakeChain() },
  );
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const ADDRESS = tronAddress(new Uint8Array(20).fill(7));
let n = 0;
const rid = () => `holds-${Date.now()}-${(n += 1)}`;
const { place } = trading(() => t);

/** 100 USDT from before, and a crypto deposit of 400 USDT credited now (held for 24 hours). */
async function withFreshDeposit(): Promise<Account> {
  const a = await account(t);
  await credit(t, a.userId, 'USDT', '100');
  await credit(t, a.userId, 'USDT', '400');
  await t.app.db.cryptoDeposit.create({
    data: {
      userId: a.userId,
      asset: 'USDT',
      network: 'TRX',
      address: ADDRESS,
      txId: randomUUID(),
      outputIndex: 0,
      amount: '400',
      state: 'AVAILABLE',
      confirmations: 20,
      confirmationsRequired: 20,
      blockHeight: 1,
      blockHash: 'c'.repeat(64),
      creditedAt: t.clock.date(),
      withdrawableAt: new Date(t.clock.now() + 24 * HOUR),
      createdAt: t.clock.date(),
      updatedAt: t.clock.date(),
    },
  });
  return a;
}

describe('a fresh crypto deposit is held from every way out', () => {
  it('the contracts say what a hold blocks and what it does not', () => {
    expect(HOLD_RULES.blocks).toEqual(
      expect.arrayContaining(['CRYPTO_WITHDRAWAL', 'INTERNAL_TRANSFER', 'FLASH_REMITTANCE']),
    );
    expect(HOLD_RULES.allows).toContain('SPOT_TRADING');
  });

  it('cannot be sent by internal transfer beyond the withdrawable amount until the hold ends', async () => {
    const a = await withFreshDeposit();
    const b = await account(t, { authenticator: false });
    const preview = await call<WithdrawalPreview>(t, a.token, 'POST', P.withdrawalPreview, {
      asset: 'USDT',
      network: 'TRX',
      amount: '150',
    });
    expect(preview.body.data).toMatchObject({ available: '500', withdrawable: '100' });
    const transfer = async (amount: string) =>
      call(t, a.token, 'POST', P.internalTransfers, {
        clientRequestId: rid(),
        uid: b.uid,
        asset: 'USDT',
        amount,
        ...(await codes(t, a)),
      });
    // 90 of the fresh deposit, on top of the 100 from before: refused, nothing moves.
    const refused = await transfer('190');
    expect(refused.body).toMatchObject({
      code: '5216',
      data: { withdrawable: '100', asset: 'USDT' },
    });
    expect(refused.body.message).toContain('100 USDT');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '500', frozen: '0' });
    expect(await balance(t, b.userId, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expect(await t.app.db.internalTransfer.count({ where: { fromUserId: a.userId } })).toBe(0);
    // The crypto withdrawal answers the same.
    const withdrawal = await call(t, a.token, 'POST', P.withdrawals, {
      clientRequestId: rid(),
      asset: 'USDT',
      network: 'TRX',
      address: ADDRESS,
      amount: '150',
      ...(await codes(t, a)),
    });
    expect(withdrawal.body).toMatchObject({ code: '5216', data: { withdrawable: '100' } });
    // Up to the withdrawable amount it goes.
    expect((await transfer('100')).body.code).toBe('200');
    expect((await transfer('0.01')).body).toMatchObject({
      code: '5216',
      data: { withdrawable: '0' },
    });
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '400', frozen: '0' });
    // Once the hold has ended, the rest may go.
    t.clock.advance(24 * HOUR);
    await relogin(t, a);
    expect((await transfer('400')).body.code).toBe('200');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expect(await balance(t, b.userId, 'USDT')).toEqual({ available: '500', frozen: '0' });
    await expectAuditClean(t);
  });

  it('can be traded at once', async () => {
    const a = await withFreshDeposit();
    const res = await place(
      a.token,
      { symbol: 'USDT_USD', side: 'SELL', type: 'LIMIT', price: '5', amount: '500' },
      '0',
    );
    expect(res.json<{ code: string }>().code).toBe('200');
    const order = res.json<{ data: Order }>().data;
    expect(order.status).not.toBe('REJECTED');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '0', frozen: '500' });
    await expectAuditClean(t);
  });
});
