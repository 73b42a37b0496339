import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FIAT_WITHDRAWAL_PATHS as P,
  FlowType,
  hkInstant,
  SECURITY_LOCK_MS,
  type BankAccount,
  type FiatWithdrawal,
  type FiatWithdrawalPreview,
  type FiatWithdrawalState,
  type WalletTransaction,
} from '@exchange/contracts';
import { latestMail } from '../../../helpers/auth.js';
import { build, type TestApp } from '../../../helpers/build.js';
import { listen } from '../../../helpers/listen.js';
import { Client } from '../../../helpers/socket-client.js';
import { eventually } from '../../../helpers/wait.js';
import {
  balance,
  call,
  codes,
  credit,
  expectAuditClean,
  HOUR,
  MINUTE,
  relogin,
  type Account,
} from '../../wallet/withdrawal/setup.js';
import { bankAccountBody, FakeBank, person, transferCallback, withdrawalBody } from './setup.js';

const bank = new FakeBank();
let t: TestApp;
beforeAll(async () => {
  t = await build({}, { fiatBank: bank });
});
afterAll(() => t.close());
beforeEach(() => {
  bank.refuse = null;
  bank.down = false;
  bank.delayMs = 0;
});

/** A Hong Kong local time as an instant. */
const hkt = (date: string, hour: number, minute = 0) => hkInstant(date, hour, minute).getTime();

async function status(id: string): Promise<FiatWithdrawalState> {
  const row = await t.app.db.fiatWithdrawal.findUniqueOrThrow({ where: { id } });
  return row.status as FiatWithdrawalState;
}

/** Runs the due withdrawal jobs on the manual clock until the withdrawal reaches `want`. */
async function runUntil(id: string, want: FiatWithdrawalState): Promise<void> {
  await eventually(
    async () => {
      await t.app.jobs.promote(t.app.fiatWithdrawals.stepJob);
      return status(id);
    },
    (s) => s === want,
    8000,
    100,
  );
}

async function row(id: string) {
  return t.app.db.fiatWithdrawal.findUniqueOrThrow({ where: { id } });
}

/** A verified person with USD, a verified bank account linked to USD, a session at `at`. */
async function ready(at: number, funds = '5000'): Promise<Account & { bankAccountId: string }> {
  t.clock.set(at - 10 * MINUTE);
  const a = await person(t);
  await credit(t, a.userId, 'USD', funds);
  const added = await call<BankAccount>(t, a.token, 'POST', P.bankAccounts, {
    ...bankAccountBody({ currencies: ['USD'] }),
    ...(await codes(t, a)),
  });
  expect(added.body.code).toBe('200');
  await t.app.db.bankAccount.update({
    where: { id: added.body.data.id },
    data: { verifiedAt: t.clock.date() },
  });
  t.clock.set(at - MINUTE);
  return { ...a, bankAccountId: added.body.data.id };
}

async function withdraw(a: Account, over: Record<string, unknown> = {}) {
  const res = await call<FiatWithdrawal>(t, a.token, 'POST', P.withdrawals, {
    ...withdrawalBody(over),
    ...(await codes(t, a)),
  });
  expect(res.body.code).toBe('200');
  return res.body.data;
}

/** From the request to the bank being asked, following the clock to each due time. */
async function toSending(w: FiatWithdrawal): Promise<void> {
  t.clock.set(Date.parse(w.reviewDueAt));
  await runUntil(w.id, 'FROZEN');
  const frozen = await row(w.id);
  t.clock.set(frozen.scheduledFor!.getTime());
  await runUntil(w.id, 'SENDING');
  await eventually(
    () => row(w.id),
    (r) => r.bankTransferId !== null,
    5000,
    50,
  );
}

