import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FlowType,
  SECURITY_LOCK_MS,
  WITHDRAWAL_PATHS as P,
  tronAddress,
  type FeesPaid,
  type WalletTransaction,
  type Withdrawal,
  type WithdrawalPreview,
  type WithdrawalStatus,
} from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { chainCallback } from '../crypto-deposit/chain-setup.js';
import { latestMail } from '../../../helpers/auth.js';
import { listen } from '../../../helpers/listen.js';
import { Client } from '../../../helpers/socket-client.js';
import { eventually, sleep } from '../../../helpers/wait.js';
import {
  account,
  balance,
  call,
  codes,
  credit,
  expectAuditClean,
  FakeChain,
  HOUR,
  MINUTE,
  relogin,
  type Account,
} from './setup.js';

const chain = new FakeChain();
let t: TestApp;
beforeAll(async () => {
  t = await build(
    {
      WHITELIST_COOLING_HOURS: '24',
      WITHDRAWAL_REVIEW_MIN_SECONDS: '60',
      WITHDRAWAL_REVIEW_MAX_SECONDS: '120',
    },
    { withdrawalChain: chain },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  chain.refuse = null;
  chain.down = false;
});

const ADDRESS = tronAddress(new Uint8Array(20).fill(7));
const OTHER_ADDRESS = tronAddress(new Uint8Array(20).fill(9));
let n = 0;
const rid = () => `withdrawal-${Date.now()}-${(n += 1)}`;
const usdt = (amount: string, address = ADDRESS) => ({
  clientRequestId: rid(),
  asset: 'USDT',
  network: 'TRX',
  address,
  amount,
});

/** 09:00 Hong Kong time is 01:00 UTC. */
const hkt = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour - 8, minute);

async function status(id: string): Promise<WithdrawalStatus> {
  const row = await t.app.db.cryptoWithdrawal.findUniqueOrThrow({ where: { id } });
  return row.status as WithdrawalStatus;
}

/**
 * Runs the withdrawal jobs that are due on the manual clock (promoting the delayed ones: their
 * handlers compare their own due time with the clock) until the withdrawal reaches `want`.
 */
async function runUntil(id: string, want: WithdrawalStatus): Promise<void> {
  await eventually(
    async () => {
      await t.app.jobs.promote(t.app.withdrawals.reviewJob);
      await t.app.jobs.promote(t.app.withdrawals.broadcastJob);
      return status(id);
    },
    (s) => s === want,
    8000,
    100,
  );
}

/** Lets every queued withdrawal job run once (early ones put themselves back). */
async function drainOnce(): Promise<void> {
  await t.app.jobs.promote(t.app.withdrawals.reviewJob);
  await t.app.jobs.promote(t.app.withdrawals.broadcastJob);
  await sleep(500);
}

async function funded(amount = '1000'): Promise<Account> {
  const a = await account(t);
  await credit(t, a.userId, 'USDT', amount);
  return a;
}

describe('preview', () => {
  it('shows the 1 % fee, the gas and the amount received before confirming', async () => {
    t.clock.set(hkt(10, 12));
    const a = await funded();
    const res = await call<WithdrawalPreview>(t, a.token, 'POST', P.withdrawalPreview, {
      asset: 'USDT',
      network: 'TRX',
      amount: '123.456789',
    });
    expect(res.body.data).toEqual({
      asset: 'USDT',
      network: 'TRX',
      amount: '123.456789',
      feeRate: '0.01',
      feeRateEndsAt: null,
      fee: '1.234568', // 1.23456789 rounded up to the 6 decimals of USDT
      gasFee: '1',
      received: '121.222221',
      minAmount: '10',
      available: '1000',
      withdrawable: '1000',
      batchAt: null,
    });
    const low = await call(t, a.token, 'POST', P.withdrawalPreview, {
      asset: 'USDT',
      network: 'TRX',
      amount: '9.99',
    });
    expect(low.body).toMatchObject({ code: '5214', data: { minAmount: '10', asset: 'USDT' } });
    const wrongNetwork = await call(t, a.token, 'POST', P.withdrawalPreview, {
      asset: 'USDT',
      network: 'BTC',
      amount: '100',
    });
    expect(wrongNetwork.body.code).toBe('5205');
    t.clock.set(hkt(10, 23));
    await relogin(t, a);
    const night = await call<WithdrawalPreview>(t, a.token, 'POST', P.withdrawalPreview, {
      asset: 'USDT',
      network: 'TRX',
      amount: '100',
    });
    expect(night.body.data.batchAt).toBe(new Date(hkt(11, 9)).toISOString());
  });
});

