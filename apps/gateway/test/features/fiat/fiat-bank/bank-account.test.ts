import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_CALLBACK_PATHS,
  FlowType,
  RuntimeMode,
  hkInstant,
  type PartnerBankAccountView,
} from '@exchange/contracts';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { SYSTEM, post } from '../../../../src/features/wallet/ledger/ledger-service.js';
import { signText } from '@exchange/contracts/signed-request';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startBankSim, type BankSimProcess } from '../../../helpers/bank-sim.js';
import { freePort } from '../../../helpers/kyc-sim.js';
import { until } from '../../../helpers/wait.js';

let t: TestApp;
let bank: BankSimProcess;

beforeAll(async () => {
  const [gatewayPort, simPort] = [await freePort(), await freePort()];
  t = await build({
    BANK_API_URL: `http://127.0.0.1:${simPort}`,
    BANK_CALLBACK_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
  });
  await t.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  bank = await startBankSim({
    port: simPort,
    secret: t.env.BANK_CALLBACK_SECRET,
    callbackBaseUrl: `http://127.0.0.1:${gatewayPort}`,
  });
  await bank.setClock(t.clock.now());
}, 60_000);

afterAll(async () => {
  await bank?.stop();
  await t?.close();
});

const auth = (token: string, mode: number = RuntimeMode.REAL) => ({
  authorization: `Bearer ${token}`,
  'runtime-mode': String(mode),
});

async function verifiedUser() {
  const user = await signIn(t, { kycLevel: 1 });
  // The tests move the clock by hours: the session outlives them.
  await t.app.db.session.updateMany({
    where: { userId: user.userId },
    data: { accessExpiresAt: new Date(t.clock.now() + 24 * 3_600_000) },
  });
  await t.app.db.kycApplication.create({
    data: {
      userId: user.userId,
      kind: 'INDIVIDUAL',
      status: 'PASS',
      step1: { firstName: 'Jane', lastName: 'Doe', nationality: 'HK', birthDate: '1990-02-03' },
      step2: { idType: 'PASSPORT', passportNumber: 'K1234567' },
    },
  });
  return user;
}

async function credit(userId: string, amount: string) {
  await t.app.db.$transaction((tx) =>
    post(tx, {
      mode: RuntimeMode.REAL,
      flowType: FlowType.DEV_CREDIT,
      refType: 'TEST',
      refId: userId,
      at: t.clock.date(),
      legs: [
        { accountId: userId, asset: 'USD', bucket: 'AVAILABLE', amount },
        { accountId: SYSTEM.external, asset: 'USD', bucket: 'AVAILABLE', amount: `-${amount}` },
      ],
    }),
  );
}

async function usd(userId: string): Promise<string> {
  const row = await t.app.db.balance.findFirst({
    where: { accountId: userId, mode: RuntimeMode.REAL, asset: 'USD' },
  });
  return new Decimal(row?.available.toFixed() ?? '0').toFixed();
}

const data = (json: unknown) => (json as { data: PartnerBankAccountView }).data;

async function view(token: string): Promise<PartnerBankAccountView> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/fiat/bank-account',
    headers: auth(token),
  });
  expect(res.statusCode).toBe(200);
  return data(res.json());
}