describe('preview and checks', () => {
  it('shows available, minimum, estimated fee and amount received before confirming', async () => {
    const a = await ready(hkt('2026-11-24', 10));
    const res = await call<FiatWithdrawalPreview>(t, a.token, 'POST', P.withdrawalPreview, {
      currency: 'USD',
      amount: '1000',
    });
    expect(res.body.data).toMatchObject({
      currency: 'USD',
      amount: '1000',
      available: '5000',
      minAmount: '100',
      estimatedFee: '12',
      estimatedReceived: '988',
      bankAccount: { id: a.bankAccountId, verified: true },
    });
    const eur = await call<FiatWithdrawalPreview>(t, a.token, 'POST', P.withdrawalPreview, {
      currency: 'EUR',
      amount: '200',
    });
    expect(eur.body.data).toMatchObject({ estimatedFee: '10.35', bankAccount: null });
    const low = await call(t, a.token, 'POST', P.withdrawalPreview, {
      currency: 'USD',
      amount: '99.99',
    });
    expect(low.body).toMatchObject({ code: '6222', data: { minAmount: '100', currency: 'USD' } });
    const decimals = await call(t, a.token, 'POST', P.withdrawalPreview, {
      currency: 'USD',
      amount: '100.001',
    });
    expect(decimals.body.code).toBe('6221');
    const demo = await call(
      t,
      a.token,
      'POST',
      P.withdrawalPreview,
      { currency: 'USD', amount: '100' },
      1,
    );
    expect(demo.body.code).toBe('6101');
  });

  it("refuses a name or SWIFT other than the linked account's, and half a transit bank", async () => {
    const a = await ready(hkt('2026-11-24', 10));
    const ask = (over: Record<string, unknown>) =>
      call(t, a.token, 'POST', P.withdrawals, withdrawalBody(over));
    expect((await ask({ accountName: 'Wong Siu Ming' })).body.code).toBe('6227');
    expect((await ask({ swiftCode: 'BKCHHKHH' })).body.code).toBe('6001');
    expect((await ask({ transitBankName: 'Citibank NA' })).body.code).toBe('6228');
    expect(
      (await ask({ transitBankName: 'Citibank NA', transitSwiftCode: 'CITI' })).body.code,
    ).toBe('6204');
    expect((await ask({ recipientZip: '' })).body.code).toBe('6211');
    expect((await ask({ amount: '5000.01' })).body.code).toBe('5001');
    expect((await ask({})).body.code).toBe('8002');
    const demo = await call(t, a.token, 'POST', P.withdrawals, withdrawalBody(), 1);
    expect(demo.body.code).toBe('6101');
    await t.app.db.user.update({
      where: { id: a.userId },
      data: { securityLockedUntil: new Date(t.clock.now() + SECURITY_LOCK_MS) },
    });
    expect((await ask({})).body.code).toBe('8006');
    expect(await t.app.db.fiatWithdrawal.count({ where: { userId: a.userId } })).toBe(0);
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '5000', frozen: '0' });
  });
});