describe('a withdrawal in the day', () => {
  it('goes REVIEW -> BROADCAST -> COMPLETED with a push per state, an e-mail when sent, and the ledger', async () => {
    t.clock.set(hkt(12, 10));
    const a = await funded();
    const socket = await Client.open(await listen(t));
    try {
      expect(
        (await socket.request('login', { args: { token: a.token, runtimeMode: 0 } })).code,
      ).toBe('200');
      expect((await socket.request('subscribe', { channel: 'withdrawal' })).code).toBe('200');
      expect((await socket.request('subscribe', { channel: 'refreshAsset' })).code).toBe('200');

      const made = await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, {
        ...usdt('100'),
        ...(await codes(t, a)),
      });
      expect(made.body.code).toBe('200');
      const w = made.body.data;
      expect(w).toMatchObject({
        status: 'REVIEW',
        amount: '100',
        fee: '1',
        gasFee: '1',
        received: '98',
        txId: null,
        batchAt: null,
      });
      expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '900', frozen: '100' });
      // Pending in the history from the start: what left the available balance.
      const pendingLines = await call<{ result: WalletTransaction[] }>(
        t,
        a.token,
        'GET',
        '/v1/wallet/transactions?type=CRYPTO_WITHDRAWAL',
      );
      expect(
        pendingLines.body.data.result.map((x) => [x.type, x.pending, x.reference, x.changes]),
      ).toEqual([
        [
          'CRYPTO_WITHDRAWAL',
          true,
          { kind: 'WITHDRAWAL', id: w.id },
          [{ asset: 'USDT', amount: '-100', fee: '0', networkFee: '0' }],
        ],
      ]);

      // The review takes 1-2 minutes: not over after 59 seconds.
      t.clock.advance(59_000);
      await drainOnce();
      expect(await status(w.id)).toBe('REVIEW');
      t.clock.advance(2 * MINUTE);
      const before = (await t.mail.messagesTo(a.email)).length;
      await runUntil(w.id, 'BROADCAST');
      const sent = chain.sent.get(w.id);
      expect(sent).toMatchObject({ amount: '98', address: ADDRESS, calls: 1 });
      const mail = await latestMail(t, a.email, before);
      expect(mail.subject).toBe('Withdrawal sent: 100 USDT');
      expect(mail.text).toContain(ADDRESS);
      expect(mail.text).toContain(sent?.txId);
      const notices = await t.app.db.notification.findMany({
        where: { userId: a.userId, type: 'WITHDRAWAL_SENT' },
      });
      expect(notices.map((x) => x.params)).toEqual([
        {
          mode: 0,
          asset: 'USDT',
          amount: '100',
          channel: 'CRYPTO',
          destination: ADDRESS,
          reference: sent?.txId,
        },
      ]);

      // The chain's confirmation completes it once, however often it is told.
      expect(
        await t.app.withdrawals.settle(w.id, { status: 'CONFIRMED', txId: sent!.txId }),
      ).toEqual({
        applied: true,
      });
      expect(
        await t.app.withdrawals.settle(w.id, { status: 'CONFIRMED', txId: sent!.txId }),
      ).toEqual({
        applied: false,
      });
      expect(await status(w.id)).toBe('COMPLETED');
      expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '900', frozen: '0' });

      const entries = await t.app.db.ledgerEntry.findMany({
        where: { refType: 'WITHDRAWAL', refId: w.id },
        orderBy: { id: 'asc' },
      });
      expect(entries.map((e) => [e.flowType, e.accountId, e.bucket, e.amount.toFixed()])).toEqual([
        [FlowType.CRYPTO_WITHDRAWAL_FREEZE, a.userId, 'AVAILABLE', '-100'],
        [FlowType.CRYPTO_WITHDRAWAL_FREEZE, a.userId, 'FROZEN', '100'],
        // What the address received, then the chain's gas, both out to the chain.
        [FlowType.CRYPTO_WITHDRAWAL, a.userId, 'FROZEN', '-98'],
        [FlowType.CRYPTO_WITHDRAWAL, 'system:external', 'AVAILABLE', '98'],
        [FlowType.CRYPTO_WITHDRAWAL_NETWORK_FEE, a.userId, 'FROZEN', '-1'],
        [FlowType.CRYPTO_WITHDRAWAL_NETWORK_FEE, 'system:external', 'AVAILABLE', '1'],
        [FlowType.CRYPTO_WITHDRAWAL_FEE, a.userId, 'FROZEN', '-1'],
        [FlowType.CRYPTO_WITHDRAWAL_FEE, 'system:fees', 'AVAILABLE', '1'],
      ]);

      await eventually(
        async () =>
          socket.messages
            .filter((m) => m.event === 'push' && m.channel === 'withdrawal')
            .map((m) => (m.event === 'push' && m.channel === 'withdrawal' ? m.data.status : '')),
        (s) => s.at(-1) === 'COMPLETED',
      );
      const states = socket.messages
        .filter((m) => m.event === 'push' && m.channel === 'withdrawal')
        .map((m) => (m.event === 'push' && m.channel === 'withdrawal' ? m.data.status : ''));
      expect(states).toEqual(['REVIEW', 'BROADCASTING', 'BROADCAST', 'COMPLETED']);
      const refreshed = socket.messages.filter(
        (m) => m.event === 'push' && m.channel === 'refreshAsset',
      );
      expect(refreshed.length).toBeGreaterThan(0);
      expect(
        refreshed.every(
          (m) => m.event === 'push' && JSON.stringify(m.data) === '{"assets":["USDT"]}',
        ),
      ).toBe(true);
    } finally {
      socket.close();
    }
    // Transaction history: one line for the withdrawal, its fee and the chain's gas apart,
    // referring to the withdrawal itself.
    const history = await call<{ result: WalletTransaction[] }>(
      t,
      a.token,
      'GET',
      '/v1/wallet/transactions?type=CRYPTO_WITHDRAWAL',
    );
    const list = await call<{ result: Withdrawal[] }>(t, a.token, 'GET', P.withdrawals);
    const withdrawalId = list.body.data.result[0]?.id;
    expect(
      history.body.data.result.map((x) => [x.type, x.pending, x.reference, x.changes]),
    ).toEqual([
      [
        'CRYPTO_WITHDRAWAL',
        false,
        { kind: 'WITHDRAWAL', id: withdrawalId },
        [{ asset: 'USDT', amount: '-98', fee: '1', networkFee: '1' }],
      ],
    ]);
    // Fees paid count the gas too, under its own flow.
    const paid = await call<FeesPaid>(t, a.token, 'GET', '/v1/fees/paid?mode=0&period=DAY');
    expect(paid.body.data.rows.map((r) => [r.flowType, r.asset, r.amount])).toEqual([
      [FlowType.CRYPTO_WITHDRAWAL_FEE, 'USDT', '1'],
      [FlowType.CRYPTO_WITHDRAWAL_NETWORK_FEE, 'USDT', '1'],
    ]);
    expect(list.body.data.result.map((x) => [x.status, x.txId])).toEqual([
      ['COMPLETED', chain.sent.get(list.body.data.result[0]!.id)?.txId],
    ]);
    await expectAuditClean(t);
  });

  it('answers a retry with the first withdrawal and no new codes', async () => {
    t.clock.set(hkt(13, 10));
    const a = await funded();
    const body = { ...usdt('50'), ...(await codes(t, a)) };
    const first = await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, body);
    const again = await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, body);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '950', frozen: '50' });
    const changed = await call(t, a.token, 'POST', P.withdrawals, { ...body, amount: '60' });
    expect(changed.body.code).toBe('5220');
  });
});