async function act(token: string, what: 'open' | 'ekyc-link', mode: number = RuntimeMode.REAL) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/fiat/bank-account/${what}`,
    headers: auth(token, mode),
  });
}

async function waitState(token: string, state: string): Promise<PartnerBankAccountView> {
  await until(async () => (await view(token)).state === state, 10_000, 50);
  return view(token);
}

async function expectAuditOk() {
  const audit = await auditLedger(t.app.db);
  expect(audit.unbalanced).toEqual([]);
  expect(audit.mismatched).toEqual([]);
  expect(audit.ok).toBe(true);
}

function callback(body: unknown, opts: { secret?: string; ageSeconds?: number } = {}) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0);
  return t.app.inject({
    method: 'POST',
    url: BANK_CALLBACK_PATHS.accounts,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature': signText(opts.secret ?? t.env.BANK_CALLBACK_SECRET, ts, raw),
    },
    payload: raw,
  });
}

async function openActive(token: string) {
  expect((await act(token, 'open')).statusCode).toBe(200);
  return waitState(token, 'EKYC_PENDING');
}

describe('partner-bank account opening', () => {
  it('opens through the bank, charges the opening fee from the balance and tells the user', async () => {
    const user = await verifiedUser();
    await credit(user.userId, '100');
    expect((await view(user.token)).state).toBe('NONE');
    const res = await act(user.token, 'open');
    expect(res.statusCode).toBe(200);
    expect(['OPENING', 'EKYC_PENDING']).toContain(data(res.json()).state);
    const v = await waitState(user.token, 'EKYC_PENDING');
    expect(v.accountNumber).toMatch(/^392\d{10}$/);
    expect(v.accountName).toBe('JANE DOE');
    expect(v.fees).toMatchObject({ currency: 'USD', opening: '20', monthly: '5', owed: '0' });
    expect(v.fees.history).toEqual([
      expect.objectContaining({ kind: 'OPENING', amount: '20', state: 'CHARGED' }),
    ]);
    expect(await usd(user.userId)).toBe('80');
    const flows = await t.app.db.ledgerEntry.findMany({
      where: { accountId: user.userId, flowType: FlowType.BANK_ACCOUNT_OPENING_FEE },
    });
    expect(flows.map((f) => f.amount.toFixed())).toEqual(['-20']);
    await until(
      async () =>
        (await t.app.db.notification.count({
          where: { userId: user.userId, type: 'BANK_ACCOUNT' },
        })) === 1,
    );
    // Once open, another application is refused and changes nothing.
    const again = await act(user.token, 'open');
    expect(again.json()).toMatchObject({ code: '6014' });
    await expectAuditOk();
  });

  it('owes the opening fee when the balance does not cover it and deducts it from the next credit', async () => {
    const user = await verifiedUser();
    await credit(user.userId, '5');
    const v = await openActive(user.token);
    expect(v.fees.owed).toBe('20');
    expect(v.fees.history[0]).toMatchObject({ kind: 'OPENING', state: 'OWED' });
    expect(await usd(user.userId)).toBe('5');
    await credit(user.userId, '30');
    await t.app.fiatBank.afterUsdCredit(user.userId);
    const after = await view(user.token);
    expect(after.fees.owed).toBe('0');
    expect(after.fees.history[0]).toMatchObject({ kind: 'OPENING', state: 'DEDUCTED' });
    expect(await usd(user.userId)).toBe('15');
    const deductions = await t.app.db.ledgerEntry.count({
      where: { accountId: user.userId, flowType: FlowType.BANK_ACCOUNT_OPENING_FEE_DEDUCTION },
    });
    expect(deductions).toBe(1);
    await t.app.fiatBank.afterUsdCredit(user.userId);
    expect(await usd(user.userId)).toBe('15');
    await expectAuditOk();
  });

  it('shows the bank refusal, then opens on a new application', async () => {
    const user = await verifiedUser();
    await bank.setOpenOutcome(false, 'The name does not match the bank records.');
    await act(user.token, 'open');
    const failed = await waitState(user.token, 'OPEN_FAILED');
    expect(failed.failureReason).toBe('The name does not match the bank records.');
    expect(failed.fees.history).toEqual([]);
    expect((await act(user.token, 'ekyc-link')).json()).toMatchObject({ code: '6015' });
    const retry = await openActive(user.token);
    expect(retry.failureReason).toBeNull();
    expect(retry.accountNumber).toMatch(/^392/);
    await expectAuditOk();
  });

  it('refuses Demo mode, unverified and opted-out users', async () => {
    const user = await verifiedUser();
    expect((await act(user.token, 'open', RuntimeMode.DEMO)).json()).toMatchObject({
      code: '6013',
    });
    const unverified = await signIn(t, { kycLevel: 0 });
    expect((await act(unverified.token, 'open')).json()).toMatchObject({ code: '7001' });
    const optedOut = await signIn(t, { kycLevel: -1 });
    expect((await act(optedOut.token, 'open')).json()).toMatchObject({ code: '7002' });
  });
});

describe('the e-KYC link', () => {
  it('is the same while valid, expires after an hour, and a new one passes on the bank page', async () => {
    const user = await verifiedUser();
    await openActive(user.token);
    const first = data((await act(user.token, 'ekyc-link')).json());
    expect(first.ekyc?.url).toMatch(new RegExp(`^${bank.url}/ekyc/[0-9a-f]{32}$`));
    expect(first.ekyc?.expired).toBe(false);
    expect(first.canRegenerateLink).toBe(false);
    // Valid one hour on the bank's clock (kept with the exchange's; it runs on by real seconds).
    const expiresIn = new Date(first.ekyc?.expiresAt ?? 0).getTime() - t.clock.now();
    expect(expiresIn).toBeGreaterThanOrEqual(3_600_000);
    expect(expiresIn).toBeLessThan(3_600_000 + 60_000);
    t.clock.advance(30 * 60_000);
    await bank.setClock(t.clock.now());
    const same = data((await act(user.token, 'ekyc-link')).json());
    expect(same.ekyc?.url).toBe(first.ekyc?.url);

    // Interrupted: past the hour the link is expired (on the bank's page too) and regenerates.
    t.clock.advance(31 * 60_000);
    await bank.setClock(t.clock.now());
    const stale = await view(user.token);
    expect(stale.ekyc?.expired).toBe(true);
    expect(stale.canRegenerateLink).toBe(true);
    const expiredPage = await (await fetch(first.ekyc?.url ?? '')).text();
    expect(expiredPage).toContain('This link has expired');
    const fresh = data((await act(user.token, 'ekyc-link')).json());
    expect(fresh.ekyc?.url).not.toBe(first.ekyc?.url);
    expect(fresh.ekyc?.expired).toBe(false);
    const page = await (await fetch(fresh.ekyc?.url ?? '')).text();
    expect(page).toContain('Pass identity check');
    await fetch(`${fresh.ekyc?.url}/pass`, { method: 'POST', redirect: 'manual' });
    const active = await waitState(user.token, 'ACTIVE');
    expect(active.activatedAt).not.toBeNull();
    expect(active.ekyc).toBeNull();
    expect((await act(user.token, 'ekyc-link')).json()).toMatchObject({ code: '6017' });
  });

  it('fails on the bank page, then a new link may be asked for at once', async () => {
    const user = await verifiedUser();
    await openActive(user.token);
    const link = data((await act(user.token, 'ekyc-link')).json()).ekyc?.url;
    await fetch(`${link}/fail`, { method: 'POST', redirect: 'manual' });
    const failed = await waitState(user.token, 'EKYC_FAILED');
    expect(failed.failureReason).toBeTruthy();
    expect(failed.canRegenerateLink).toBe(true);
    const again = data((await act(user.token, 'ekyc-link')).json());
    expect(again.state).toBe('EKYC_PENDING');
    expect(again.ekyc?.url).not.toBe(link);
  });
});

describe('the accounts callback', () => {
  it('refuses a bad signature and a stale one, changing nothing', async () => {
    const body = {
      eventId: 'forged-1',
      occurredAt: new Date().toISOString(),
      type: 'ekyc.passed',
      bankReference: 'HPB-APP-NOPE',
    };
    const bad = await callback(body, { secret: 'not-the-bank-secret-0123456789abcdef' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: '6011' });
    const stale = await callback(body, { ageSeconds: 3600 });
    expect(stale.json()).toMatchObject({ code: '6012' });
    expect(
      await t.app.db.fiatCallbackEvent.count({ where: { party: 'BANK', eventId: 'forged-1' } }),
    ).toBe(0);
  });

  it('applies a repeated callback once', async () => {
    const user = await verifiedUser();
    await credit(user.userId, '50');
    const v = await openActive(user.token);
    const row = await t.app.db.partnerBankAccount.findUniqueOrThrow({
      where: { userId: user.userId },
    });
    const opened = {
      eventId: `open-${row.bankReference}-opened`,
      occurredAt: new Date().toISOString(),
      type: 'account.opened',
      bankReference: row.bankReference,
      userRef: user.userId,
      accountNumber: '3929999999999',
      accountName: 'SOMEONE ELSE',
      currencies: ['USD', 'EUR'],
    };
    const again = await callback(opened);
    expect(again.json()).toMatchObject({ code: '200', data: { duplicate: true } });
    const fresh = await callback({ ...opened, eventId: 'another-id' });
    expect(fresh.json()).toMatchObject({ code: '200', data: { duplicate: true } });
    const after = await view(user.token);
    expect(after.accountNumber).toBe(v.accountNumber);
    expect(after.fees.history).toHaveLength(1);
    expect(await usd(user.userId)).toBe('30');
    expect(
      await t.app.db.notification.count({ where: { userId: user.userId, type: 'BANK_ACCOUNT' } }),
    ).toBe(1);
    await expectAuditOk();
  });
});

describe('the monthly virtual-account fee', () => {
  it('levies each Hong Kong month once, across two boundaries, and catches up missed months', async () => {
    const user = await verifiedUser();
    await credit(user.userId, '100');
    await openActive(user.token);
    expect(await usd(user.userId)).toBe('80');
    const job = t.app.fiatBank.monthlyFeeJob;
    const run = async (at: Date) => {
      t.clock.set(at);
      await job.handle({ dueAt: at.getTime() }, {} as never);
    };
    // Early: nothing is levied before the month's start.
    await job.handle({ dueAt: hkInstant('2026-02-01').getTime() }, {} as never);
    expect(await usd(user.userId)).toBe('80');

    await run(hkInstant('2026-02-01'));
    expect(await usd(user.userId)).toBe('75');
    await run(hkInstant('2026-02-01', 0, 5));
    expect(await usd(user.userId)).toBe('75');
    await run(hkInstant('2026-03-01'));
    expect(await usd(user.userId)).toBe('70');
    await run(hkInstant('2026-03-15'));
    expect(await usd(user.userId)).toBe('70');
    // April's run was missed (the exchange was stopped): May's run levies April and May.
    await run(hkInstant('2026-05-01', 9));
    expect(await usd(user.userId)).toBe('60');
    // (Read from the table: the session ended months ago on the moved clock.)
    const fees = await t.app.db.partnerBankFee.findMany({
      where: { userId: user.userId, kind: 'MONTHLY' },
      orderBy: { period: 'desc' },
    });
    expect(fees.map((f) => [f.period, f.state])).toEqual([
      ['2026-05', 'CHARGED'],
      ['2026-04', 'CHARGED'],
      ['2026-03', 'CHARGED'],
      ['2026-02', 'CHARGED'],
    ]);
    const monthly = await t.app.db.ledgerEntry.count({
      where: { accountId: user.userId, flowType: FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE },
    });
    expect(monthly).toBe(4);
    await expectAuditOk();
  });
});

describe('the bank adapter', () => {
  it('sends a transfer through the bank once per request id', async () => {
    const req = {
      requestId: 'fiat-withdrawal-1',
      currency: 'USD',
      amount: '250',
      beneficiary: {
        name: 'Jane Doe',
        accountNumber: '004123456789',
        bankName: 'HSBC',
        bankCode: '004',
        swiftCode: 'HSBCHKHHXXX',
      },
    };
    const first = await t.app.fiatBank.bank.sendTransfer(req);
    expect(first.transferId).toMatch(/^HPB-OUT-/);
    expect(await t.app.fiatBank.bank.sendTransfer(req)).toEqual(first);
    const listed = await bank.call<{ transfers: { transferId: string; requestId: string }[] }>(
      'GET',
      '/transfers',
    );
    expect(listed.transfers.filter((x) => x.requestId === req.requestId)).toHaveLength(1);
  });
});