describe('the way to the bank', () => {
  it('across a weekend: frozen 24 hours, then sent Monday 09:00 Hong Kong time', async () => {
    // Friday 27 November 2026, 10:00 in Hong Kong.
    const a = await ready(hkt('2026-11-27', 10));
    t.clock.set(hkt('2026-11-27', 10));
    await relogin(t, a);
    const w = await withdraw(a, {
      transitBankName: 'Citibank NA',
      transitSwiftCode: 'CITIUS33',
      bankState: 'HK',
    });
    expect(w).toMatchObject({ status: 'REVIEW', amount: '1000', cancellable: true });
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '4000', frozen: '1000' });
    // The same request again: the first answer, no second freeze (no codes needed).
    const again = await call<FiatWithdrawal>(t, a.token, 'POST', P.withdrawals, {
      ...withdrawalBody(),
      clientRequestId: w.clientRequestId,
    });
    expect(again.body.data.id).toBe(w.id);
    const reused = await call(t, a.token, 'POST', P.withdrawals, {
      ...withdrawalBody({ amount: '2000' }),
      clientRequestId: w.clientRequestId,
    });
    expect(reused.body.code).toBe('6225');

    const reviewEnd = Date.parse(w.reviewDueAt);
    expect(reviewEnd - Date.parse(w.createdAt)).toBeGreaterThanOrEqual(MINUTE);
    expect(reviewEnd - Date.parse(w.createdAt)).toBeLessThanOrEqual(2 * MINUTE);
    t.clock.set(reviewEnd);
    await runUntil(w.id, 'FROZEN');
    const frozen = await row(w.id);
    expect(frozen.releaseAt?.getTime()).toBe(reviewEnd + 24 * HOUR);
    expect(frozen.scheduledFor?.toISOString()).toBe(new Date(hkt('2026-11-30', 9)).toISOString());
    expect(frozen.scheduledFor?.toISOString()).toBe('2026-11-30T01:00:00.000Z');

    t.clock.set(frozen.releaseAt!.getTime());
    await runUntil(w.id, 'SCHEDULED');
    t.clock.set(hkt('2026-11-30', 8, 59));
    await t.app.jobs.promote(t.app.fiatWithdrawals.stepJob);
    await new Promise((r) => setTimeout(r, 300));
    expect(await status(w.id)).toBe('SCHEDULED');
    expect(bank.requests.filter((r) => r.requestId === w.id)).toHaveLength(0);
    await relogin(t, a);
    const late = await call(t, a.token, 'POST', P.withdrawalCancel(w.id));
    expect(late.body.code).toBe('6224');

    t.clock.set(hkt('2026-11-30', 9));
    await runUntil(w.id, 'SENDING');
    const sending = await eventually(
      () => row(w.id),
      (r) => r.bankTransferId !== null,
    );
    const sent = bank.requests.find((r) => r.requestId === w.id);
    expect(sent).toMatchObject({
      requestId: w.id,
      currency: 'USD',
      amount: '1000',
      beneficiary: {
        name: 'CHAN TAI MAN',
        swiftCode: 'HSBCHKHHHKH',
        bankCode: '004',
        bankState: 'HK',
        bankCity: 'Hong Kong',
        city: 'Kowloon',
        zip: '000000',
      },
      transitBank: { name: 'Citibank NA', swiftCode: 'CITIUS33' },
    });

    // The bank's confirmation: the frozen amount leaves, the actual fee recorded apart.
    const event = {
      eventId: `evt-sent-${w.id}`,
      occurredAt: new Date(t.clock.now()).toISOString(),
      type: 'transfer.sent',
      transferId: sending.bankTransferId!,
      requestId: w.id,
      intermediaryFee: '10.5',
    } as const;
    const bad = await transferCallback(t, event, { secret: 'x'.repeat(40) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: '6011' });
    const old = await transferCallback(t, event, { ageSeconds: 3600 });
    expect(old.json()).toMatchObject({ code: '6012' });
    expect(await status(w.id)).toBe('SENDING');
    const ok = await transferCallback(t, event);
    expect(ok.json()).toMatchObject({ code: '200', data: { received: true, duplicate: false } });
    const repeat = await transferCallback(t, event);
    expect(repeat.json()).toMatchObject({ data: { duplicate: true } });
    const another = await transferCallback(t, { ...event, eventId: `evt-again-${w.id}` });
    expect(another.json()).toMatchObject({ data: { duplicate: false } });

    const done = await call<FiatWithdrawal>(t, a.token, 'GET', P.withdrawal(w.id));
    expect(done.body.data).toMatchObject({
      status: 'SENT',
      actualFee: '10.5',
      received: '989.5',
      bankTransferId: sending.bankTransferId,
      cancellable: false,
    });
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '4000', frozen: '0' });
    const flows = await t.app.db.ledgerEntry.findMany({
      where: { accountId: a.userId, refId: w.id },
      orderBy: { id: 'asc' },
    });
    expect(flows.map((f) => [f.flowType, f.bucket, f.amount.toFixed()]).sort()).toEqual(
      [
        [FlowType.FIAT_WITHDRAWAL_FREEZE, 'AVAILABLE', '-1000'],
        [FlowType.FIAT_WITHDRAWAL_FREEZE, 'FROZEN', '1000'],
        [FlowType.FIAT_WITHDRAWAL, 'FROZEN', '-989.5'],
        [FlowType.FIAT_WITHDRAWAL_FEE, 'FROZEN', '-10.5'],
      ].sort(),
    );
    // Transaction history: one line for the withdrawal, the intermediary fee apart.
    const history = await call<{ result: WalletTransaction[] }>(
      t,
      a.token,
      'GET',
      '/v1/wallet/transactions?type=FIAT_WITHDRAWAL',
    );
    expect(history.body.data.result.map((x) => [x.type, x.changes])).toEqual([
      ['FIAT_WITHDRAWAL', [{ asset: 'USD', amount: '-989.5', fee: '10.5', networkFee: '0' }]],
    ]);
    const all = await call<{ result: WalletTransaction[] }>(
      t,
      a.token,
      'GET',
      '/v1/wallet/transactions',
    );
    expect(all.body.data.result.map((x) => x.type)).not.toContain('OTHER');
    const account = await t.app.db.bankAccount.findUniqueOrThrow({
      where: { id: a.bankAccountId },
    });
    expect(account.firstTransferAt).not.toBeNull();
    const notices = await t.app.db.notification.findMany({ where: { userId: a.userId } });
    expect(notices.filter((n) => n.type === 'WITHDRAWAL_SENT')).toHaveLength(1);
    await expectAuditClean(t);
  });

  it('across a Hong Kong holiday: Christmas Day and Boxing Day pass, sent Monday 28th', async () => {
    const a = await ready(hkt('2026-12-24', 12));
    t.clock.set(hkt('2026-12-24', 12));
    await relogin(t, a);
    const w = await withdraw(a);
    t.clock.set(Date.parse(w.reviewDueAt));
    await runUntil(w.id, 'FROZEN');
    expect((await row(w.id)).scheduledFor?.toISOString()).toBe('2026-12-28T01:00:00.000Z');
    await expectAuditClean(t);
  });

  it('inside banking hours it goes when the freeze ends; after 17:00 the next morning', async () => {
    const a = await ready(hkt('2026-11-24', 10));
    t.clock.set(hkt('2026-11-24', 10));
    await relogin(t, a);
    const inside = await withdraw(a, { amount: '100' });
    t.clock.set(hkt('2026-11-24', 16, 59));
    await relogin(t, a);
    const after = await withdraw(a, { amount: '100' });
    t.clock.set(hkt('2026-11-24', 17, 5));
    await runUntil(inside.id, 'FROZEN');
    await runUntil(after.id, 'FROZEN');
    const i = await row(inside.id);
    expect(i.scheduledFor?.getTime()).toBe(i.releaseAt?.getTime());
    expect(i.releaseAt?.getTime()).toBe(i.reviewDueAt.getTime() + 24 * HOUR);
    expect((await row(after.id)).scheduledFor?.toISOString()).toBe(
      new Date(hkt('2026-11-26', 9)).toISOString(),
    );
  });
});