describe('the night batch', () => {
  it('holds requests made from 22:00 to 09:00 Hong Kong time until the 09:00 batch; cancellable until then', async () => {
    t.clock.set(hkt(14, 23, 30));
    const a = await funded();
    const w = (
      await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, {
        ...usdt('100'),
        ...(await codes(t, a)),
      })
    ).body.data;
    const later = (
      await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, {
        ...usdt('200'),
        ...(await codes(t, a)),
      })
    ).body.data;
    expect(w.batchAt).toBe(new Date(hkt(15, 9)).toISOString());

    t.clock.advance(3 * MINUTE);
    await runUntil(w.id, 'WAITING_BATCH');
    await runUntil(later.id, 'WAITING_BATCH');
    // At 03:00 and 08:59 it still waits: the broadcast job puts itself back.
    for (const at of [hkt(15, 3), hkt(15, 8, 59)]) {
      t.clock.set(at);
      await drainOnce();
      expect(await status(w.id)).toBe('WAITING_BATCH');
    }
    expect(chain.sent.has(w.id)).toBe(false);

    await relogin(t, a);
    const cancelled = await call<Withdrawal>(t, a.token, 'POST', P.withdrawalCancel(later.id));
    expect(cancelled.body.data.status).toBe('CANCELLED');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '900', frozen: '100' });

    t.clock.set(hkt(15, 9));
    await runUntil(w.id, 'BROADCAST');
    expect(chain.sent.get(w.id)?.amount).toBe('98');
    expect(chain.sent.has(later.id)).toBe(false);
    // Sent: too late to cancel.
    await relogin(t, a);
    const late = await call(t, a.token, 'POST', P.withdrawalCancel(w.id));
    expect(late.body.code).toBe('5218');
    await expectAuditClean(t);
  });
});

