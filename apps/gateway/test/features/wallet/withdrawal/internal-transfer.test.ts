import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FlowType,
  WITHDRAWAL_PATHS as P,
  type InternalTransfer,
  type Page,
  type WalletTransaction,
} from '@exchange/contracts';
import { SECURITY_LOCK_MS } from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { latestMail } from '../../../helpers/auth.js';
import { listen } from '../../../helpers/listen.js';
import { Client } from '../../../helpers/socket-client.js';
import {
  account,
  balance,
  call,
  codes,
  credit,
  expectAuditClean,
  HOUR,
  relogin,
  type Account,
} from './setup.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ WHITELIST_COOLING_HOURS: '2' });
});
afterAll(() => t.close());

let n = 0;
const rid = () => `transfer-${Date.now()}-${(n += 1)}`;

describe('internal transfer by UID', () => {
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    a = await account(t);
    b = await account(t, { authenticator: false });
    await credit(t, a.userId, 'USDT', '1000');
  });

  it('moves the amount at once, no fee, one transaction of two flows, idempotent on the request id', async () => {
    const clientRequestId = rid();
    const body = {
      clientRequestId,
      uid: b.uid,
      asset: 'USDT',
      amount: '250.5',
      ...(await codes(t, a)),
    };
    const sent = await call<InternalTransfer>(t, a.token, 'POST', P.internalTransfers, body);
    expect(sent.body.code).toBe('200');
    expect(sent.body.data).toMatchObject({
      direction: 'OUT',
      counterpartyUid: b.uid,
      asset: 'USDT',
      amount: '250.5',
      status: 'COMPLETED',
    });
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '749.5', frozen: '0' });
    expect(await balance(t, b.userId, 'USDT')).toEqual({ available: '250.5', frozen: '0' });

    // The retry (same id, same codes already spent) answers the first transfer and moves nothing.
    const retry = await call<InternalTransfer>(t, a.token, 'POST', P.internalTransfers, body);
    expect(retry.body.data.id).toBe(sent.body.data.id);
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '749.5', frozen: '0' });
    const reused = await call(t, a.token, 'POST', P.internalTransfers, { ...body, amount: '1' });
    expect(reused.body.code).toBe('5220');

    const entries = await t.app.db.ledgerEntry.findMany({
      where: { refType: 'INTERNAL_TRANSFER', refId: sent.body.data.id },
    });
    expect(entries.map((e) => [e.accountId, e.flowType, e.amount.toFixed()]).sort()).toEqual(
      [
        [a.userId, FlowType.INTERNAL_TRANSFER_OUT, '-250.5'],
        [b.userId, FlowType.INTERNAL_TRANSFER_IN, '250.5'],
        ['system:internal-transfer', FlowType.INTERNAL_TRANSFER_OUT, '250.5'],
        ['system:internal-transfer', FlowType.INTERNAL_TRANSFER_IN, '-250.5'],
      ].sort(),
    );

    // Both sides see it in their history.
    const mine = await call<Page<InternalTransfer>>(t, a.token, 'GET', P.internalTransfers);
    const theirs = await call<Page<InternalTransfer>>(t, b.token, 'GET', P.internalTransfers);
    expect(mine.body.data.result.map((x) => [x.direction, x.counterpartyUid])).toEqual([
      ['OUT', b.uid],
    ]);
    expect(theirs.body.data.result.map((x) => [x.direction, x.counterpartyUid, x.amount])).toEqual([
      ['IN', a.uid, '250.5'],
    ]);
    const lines = async (who: Account) =>
      (
        await call<Page<WalletTransaction>>(t, who.token, 'GET', '/v1/wallet/transactions')
      ).body.data.result
        .filter((x) => x.type.startsWith('INTERNAL'))
        .map((x) => [x.type, x.changes]);
    expect(await lines(a)).toEqual([
      ['INTERNAL_TRANSFER_OUT', [{ asset: 'USDT', amount: '-250.5', fee: '0', networkFee: '0' }]],
    ]);
    expect(await lines(b)).toEqual([
      ['INTERNAL_TRANSFER_IN', [{ asset: 'USDT', amount: '250.5', fee: '0', networkFee: '0' }]],
    ]);
    await expectAuditClean(t);
  });

  it('refuses self, unknown UIDs, bad amounts and more than available, changing nothing', async () => {
    const before = await balance(t, a.userId, 'USDT');
    const cases: [object, string][] = [
      [{ uid: a.uid, asset: 'USDT', amount: '1' }, '5211'],
      [{ uid: '123456789012', asset: 'USDT', amount: '1' }, '5210'],
      [{ uid: b.uid, asset: 'USDT', amount: '0' }, '5213'],
      [{ uid: b.uid, asset: 'USDT', amount: '1.1234567' }, '5213'],
      [{ uid: b.uid, asset: 'NOPE', amount: '1' }, '5008'],
      [{ uid: b.uid, asset: 'USDT', amount: '749.51' }, '5001'],
    ];
    for (const [body, code] of cases) {
      const res = await call(t, a.token, 'POST', P.internalTransfers, {
        clientRequestId: rid(),
        ...body,
        ...(await codes(t, a)),
      });
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    // An account being closed, or closed, receives nothing.
    const closing = await account(t, { authenticator: false });
    for (const data of [{ cancellationUnderReview: true }, { cancelledAt: t.clock.date() }]) {
      await t.app.db.user.update({ where: { id: closing.userId }, data });
      const res = await call(t, a.token, 'POST', P.internalTransfers, {
        clientRequestId: rid(),
        uid: closing.uid,
        asset: 'USDT',
        amount: '1',
        ...(await codes(t, a)),
      });
      expect(res.body.code, JSON.stringify(data)).toBe('5212');
    }
    expect(await balance(t, a.userId, 'USDT')).toEqual(before);
    expect(await t.app.db.internalTransfer.count({ where: { fromUserId: a.userId } })).toBe(1);
  });

  it('needs the step-up, the permission, Real mode and no security lock', async () => {
    const body = { clientRequestId: rid(), uid: b.uid, asset: 'USDT', amount: '1' };
    expect((await call(t, a.token, 'POST', P.internalTransfers, body)).body.code).toBe('8002');
    // b has no Authenticator.
    expect(
      (
        await call(t, b.token, 'POST', P.internalTransfers, {
          ...body,
          uid: a.uid,
          googleCode: '123456',
          emailCode: '123456',
        })
      ).body.code,
    ).toBe('8001');
    const demo = await call(
      t,
      a.token,
      'POST',
      P.internalTransfers,
      { ...body, ...(await codes(t, a)) },
      1,
    );
    expect(demo.body.code).toBe('5219');
    const unverified = await account(t, { kycLevel: 0 });
    await credit(t, unverified.userId, 'USDT', '10');
    const refused = await call(t, unverified.token, 'POST', P.internalTransfers, {
      ...body,
      ...(await codes(t, unverified)),
    });
    expect(refused.body.code).toBe('7001');

    await t.app.db.user.update({
      where: { id: a.userId },
      data: { securityLockedUntil: new Date(t.clock.now() + SECURITY_LOCK_MS) },
    });
    const locked = await call(t, a.token, 'POST', P.internalTransfers, {
      ...body,
      ...(await codes(t, a)),
    });
    expect(locked.body.code).toBe('8006');
    await t.app.db.user.update({ where: { id: a.userId }, data: { securityLockedUntil: null } });
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '749.5', frozen: '0' });
    await expectAuditClean(t);
  });

  it('with "whitelisted UIDs only", sends only to a whitelisted UID past its cooling period', async () => {
    await call(t, a.token, 'PUT', P.whitelistSettings, { uidWhitelistOnly: true });
    const body = () => ({ clientRequestId: rid(), uid: b.uid, asset: 'USDT', amount: '1' });
    const notListed = await call(t, a.token, 'POST', P.internalTransfers, {
      ...body(),
      ...(await codes(t, a)),
    });
    expect(notListed.body.code).toBe('5208');
    await call(t, a.token, 'POST', P.whitelistUids, {
      uid: b.uid,
      note: 'Friend',
      ...(await codes(t, a)),
    });
    const cooling = await call(t, a.token, 'POST', P.internalTransfers, {
      ...body(),
      ...(await codes(t, a)),
    });
    expect(cooling.body.code).toBe('5209');
    t.clock.advance(2 * HOUR);
    await relogin(t, a);
    const ok = await call(t, a.token, 'POST', P.internalTransfers, {
      ...body(),
      ...(await codes(t, a)),
    });
    expect(ok.body.code).toBe('200');
    expect(await balance(t, b.userId, 'USDT')).toEqual({ available: '251.5', frozen: '0' });
    await expectAuditClean(t);
  });

  it('tells the recipient: a refreshAsset push and an e-mail', async () => {
    await relogin(t, b);
    const before = (await t.mail.messagesTo(b.email)).length;
    const socket = await Client.open(await listen(t));
    try {
      expect(
        (await socket.request('login', { args: { token: b.token, runtimeMode: 0 } })).code,
      ).toBe('200');
      expect((await socket.request('subscribe', { channel: 'refreshAsset' })).code).toBe('200');
      const res = await call(t, a.token, 'POST', P.internalTransfers, {
        clientRequestId: rid(),
        uid: b.uid,
        asset: 'USDT',
        amount: '2',
        ...(await codes(t, a)),
      });
      expect(res.body.code).toBe('200');
      const push = await socket.next((m) => m.event === 'push' && m.channel === 'refreshAsset');
      expect(push.event === 'push' && push.data).toEqual({ assets: ['USDT'] });
    } finally {
      socket.close();
    }
    const mail = await latestMail(t, b.email, before);
    expect(mail.subject).toBe('You received 2 USDT');
    expect(mail.text).toContain(`UID ${a.uid} sent you 2 USDT`);
    const notices = await t.app.db.notification.findMany({
      where: { userId: b.userId, type: 'TRANSFER_RECEIVED' },
      orderBy: { createdAt: 'desc' },
    });
    expect(notices[0]?.params).toEqual({ mode: 0, asset: 'USDT', amount: '2', fromUid: a.uid });
  });
});