describe('live', () => {
  it('pushes every state on fiatWithdrawal and mails the user when it is sent', async () => {
    const a = await ready(hkt('2026-11-24', 10));
    // The withdrawal takes days of the clock; the socket's login must outlive them (past its
    // access expiry the socket would be ended and get no private push).
    await t.app.db.session.updateMany({
      where: { userId: a.userId },
      data: { accessExpiresAt: new Date(t.clock.now() + 30 * 24 * HOUR) },
    });
    const socket = await Client.open(await listen(t));
    try {
      expect(
        (await socket.request('login', { args: { token: a.token, runtimeMode: 0 } })).code,
      ).toBe('200');
      expect((await socket.request('subscribe', { channel: 'fiatWithdrawal' })).code).toBe('200');
      const w = await withdraw(a);
      await toSending(w);
      const before = (await t.mail.messagesTo(a.email)).length;
      const r = await row(w.id);
      await transferCallback(t, {
        eventId: `evt-live-${w.id}`,
        occurredAt: new Date(t.clock.now()).toISOString(),
        type: 'transfer.sent',
        transferId: r.bankTransferId!,
        requestId: w.id,
        intermediaryFee: '12',
      });
      const mail = await latestMail(t, a.email, before);
      expect(mail.subject).toBe('Withdrawal sent: 1000 USD');
      expect(mail.text).toContain('****');
      const states = () =>
        socket.messages
          .filter((m) => m.event === 'push' && m.channel === 'fiatWithdrawal')
          .map((m) => (m.event === 'push' && m.channel === 'fiatWithdrawal' ? m.data.status : ''))
          .filter((s, i, all) => s !== all[i - 1]);
      await eventually(
        async () => states(),
        (s) => s.at(-1) === 'SENT',
      );
      expect(states()).toEqual(['REVIEW', 'FROZEN', 'SCHEDULED', 'SENDING', 'SENT']);
    } finally {
      socket.close();
    }
  });
});