describe('refused or failed withdrawals return the funds', () => {
  it('a refusal by the review', async () => {
    t.clock.set(hkt(16, 11));
    const a = await funded();
    const w = (
      await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, {
        ...usdt('300'),
        ...(await codes(t, a)),
      })
    ).body.data;
    const refused = await t.app.withdrawals.decide(w.id, 'REFUSE', 'Address flagged by screening');
    expect(refused).toMatchObject({ status: 'REFUSED', reason: 'Address flagged by screening' });
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    // The review job finds it final and does nothing.
    t.clock.advance(3 * MINUTE);
    await drainOnce();
    expect(await status(w.id)).toBe('REFUSED');
    expect(chain.sent.has(w.id)).toBe(false);
    await expectAuditClean(t);
  });

  it('a failure reported by the chain after the broadcast', async () => {
    t.clock.set(hkt(17, 11));
    const a = await funded();
    const w = (
      await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, {
        ...usdt('300'),
        ...(await codes(t, a)),
      })
    ).body.data;
    t.clock.advance(3 * MINUTE);
    await runUntil(w.id, 'BROADCAST');
    expect(
      await t.app.withdrawals.settle(w.id, { status: 'FAILED', reason: 'Reverted on chain' }),
    ).toEqual({ applied: true });
    // A late confirmation of a failed withdrawal changes nothing.
    expect(await t.app.withdrawals.settle(w.id, { status: 'CONFIRMED', txId: 'late' })).toEqual({
      applied: false,
    });
    expect(await status(w.id)).toBe('FAILED');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    await expectAuditClean(t);
  });

  it('a chain that refuses the broadcast, and one that is down for a while', async () => {
    t.clock.set(hkt(18, 11));
    const a = await funded();
    chain.down = true;
    const w = (
      await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, {
        ...usdt('300'),
        ...(await codes(t, a)),
      })
    ).body.data;
    t.clock.advance(3 * MINUTE);
    await runUntil(w.id, 'BROADCASTING');
    await drainOnce();
    expect(await status(w.id)).toBe('BROADCASTING');
    chain.down = false;
    chain.refuse = 'Address is a contract that rejects transfers';
    // The job's retry (BullMQ back-off) or a restart's resume asks again.
    await t.app.withdrawals.resume();
    await runUntil(w.id, 'FAILED');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    await expectAuditClean(t);
  });
});

