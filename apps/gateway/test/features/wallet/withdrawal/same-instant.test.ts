import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WITHDRAWAL_PATHS as P,
  tronAddress,
  type InternalTransfer,
  type Withdrawal,
} from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { account, balance, call, codes, credit, expectAuditClean, FakeChain } from './setup.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ WITHDRAWAL_NIGHT_BATCH: 'false' }, { withdrawalChain: new FakeChain() });
});
afterAll(() => t.close());

let n = 0;
const rid = () => `same-instant-${Date.now()}-${(n += 1)}`;

describe('the same request twice at one instant (same clientRequestId, same codes)', () => {
  it('an internal transfer moves the money once and both copies answer it', async () => {
    const a = await account(t);
    const b = await account(t, { authenticator: false });
    await credit(t, a.userId, 'USDT', '100');
    const body = { clientRequestId: rid(), uid: b.uid, asset: 'USDT', amount: '40' };
    const signed = { ...body, ...(await codes(t, a)) };
    const answers = await Promise.all([
      call<InternalTransfer>(t, a.token, 'POST', P.internalTransfers, signed),
      call<InternalTransfer>(t, a.token, 'POST', P.internalTransfers, signed),
      call<InternalTransfer>(t, a.token, 'POST', P.internalTransfers, signed),
    ]);
    expect(answers.map((x) => x.body.code)).toEqual(['200', '200', '200']);
    expect(new Set(answers.map((x) => x.body.data.id)).size).toBe(1);
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '60', frozen: '0' });
    expect(await balance(t, b.userId, 'USDT')).toEqual({ available: '40', frozen: '0' });
    expect(await t.app.db.internalTransfer.count({ where: { fromUserId: a.userId } })).toBe(1);
    await expectAuditClean(t);
  });

  it('a crypto withdrawal freezes once and both copies answer it', async () => {
    const a = await account(t);
    await credit(t, a.userId, 'USDT', '500');
    const signed = {
      clientRequestId: rid(),
      asset: 'USDT',
      network: 'TRX',
      address: tronAddress(new Uint8Array(20).fill(7)),
      amount: '150',
      ...(await codes(t, a)),
    };
    const [x, y] = await Promise.all([
      call<Withdrawal>(t, a.token, 'POST', P.withdrawals, signed),
      call<Withdrawal>(t, a.token, 'POST', P.withdrawals, signed),
    ]);
    expect([x.body.code, y.body.code]).toEqual(['200', '200']);
    expect(x.body.data.id).toBe(y.body.data.id);
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '350', frozen: '150' });
    expect(await t.app.db.cryptoWithdrawal.count({ where: { userId: a.userId } })).toBe(1);
    await expectAuditClean(t);
  });

  it('a copy of a refused request gets the same refusal, and a later retry with good codes runs afresh', async () => {
    const a = await account(t);
    const b = await account(t, { authenticator: false });
    await credit(t, a.userId, 'USDT', '100');
    const body = { clientRequestId: rid(), uid: b.uid, asset: 'USDT', amount: '40' };
    const good = await codes(t, a);
    const wrong = { ...good, emailCode: good.emailCode === '000000' ? '111111' : '000000' };
    const refused = await Promise.all([
      call(t, a.token, 'POST', P.internalTransfers, { ...body, ...wrong }),
      call(t, a.token, 'POST', P.internalTransfers, { ...body, ...wrong }),
    ]);
    expect(refused[0].body.code).not.toBe('200');
    expect(refused[1].body.code).toBe(refused[0].body.code);
    const ok = await call(t, a.token, 'POST', P.internalTransfers, { ...body, ...good });
    expect(ok.body.code).toBe('200');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '60', frozen: '0' });
  });
});