describe('funds returned', () => {
  it('the review refuses: the funds are back and the user is told', async () => {
    const a = await ready(hkt('2026-11-24', 10));
    const w = await withdraw(a);
    t.clock.set(Date.parse(w.reviewDueAt));
    await runUntil(w.id, 'FROZEN');
    const refused = await t.app.fiatWithdrawals.decide(w.id, 'REFUSE', 'Source of funds unclear.');
    expect(refused).toMatchObject({ status: 'REFUSED', reason: 'Source of funds unclear.' });
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '5000', frozen: '0' });
    const notices = await t.app.db.notification.findMany({
      where: { userId: a.userId, type: 'FIAT_WITHDRAWAL_RETURNED' },
    });
    expect(notices.map((n) => n.params)).toEqual([
      { asset: 'USD', amount: '1000', status: 'REFUSED', reason: 'Source of funds unclear.' },
    ]);
    await expectAuditClean(t);
  });

  it('the user cancels under review and while frozen', async () => {
    const a = await ready(hkt('2026-11-24', 10));
    const first = await withdraw(a);
    const c1 = await call<FiatWithdrawal>(t, a.token, 'POST', P.withdrawalCancel(first.id));
    expect(c1.body.data).toMatchObject({ status: 'CANCELLED', cancellable: false });
    const second = await withdraw(a);
    t.clock.set(Date.parse(second.reviewDueAt));
    await runUntil(second.id, 'FROZEN');
    const c2 = await call<FiatWithdrawal>(t, a.token, 'POST', P.withdrawalCancel(second.id));
    expect(c2.body.data.status).toBe('CANCELLED');
    const c3 = await call(t, a.token, 'POST', P.withdrawalCancel(second.id));
    expect(c3.body.code).toBe('6224');
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '5000', frozen: '0' });
    const list = await call<{ result: FiatWithdrawal[] }>(t, a.token, 'GET', P.withdrawals);
    expect(list.body.data.result.map((w) => w.id)).toEqual([second.id, first.id]);
    await expectAuditClean(t);
  });

  it('the bank reports the transfer failed, or refuses it: the funds are back', async () => {
    const a = await ready(hkt('2026-11-24', 10));
    const w = await withdraw(a);
    await toSending(w);
    const r = await row(w.id);
    const res = await transferCallback(t, {
      eventId: `evt-failed-${w.id}`,
      occurredAt: new Date(t.clock.now()).toISOString(),
      type: 'transfer.failed',
      transferId: r.bankTransferId!,
      requestId: w.id,
      reason: 'Beneficiary account closed',
    });
    expect(res.json()).toMatchObject({ code: '200' });
    expect(await row(w.id)).toMatchObject({
      status: 'FAILED',
      reason: 'Beneficiary account closed',
    });
    // A late "sent" for the same transfer changes nothing.
    await transferCallback(t, {
      eventId: `evt-late-${w.id}`,
      occurredAt: new Date(t.clock.now()).toISOString(),
      type: 'transfer.sent',
      transferId: r.bankTransferId!,
      requestId: w.id,
      intermediaryFee: '11',
    });
    expect(await status(w.id)).toBe('FAILED');
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '5000', frozen: '0' });

    await relogin(t, a);
    const refusedByBank = await withdraw(a);
    bank.refuse = 'Sanctions screening';
    t.clock.set(Date.parse(refusedByBank.reviewDueAt));
    await runUntil(refusedByBank.id, 'FROZEN');
    t.clock.set((await row(refusedByBank.id)).scheduledFor!.getTime());
    await runUntil(refusedByBank.id, 'FAILED');
    expect((await row(refusedByBank.id)).reason).toBe('Sanctions screening');
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '5000', frozen: '0' });
    // The job tells the user after the state is committed: the second notice may be a moment later.
    const notices = await eventually(
      () =>
        t.app.db.notification.findMany({
          where: { userId: a.userId, type: 'FIAT_WITHDRAWAL_RETURNED' },
        }),
      (found) => found.length >= 2,
    );
    expect(notices).toHaveLength(2);
    await expectAuditClean(t);
  });

  it('the bank unreachable: retried, sent once it answers', async () => {
    const a = await ready(hkt('2026-11-24', 10));
    const w = await withdraw(a);
    t.clock.set(Date.parse(w.reviewDueAt));
    await runUntil(w.id, 'FROZEN');
    const frozen = await row(w.id);
    bank.down = true;
    t.clock.set(frozen.scheduledFor!.getTime());
    await runUntil(w.id, 'SENDING');
    expect((await row(w.id)).bankTransferId).toBeNull();
    bank.down = false;
    // After a restart, resume() queues it again.
    await t.app.fiatWithdrawals.resume();
    await eventually(
      () => row(w.id),
      (r) => r.bankTransferId !== null,
      8000,
      100,
    );
    // The failed job's own retry and the resumed one may both ask once the bank answers: the
    // bank is idempotent on the request id (the withdrawal id), so it is one transfer, the one
    // the withdrawal records, and the funds leave once.
    const asked = bank.requests.filter((r) => r.requestId === w.id);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked.map((r) => r.requestId)).size).toBe(1);
    expect((await row(w.id)).bankTransferId).toBe(bank.transfers.get(w.id));
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '4000', frozen: '1000' });
    await expectAuditClean(t);
  });
});