describe('the chain and the deposits', () => {
  it("completes on the chain's signed withdrawal.confirmed callback, once", async () => {
    t.clock.set(hkt(22, 11));
    const a = await funded();
    const w = (
      await call<Withdrawal>(t, a.token, 'POST', P.withdrawals, {
        ...usdt('100'),
        ...(await codes(t, a)),
      })
    ).body.data;
    t.clock.advance(3 * MINUTE);
    await runUntil(w.id, 'BROADCAST');
    const txId = chain.sent.get(w.id)?.txId ?? '';
    const body = {
      eventId: randomUUID(),
      type: 'withdrawal.confirmed',
      network: 'TRX',
      height: 120,
      at: t.clock.date().toISOString(),
      withdrawalId: w.id,
      txId,
      blockHeight: 101,
      confirmations: 20,
    } as const;
    const first = await chainCallback(t, body);
    expect(first.statusCode).toBe(200);
    expect(await status(w.id)).toBe('COMPLETED');
    const repeat = await chainCallback(t, { ...body, eventId: randomUUID() });
    expect(repeat.statusCode).toBe(200);
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '900', frozen: '0' });
    const forged = await chainCallback(
      t,
      { ...body, eventId: randomUUID() },
      { secret: 'x'.repeat(40) },
    );
    expect(forged.statusCode).toBe(401);
    await expectAuditClean(t);
  });

  it('keeps crypto deposits credited less than 24 hours ago out of reach', async () => {
    t.clock.set(hkt(23, 11));
    const a = await funded('100');
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
    const preview = await call<WithdrawalPreview>(t, a.token, 'POST', P.withdrawalPreview, {
      asset: 'USDT',
      network: 'TRX',
      amount: '150',
    });
    expect(preview.body.data).toMatchObject({ available: '500', withdrawable: '100' });
    const refused = await call(t, a.token, 'POST', P.withdrawals, {
      ...usdt('150'),
      ...(await codes(t, a)),
    });
    expect(refused.body).toMatchObject({
      code: '5216',
      data: { withdrawable: '100', asset: 'USDT' },
    });
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '500', frozen: '0' });
    t.clock.advance(24 * HOUR);
    await relogin(t, a);
    const ok = await call(t, a.token, 'POST', P.withdrawals, {
      ...usdt('150'),
      ...(await codes(t, a)),
    });
    expect(ok.body.code).toBe('200');
  });
});

describe('races', () => {
  it('a cancel and the batch broadcast at the same moment: exactly one wins', async () => {
    t.clock.set(hkt(24, 23));
    const a = await funded('1000');
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1)
      ids.push((await t.app.withdrawals.request(a.userId, 0, usdt('100'))).id);
    t.clock.advance(3 * MINUTE);
    for (const id of ids) await runUntil(id, 'WAITING_BATCH');
    t.clock.set(hkt(25, 9));
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const [cancel] = await Promise.allSettled([
          t.app.withdrawals.cancel(a.userId, id),
          t.app.withdrawals.broadcast(id),
        ]);
        return cancel.status === 'fulfilled' ? 'CANCELLED' : 'SENT';
      }),
    );
    for (const [i, id] of ids.entries()) {
      // The cancel lost to the broadcast job (queued when the withdrawal began to wait) rather
      // than to the call here: the job may still be sending it.
      if (outcomes[i] === 'SENT') await runUntil(id, 'BROADCAST');
      const s = await status(id);
      expect(s).toBe(outcomes[i] === 'CANCELLED' ? 'CANCELLED' : 'BROADCAST');
      expect(chain.sent.has(id)).toBe(s === 'BROADCAST');
    }
    const sent = outcomes.filter((o) => o === 'SENT').length;
    expect(await balance(t, a.userId, 'USDT')).toEqual({
      available: String(1000 - 100 * sent),
      frozen: String(100 * sent),
    });
    await expectAuditClean(t);
  });
});

