import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CALLBACK_PATHS, FIAT_DEPOSIT_PATHS, type FiatHistoryItem } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { until } from '../../../helpers/wait.js';
import {
  available,
  bearer,
  depositor,
  expectAuditClean,
  fiatCallback,
  transferReceived,
  type Env,
} from './setup.js';

let t: TestApp;

/** The partner bank's returns of refused transfers (down on demand, like a bank can be). */
const returns: { transferId: string; reason: string }[] = [];
let bankDown = 0;
const bankReturn = {
  returnTransfer(transferId: string, reason: string) {
    if (bankDown > 0) {
      bankDown -= 1;
      return Promise.reject(new Error('bank unreachable'));
    }
    const known = returns.findIndex((r) => r.transferId === transferId);
    if (known < 0) returns.push({ transferId, reason });
    return Promise.resolve({ returnId: `RET-${transferId}` });
  },
};

beforeAll(async () => {
  t = await build({ FIAT_DEPOSIT_REVIEW_SECONDS: '0-0' }, { fiatDeposit: { bankReturn } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const URL_DEPOSITS = BANK_CALLBACK_PATHS.deposits;

/** A verified user (individual or institution) with an ACTIVE virtual account at the bank. */
async function bankCustomer(kind: 'INDIVIDUAL' | 'INSTITUTION' = 'INDIVIDUAL') {
  const u = await depositor(t);
  const now = t.clock.date();
  await t.app.db.user.update({ where: { id: u.userId }, data: { entityType: kind } });
  await t.app.db.kycApplication.create({
    data: {
      userId: u.userId,
      kind,
      status: 'PASS',
      step1:
        kind === 'INDIVIDUAL'
          ? { firstName: 'Ada', middleName: 'King', lastName: 'Lovelace' }
          : { institutionFullName: 'Analytical Engines Limited' },
      decidedAt: now,
      ...(kind === 'INSTITUTION' ? { bankLinkedAt: now } : {}),
    },
  });
  const accountNumber = `VA${Math.floor(Math.random() * 1e10)}`;
  await t.app.db.partnerBankAccount.create({
    data: {
      userId: u.userId,
      status: 'ACTIVE',
      accountNumber,
      accountName: kind === 'INDIVIDUAL' ? 'ADA KING LOVELACE' : 'ANALYTICAL ENGINES LTD',
      createdAt: now,
      updatedAt: now,
    },
  });
  return { ...u, accountNumber };
}

async function whitelist(userId: string, holderName: string, accountNumber: string) {
  const now = t.clock.date();
  const acc = await t.app.db.bankAccount.create({
    data: {
      userId,
      holderName,
      accountNumber,
      bankName: 'HSBC',
      bankCode: '004',
      swiftCode: 'HSBCHKHH',
      bankAddress: '1 Queen’s Road Central',
      createdAt: now,
      updatedAt: now,
    },
  });
  await t.app.db.bankAccountCurrency.create({
    data: { userId, currency: 'USD', bankAccountId: acc.id, createdAt: now },
  });
  return acc;
}

async function history(token: string, query = '&pageSize=50') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${FIAT_DEPOSIT_PATHS.history}?pageNum=1${query}`,
    headers: bearer(token),
  });
  return res;
}

describe('bank deposits (the partner bank’s transfer.received callbacks)', () => {
  it('credits a deposit once under 20 repeated and concurrent callbacks', async () => {
    const u = await bankCustomer();
    const event = transferReceived({ accountNumber: u.accountNumber, amount: '2500.5' });
    const repeats = [
      ...Array.from({ length: 10 }, () => event),
      // The same transfer under other event ids (a bank that re-sends with new ids).
      ...Array.from({ length: 10 }, () => ({ ...event, eventId: randomUUID() })),
    ];
    const answers = await Promise.all(repeats.map((e) => fiatCallback(t, URL_DEPOSITS, e)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json<Env>().data.applied)).toHaveLength(1);
    await until(async () => (await available(t, u.userId, 'USD')) === '2500.5');
    expect(await t.app.db.fiatDeposit.count({ where: { userId: u.userId } })).toBe(1);
    const row = await t.app.db.fiatDeposit.findFirstOrThrow({ where: { userId: u.userId } });
    expect(row.state).toBe('CREDITED');
    expect(await t.app.db.ledgerEntry.count({ where: { refId: row.id } })).toBe(2);
    await expectAuditClean(t);
  });

  it('refuses a bad signature and an old one', async () => {
    const u = await bankCustomer();
    const e = transferReceived({ accountNumber: u.accountNumber });
    const bad = await fiatCallback(t, URL_DEPOSITS, e, {
      secret: 'not-the-bank-secret-0123456789abcdefgh',
    });
    expect([bad.statusCode, bad.json<Env>().code]).toEqual([401, '6011']);
    const old = await fiatCallback(t, URL_DEPOSITS, e, { ageSeconds: 3600 });
    expect(old.json<Env>().code).toBe('6012');
    expect(await t.app.db.fiatDeposit.count({ where: { userId: u.userId } })).toBe(0);
  });

  it('acknowledges a transfer to an unknown virtual account and credits no one', async () => {
    const e = transferReceived({ accountNumber: 'VA-NOBODY' });
    const res = await fiatCallback(t, URL_DEPOSITS, e);
    expect(res.json<Env>().data).toEqual({ received: true, applied: false });
    expect(await t.app.db.fiatDeposit.count({ where: { externalId: e.transferId } })).toBe(0);
    await expectAuditClean(t);
  });

  it('refuses (records REFUSED, credits nothing) a payer who is not the user, and a GBP transfer', async () => {
    const u = await bankCustomer();
    await fiatCallback(
      t,
      URL_DEPOSITS,
      transferReceived({ accountNumber: u.accountNumber, payerName: 'Charles Babbage' }),
    );
    await fiatCallback(
      t,
      URL_DEPOSITS,
      transferReceived({ accountNumber: u.accountNumber, currency: 'GBP' }),
    );
    const rows = await t.app.db.fiatDeposit.findMany({
      where: { userId: u.userId },
      orderBy: { createdAt: 'asc' },
    });
    expect(rows.map((r) => [r.state, r.reason]).sort()).toEqual(
      [
        ['REFUSED', 'CURRENCY_NOT_SUPPORTED'],
        ['REFUSED', 'PAYER_NAME_MISMATCH'],
      ].sort(),
    );
    expect(await available(t, u.userId, 'USD')).toBe('0');
    // Both go back to the payer through the bank, once each, and the deposits say so.
    await until(async () =>
      (
        await t.app.db.fiatDeposit.findMany({ where: { userId: u.userId, returnedAt: null } })
      ).every((r) => r.state !== 'REFUSED'),
    );
    const back = await t.app.db.fiatDeposit.findMany({ where: { userId: u.userId } });
    for (const r of back) {
      expect(returns.filter((x) => x.transferId === r.externalId)).toEqual([
        { transferId: r.externalId, reason: r.reason },
      ]);
      expect(r.returnReference).toBe(`RET-${r.externalId}`);
    }
    // The fiat history says the money went back.
    const listed = (await history(u.token)).json<{ data: { result: FiatHistoryItem[] } }>().data
      .result;
    expect(listed.map((i) => [i.state, i.returned])).toEqual([
      ['REFUSED', true],
      ['REFUSED', true],
    ]);
    // The name in another order, with a title and accents, is the same person.
    await fiatCallback(
      t,
      URL_DEPOSITS,
      transferReceived({
        accountNumber: u.accountNumber,
        payerName: 'Dr. LOVELACE Ádá',
        amount: '10',
      }),
    );
    await until(async () => (await available(t, u.userId, 'USD')) === '10');
    await expectAuditClean(t);
  });

  it('returns a refused transfer once the bank answers again (the job retries)', async () => {
    const u = await bankCustomer();
    bankDown = 2;
    const event = transferReceived({ accountNumber: u.accountNumber, currency: 'GBP' });
    await fiatCallback(t, URL_DEPOSITS, event);
    await until(
      async () =>
        (await t.app.db.fiatDeposit.findFirst({
          where: { userId: u.userId, returnedAt: { not: null } },
        })) !== null,
      15_000,
    );
    expect(bankDown).toBe(0);
    expect(returns.filter((r) => r.transferId === event.transferId)).toHaveLength(1);
    // The bank repeats its callback: nothing is recorded or returned again.
    await fiatCallback(t, URL_DEPOSITS, event);
    expect(
      await t.app.fiatDeposits.returnToPayer(
        (await t.app.db.fiatDeposit.findFirstOrThrow({ where: { userId: u.userId } })).id,
      ),
    ).toBe(false);
    expect(returns.filter((r) => r.transferId === event.transferId)).toHaveLength(1);
    await expectAuditClean(t);
  });

  it('verifies the whitelisted account with the first deposit from it and completes the institution step', async () => {
    const u = await bankCustomer('INSTITUTION');
    const acc = await whitelist(u.userId, 'Analytical Engines Ltd.', '600-123-456');
    expect(acc.verifiedAt).toBeNull();
    await fiatCallback(
      t,
      URL_DEPOSITS,
      transferReceived({
        accountNumber: u.accountNumber,
        payerName: 'ANALYTICAL ENGINES LIMITED',
        payerAccountNumber: '600123456',
        amount: '1',
      }),
    );
    await until(async () => (await available(t, u.userId, 'USD')) === '1');
    const after = await t.app.db.bankAccount.findUniqueOrThrow({ where: { id: acc.id } });
    expect(after.verifiedAt).not.toBeNull();
    expect(after.firstTransferAt).not.toBeNull();
    const dep = await t.app.db.fiatDeposit.findFirstOrThrow({ where: { userId: u.userId } });
    expect(dep.bankAccountId).toBe(acc.id);
    await until(async () => {
      const app = await t.app.db.kycApplication.findUnique({ where: { userId: u.userId } });
      return app?.depositedAt !== null;
    });
    await expectAuditClean(t);
  });
});

describe('fiat history', () => {
  it('lists deposits and withdrawals with filters, the 6-month window and a CSV export', async () => {
    const u = await bankCustomer();
    await fiatCallback(
      t,
      URL_DEPOSITS,
      transferReceived({ accountNumber: u.accountNumber, amount: '300' }),
    );
    t.clock.advance(60_000);
    await fiatCallback(
      t,
      URL_DEPOSITS,
      transferReceived({ accountNumber: u.accountNumber, currency: 'EUR', amount: '40' }),
    );
    await until(async () => (await available(t, u.userId, 'EUR')) === '40');
    const acc = await whitelist(u.userId, 'Ada Lovelace', '999000111');
    const now = t.clock.date();
    await t.app.db.fiatWithdrawal.create({
      data: {
        userId: u.userId,
        clientRequestId: randomUUID(),
        currency: 'USD',
        amount: '100',
        estimatedFee: '11',
        estimatedReceived: '89',
        bankAccountId: acc.id,
        accountName: 'Ada Lovelace',
        swiftCode: 'HSBCHKHH',
        status: 'FROZEN',
        reviewDueAt: now,
        createdAt: new Date(now.getTime() + 1000),
        updatedAt: now,
      },
    });
    const all = (await history(u.token)).json<Env>().data.result;
    expect(all.map((i) => [i.type, i.currency, i.amount, i.state])).toEqual([
      ['WITHDRAWAL', 'USD', '100', 'FROZEN'],
      ['DEPOSIT', 'EUR', '40', 'CREDITED'],
      ['DEPOSIT', 'USD', '300', 'CREDITED'],
    ]);
    const withdrawals = (await history(u.token, '&type=WITHDRAWAL')).json<Env>().data.result;
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]?.net).toBe('89');
    const eur = (await history(u.token, '&currency=EUR')).json<Env>().data.result;
    expect(eur.map((i: FiatHistoryItem) => i.amount)).toEqual(['40']);
    const frozen = (await history(u.token, '&state=FROZEN')).json<Env>().data.result;
    expect(frozen.map((i: FiatHistoryItem) => i.type)).toEqual(['WITHDRAWAL']);
    const paged = (
      await t.app.inject({
        method: 'GET',
        url: `${FIAT_DEPOSIT_PATHS.history}?pageSize=1&pageNum=2`,
        headers: bearer(u.token),
      })
    ).json<Env>().data.result;
    expect(paged.map((i: FiatHistoryItem) => i.currency)).toEqual(['EUR']);
    const tooOld = await history(u.token, `&startTime=${now.getTime() - 200 * 24 * 3600 * 1000}`);
    expect(tooOld.json<Env>().code).toBe('3018');
    const csv = await t.app.inject({
      method: 'GET',
      url: `${FIAT_DEPOSIT_PATHS.historyExport}?type=DEPOSIT`,
      headers: bearer(u.token),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toContain('Type,Channel,Currency,Amount');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('DEPOSIT,BANK,EUR,40');
    // Someone else sees none of it.
    const other = await signIn(t, { kycLevel: 1 });
    expect((await history(other.token)).json<Env>().data.result).toEqual([]);
    await expectAuditClean(t);
  });
});