describe('concurrency', () => {
  it('20 requests at once over one balance: never below zero', async () => {
    const a = await ready(hkt('2026-11-24', 10), '1000');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.app.fiatWithdrawals.request(a.userId, 0, {
          ...withdrawalBody({ amount: '100' }),
        } as Parameters<typeof t.app.fiatWithdrawals.request>[2]),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { code?: number }).code === 5001,
    );
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(await balance(t, a.userId, 'USD')).toEqual({ available: '0', frozen: '1000' });
    await expectAuditClean(t);
  });
});

describe('one call to the bank', () => {
  it('two jobs reaching a SENDING withdrawal together ask the bank once', async () => {
    // Friday 10:00 in Hong Kong: released on Saturday, it waits SCHEDULED for Monday 09:00.
    const a = await ready(hkt('2026-11-27', 10));
    t.clock.set(hkt('2026-11-27', 10));
    await relogin(t, a);
    const w = await withdraw(a);
    t.clock.set(Date.parse(w.reviewDueAt));
    await runUntil(w.id, 'FROZEN');
    t.clock.set((await row(w.id)).releaseAt!.getTime());
    await runUntil(w.id, 'SCHEDULED');
    // Put SENDING by hand (its job waits for Monday), then two callers at once, a slow bank.
    await t.app.db.fiatWithdrawal.update({ where: { id: w.id }, data: { status: 'SENDING' } });
    bank.delayMs = 300;
    const both = await Promise.allSettled([
      t.app.fiatWithdrawals.advance(w.id),
      t.app.fiatWithdrawals.advance(w.id),
    ]);
    // One of them (or a job of the withdrawal's own, had one just run) holds the lock and asks;
    // the other is refused and asks nothing.
    const refused = both.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(String(r.reason)).toMatch(/being sent to the bank/);
    await eventually(
      () => row(w.id),
      (r) => r.bankTransferId !== null,
      5000,
      50,
    );
    expect(bank.requests.filter((r) => r.requestId === w.id)).toHaveLength(1);
    expect((await row(w.id)).bankTransferId).toBe(bank.transfers.get(w.id));
    // The loser's retry finds the transfer recorded and asks nothing.
    await t.app.fiatWithdrawals.advance(w.id);
    expect(bank.requests.filter((r) => r.requestId === w.id)).toHaveLength(1);
    await expectAuditClean(t);
  });
});