describe('50 concurrent withdrawals over one balance', () => {
  it('freeze only what the balance covers', async () => {
    t.clock.set(hkt(19, 11));
    const a = await funded('1000');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => t.app.withdrawals.request(a.userId, 0, usdt('30'))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { code?: number }] : [],
    );
    expect(ok).toHaveLength(33);
    expect(refused.map((e) => e.code)).toEqual(Array<number>(17).fill(5001));
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '10', frozen: '990' });
    expect(await t.app.db.cryptoWithdrawal.count({ where: { userId: a.userId } })).toBe(33);
    await expectAuditClean(t);
  });
});

describe('refusals change nothing', () => {
  it('codes, lock, permission, mode, address, whitelist-only and balance', async () => {
    t.clock.set(hkt(20, 11));
    const a = await funded('100');
    const expectCode = async (body: object, code: string, who = a, mode = 0) => {
      const res = await call(t, who.token, 'POST', P.withdrawals, body, mode);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    };
    await expectCode(usdt('50'), '8002');
    await expectCode({ ...usdt('50'), googleCode: '000000', emailCode: '000000' }, '8005');
    await expectCode({ ...usdt('50'), ...(await codes(t, a)) }, '5219', a, 1);
    await expectCode(
      { ...usdt('50', 'TNotAnAddress1234567890123456789012'), ...(await codes(t, a)) },
      '5003',
    );
    await expectCode({ ...usdt('50', '0x52908400098527886E0F7030069857D2E4169EE7') }, '5003');
    await expectCode({ ...usdt('100.5') }, '5001');
    await expectCode({ ...usdt('5') }, '5214');

    const unverified = await account(t, { kycLevel: 0 });
    await credit(t, unverified.userId, 'USDT', '100');
    await expectCode({ ...usdt('50'), ...(await codes(t, unverified)) }, '7001', unverified);
    // An opted-out account is limited, not refused: 1,000 USD of withdrawals per 24 hours.
    const optedOut = await account(t, { kycLevel: -1 });
    await credit(t, optedOut.userId, 'USDT', '2000');
    await expectCode({ ...usdt('1000.01'), ...(await codes(t, optedOut)) }, '7036', optedOut);
    await expectCode({ ...usdt('1000'), ...(await codes(t, optedOut)) }, '200', optedOut);
    await expectCode({ ...usdt('20'), ...(await codes(t, optedOut)) }, '7036', optedOut);

    await t.app.db.user.update({
      where: { id: a.userId },
      data: { securityLockedUntil: new Date(t.clock.now() + SECURITY_LOCK_MS) },
    });
    await expectCode({ ...usdt('50'), ...(await codes(t, a)) }, '8006');
    await t.app.db.user.update({ where: { id: a.userId }, data: { securityLockedUntil: null } });

    // Whitelisted addresses only: another address is refused, a new one cools for 24 hours.
    await call(t, a.token, 'PUT', P.whitelistSettings, { addressWhitelistOnly: true });
    await expectCode({ ...usdt('50'), ...(await codes(t, a)) }, '5206');
    const added = await call(t, a.token, 'POST', P.whitelistAddresses, {
      asset: 'USDT',
      network: 'TRX',
      address: OTHER_ADDRESS,
      note: 'My wallet',
      ...(await codes(t, a)),
    });
    expect(added.body.code).toBe('200');
    await expectCode({ ...usdt('50', OTHER_ADDRESS), ...(await codes(t, a)) }, '5207');

    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect(await t.app.db.cryptoWithdrawal.count({ where: { userId: a.userId } })).toBe(0);

    t.clock.advance(24 * HOUR);
    await relogin(t, a);
    await expectCode({ ...usdt('50', OTHER_ADDRESS), ...(await codes(t, a)) }, '200');
    await expectAuditClean(t);
  });

  it('an invalid request spends no code: the same codes then pass', async () => {
    t.clock.set(hkt(21, 11));
    const a = await funded('100');
    const c = await codes(t, a);
    const bad = await call(t, a.token, 'POST', P.withdrawals, { ...usdt('500'), ...c });
    expect(bad.body.code).toBe('5001');
    const good = await call(t, a.token, 'POST', P.withdrawals, { ...usdt('50'), ...c });
    expect(good.body.code).toBe('200');
  });
});