describe("the operator's send-now override", () => {
  it('refused unless SCHEDULED; a SCHEDULED one goes to the bank now, audited', async () => {
    // Friday 27 November 2026, 10:00 in Hong Kong: it would wait for Monday 09:00.
    const a = await ready(hkt('2026-11-27', 10));
    t.clock.set(hkt('2026-11-27', 10));
    await relogin(t, a);
    const w = await withdraw(a);
    await expect(t.app.fiatWithdrawals.sendNow(w.id, 'ops-alice')).rejects.toMatchObject({
      code: 6300,
    });
    t.clock.set(Date.parse(w.reviewDueAt));
    await runUntil(w.id, 'FROZEN');
    await expect(t.app.fiatWithdrawals.sendNow(w.id, 'ops-alice')).rejects.toMatchObject({
      code: 6300,
    });
    const frozen = await row(w.id);
    t.clock.set(frozen.releaseAt!.getTime());
    await runUntil(w.id, 'SCHEDULED');
    expect(bank.requests.filter((r) => r.requestId === w.id)).toHaveLength(0);

    const sent = await t.app.fiatWithdrawals.sendNow(w.id, 'ops-alice');
    expect(sent.status).toBe('SENDING');
    // Still Saturday: the gateway asks the bank now (the job runs on the worker).
    await eventually(
      async () => {
        await t.app.jobs.promote(t.app.fiatWithdrawals.stepJob);
        return row(w.id);
      },
      (r) => r.bankTransferId !== null,
      8000,
      100,
    );
    // The override's job and the promoted banking-day job may both ask the bank: it is one
    // transfer (the bank is idempotent on the withdrawal id), the one the withdrawal records.
    const asked = bank.requests.filter((r) => r.requestId === w.id);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect((await row(w.id)).bankTransferId).toBe(bank.transfers.get(w.id));
    const audit = await t.app.db.opsAudit.findMany({ where: { entityKey: w.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'ops-alice', entity: 'fiat-withdrawal' });
    expect(audit[0]?.action).toMatch(/override/);
    expect(audit[0]?.before).toMatchObject({
      status: 'SCHEDULED',
      scheduledFor: '2026-11-30T01:00:00.000Z',
    });
    // Once more: refused, nothing new.
    await expect(t.app.fiatWithdrawals.sendNow(w.id, 'ops-alice')).rejects.toMatchObject({
      code: 6300,
    });
    expect(await t.app.db.opsAudit.count({ where: { entityKey: w.id } })).toBe(1);
    await expectAuditClean(t);
  });
});
