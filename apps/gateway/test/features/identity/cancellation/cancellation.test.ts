import { Queue } from 'bullmq';
import { Decimal } from 'decimal.js';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addHkBusinessDays,
  FlowType,
  hkInstant,
  isHkBusinessDate,
  RuntimeMode,
  SOCKET_SESSION_ENDED_CLOSE_CODE,
  type AuthenticatorSetup,
  type CancellationPreview,
  type CancellationView,
  type LoginResponse,
  type StoredFileInfo,
} from '@exchange/contracts';
import { decideByUid } from '../../../../src/features/identity/cancellation/cancellation-service.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { post, SYSTEM } from '../../../../src/features/wallet/ledger/ledger-service.js';
import { jobsPrefix } from '../../../../src/jobs/jobs.js';
import { build, type TestApp } from '../../../helpers/build.js';
import { bearer, latestCode, loginUser, mailCount, registerUser } from '../../../helpers/auth.js';
import { until } from '../../../helpers/wait.js';
import { Client } from '../../../helpers/socket-client.js';
import { listen } from '../../../helpers/listen.js';

let t: TestApp;
let queue: Queue;
beforeAll(async () => {
  t = await build();
  queue = new Queue('exchange', {
    connection: t.app.redis.forBullMq(),
    prefix: jobsPrefix(t.env.REDIS_PREFIX),
  });
});
afterAll(async () => {
  await queue.close();
  await t.close();
});

const MINUTE = 60_000;
type Answer = { code: string; data: unknown; message: string };

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Answer>() };
}
const totp = (secret: string) => generateSync({ secret, epoch: Math.floor(t.clock.now() / 1000) });
const previewOf = async (token: string) =>
  (await call(token, 'GET', '/v1/account/cancellation/preview')).body.data as CancellationPreview;

interface Account {
  email: string;
  token: string;
  userId: string;
  uid: string;
  secret: string;
}

/** A registered account with Google Authenticator linked. */
async function account(): Promise<Account> {
  const email = `c${Math.random().toString(16).slice(2, 10)}@example.test`;
  const login: LoginResponse = await registerUser(t, email);
  const setup = (await call(login.token, 'POST', '/v1/security/authenticator/setup')).body
    .data as AuthenticatorSetup;
  const linked = await call(login.token, 'POST', '/v1/security/authenticator/link', {
    googleCode: totp(setup.secret),
  });
  expect(linked.body.code).toBe('200');
  t.clock.advance(30_000);
  const user = await t.app.db.user.findUniqueOrThrow({ where: { email } });
  return { email, token: login.token, userId: user.id, uid: user.uid, secret: setup.secret };
}

/** A new session after the clock moved past the access token's life (password, then Google). */
async function relogin(a: Account): Promise<void> {
  const first = (await loginUser(t, a.email)).json<{ data: { ticket: string } }>();
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/login/google',
    payload: { ticket: first.data.ticket, googleCode: totp(a.secret) },
  });
  a.token = res.json<{ data: LoginResponse }>().data.token;
  t.clock.advance(30_000);
}

/** Fresh step-up codes: a STEP_UP code from the mail and the next Google code. */
async function stepUp(a: Account) {
  t.clock.advance(MINUTE);
  const before = await mailCount(t, a.email);
  const sent = await call(a.token, 'POST', '/v1/security/email-code', { purpose: 'STEP_UP' });
  expect(sent.body.code).toBe('200');
  const emailCode = await latestCode(t, a.email, before);
  return { emailCode, googleCode: totp(a.secret) };
}

async function request(a: Account, body: Record<string, unknown> = {}) {
  return call(a.token, 'POST', '/v1/account/cancellation', {
    reason: 'NO_LONGER_NEEDED',
    ...(await stepUp(a)),
    ...body,
  });
}

/** Runs the review job now (BullMQ holds it delayed by logical days) and waits for it. */
async function runReview(): Promise<void> {
  const delayed = (await queue.getJobs(['delayed'])).filter(
    (j) => j.name === 'account-cancellation-review',
  );
  expect(delayed.length).toBeGreaterThan(0);
  for (const job of delayed) await job.promote();
  await until(async () => {
    const jobs = await queue.getJobs(['waiting', 'active', 'prioritized']);
    return !jobs.some((j) => j.name === 'account-cancellation-review');
  }, 10_000);
  // A job that found the review early has put itself back, delayed again.
  await new Promise((r) => setTimeout(r, 50));
}

async function credit(userId: string, asset: string, amount: string) {
  await t.app.db.$transaction((tx) =>
    post(tx, {
      mode: RuntimeMode.REAL,
      flowType: FlowType.DEV_CREDIT,
      refType: 'TEST',
      refId: userId,
      at: t.clock.date(),
      legs: [
        {
          accountId: SYSTEM.external,
          asset,
          bucket: 'AVAILABLE',
          amount: new Decimal(amount).neg(),
        },
        { accountId: userId, asset, bucket: 'AVAILABLE', amount },
      ],
    }),
  );
}

async function png(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(
    Buffer.alloc(side * side * 3, 0).map(() => Math.floor(Math.random() * 256)),
    {
      raw: { width: side, height: side, channels: 3 },
    },
  )
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function upload(token: string, filename: string, content: Buffer) {
  const boundary = `----exchange${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/files/upload?place=CANCELLATION_PROOF',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json<{ code: string; data: { files: StoredFileInfo[] } | null }>();
}

describe('the Hong Kong calendar', () => {
  it('skips weekends and general holidays', () => {
    // Friday 2026-04-03 is Good Friday; then Saturday (also a holiday), Sunday, Easter Monday
    // 04-06 and the Ching Ming substitute 04-07: the next business day is Wednesday 04-08.
    expect(isHkBusinessDate('2026-04-03')).toBe(false);
    expect(isHkBusinessDate('2026-04-08')).toBe(true);
    expect(addHkBusinessDays(hkInstant('2026-04-02', 15), 1)).toBe('2026-04-08');
    // The 7th business day after Thursday 2026-04-02: 04-08, 09, 10, 13, 14, 15, 16.
    expect(addHkBusinessDays(hkInstant('2026-04-02', 15), 7)).toBe('2026-04-16');
    // Local date, not UTC: 23:30 UTC on Monday is already Tuesday in Hong Kong.
    expect(addHkBusinessDays(Date.UTC(2026, 0, 5, 23, 30), 1)).toBe('2026-01-07');
  });
});

describe('account cancellation', () => {
  it('goes under review, waits 7 Hong Kong business days past a weekend and a holiday, then succeeds: sessions end, login answers 2106, the e-mail registers again, the ledger keeps everything', async () => {
    // Thursday 2026-09-24, 15:00 Hong Kong: the weekend and the day after Mid-Autumn (Saturday
    // 09-26), National Day (Thursday 10-01) fall in the review.
    t.clock.set(hkInstant('2026-09-24', 15));
    const a = await account();
    await credit(a.userId, 'USDT', '0.5'); // dust: below 1 USDT
    const before = await previewOf(a.token);
    expect(before.canSubmit).toBe(true);
    expect(before.conditions.map((c) => [c.key, c.met])).toEqual([
      ['NO_OPEN_ORDERS', true],
      ['NO_PENDING_MONEY', true],
      ['BALANCES_WITHDRAWN', true],
      ['AUTHENTICATOR_LINKED', true],
      ['NO_SECURITY_LOCK', true],
    ]);

    const proof = await upload(a.token, 'letter.png', await png(20_000));
    expect(proof.code).toBe('200');
    const fileId = proof.data?.files[0]?.id ?? '';
    const res = await request(a, { reason: 'SWITCH_ACCOUNT_TYPE', proofFileIds: [fileId] });
    expect(res.body.code).toBe('200');
    const view = res.body.data as CancellationView;
    expect(view.status).toBe('UNDER_REVIEW');
    expect(view.proofFileIds).toEqual([fileId]);
    // 7th business day after 09-24: 25, 28, 29, 30, 10-02, 10-05, 10-06 (09-26 Sat holiday,
    // 10-01 National Day); at 10:00 Hong Kong. The 15th: 10-16.
    expect(view.decideAt).toBe(hkInstant('2026-10-06', 10).toISOString());
    expect(view.latestAt).toBe(hkInstant('2026-10-16', 18).toISOString());

    // A second request while one is under review is refused.
    expect((await request(a)).body.code).toBe('2103');
    // No new orders while under review, in any mode.
    const order = await call(a.token, 'POST', '/v1/spot-order/place', {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '1',
      amount: '1',
    });
    expect(order.body.code).toBe('2107');

    // The day before the decision: the review job finds it early and waits again.
    t.clock.set(hkInstant('2026-10-05', 10));
    await runReview();
    await relogin(a);
    expect((await previewOf(a.token)).current?.status).toBe('UNDER_REVIEW');

    expect(await t.app.db.session.count({ where: { userId: a.userId, revokedAt: null } })).toBe(1);
    const socket = await Client.open(await listen(t));
    expect((await socket.request('login', { args: { token: a.token } })).code).toBe('200');
    const entriesBefore = await t.app.db.ledgerEntry.count({ where: { accountId: a.userId } });
    t.clock.set(hkInstant('2026-10-06', 10));
    await runReview();
    const row = await t.app.db.accountCancellation.findFirstOrThrow({
      where: { userId: a.userId },
    });
    expect(row.status).toBe('SUCCESS');

    // Every session ended: the socket is told and closed, the old token is refused (401 logs
    // the client out).
    await vi.waitFor(() => expect(socket.closed?.code).toBe(SOCKET_SESSION_ENDED_CLOSE_CODE), {
      timeout: 3000,
    });
    expect(socket.messages.find((m) => m.event === 'sessionEnded')).toMatchObject({ code: '401' });
    expect(await t.app.db.session.count({ where: { userId: a.userId, revokedAt: null } })).toBe(0);
    const after = await call(a.token, 'GET', '/v1/account/cancellation/preview');
    expect(after.body.code).toBe('401');
    // Login with the right password says the account was cancelled; a wrong one says nothing.
    const login = await loginUser(t, a.email);
    expect(login.json<Answer>().code).toBe('2106');
    const wrong = await loginUser(t, a.email, 'Wr0ng!pass');
    expect(wrong.json<Answer>().code).toBe('2002'); // as for any wrong password

    // The user row, its dust and its ledger stay; the address is free for a new account.
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: a.userId } });
    expect(user.cancelledAt?.toISOString()).toBe(hkInstant('2026-10-06', 10).toISOString());
    expect(user.cancelledEmail).toBe(a.email);
    expect(user.email).not.toBe(a.email);
    const dust = await t.app.db.balance.findUniqueOrThrow({
      where: { accountId_mode_asset: { accountId: a.userId, mode: 0, asset: 'USDT' } },
    });
    expect(dust.available.toString()).toBe('0.5');
    expect(await t.app.db.ledgerEntry.count({ where: { accountId: a.userId } })).toBe(
      entriesBefore,
    );
    expect((await auditLedger(t.app.db)).ok).toBe(true);

    const again = await registerUser(t, a.email);
    const fresh = await t.app.db.user.findUniqueOrThrow({ where: { email: a.email } });
    expect(fresh.id).not.toBe(a.userId);
    expect(fresh.uid).not.toBe(a.uid);
    expect(fresh.kycLevel).toBeNull(); // a new account-type choice
    expect((await previewOf(again.token)).current).toBeNull();
    // The new account logs in; the closed one stays closed.
    expect((await loginUser(t, a.email)).json<Answer>().code).toBe('200');
  });

  it('is withdrawn by the user while under review, then may be asked again', async () => {
    t.clock.set(hkInstant('2026-11-02', 11));
    const a = await account();
    expect((await request(a)).body.code).toBe('200');
    const withdrawn = await call(a.token, 'POST', '/v1/account/cancellation/withdraw');
    expect(withdrawn.body.code).toBe('200');
    expect((withdrawn.body.data as CancellationView).status).toBe('WITHDRAWN');
    // Twice: nothing under review any more.
    expect((await call(a.token, 'POST', '/v1/account/cancellation/withdraw')).body.code).toBe(
      '2104',
    );
    // The review's job finds nothing to decide.
    t.clock.advance(30 * 24 * 60 * MINUTE);
    await runReview();
    await relogin(a);
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: a.userId } });
    expect(user.cancelledAt).toBeNull();
    expect(user.cancellationUnderReview).toBe(false);
    const p = await previewOf(a.token);
    expect(p.current?.status).toBe('WITHDRAWN');
    expect(p.canSubmit).toBe(true);
    expect((await request(a)).body.code).toBe('200');
    await call(a.token, 'POST', '/v1/account/cancellation/withdraw');
  });

  it('is refused while an order is open and says which condition; fails at the review when money appears, and may be retried', async () => {
    t.clock.set(hkInstant('2026-12-01', 11));
    const a = await account();
    const order = await t.app.db.spotOrder.create({
      data: {
        userId: a.userId,
        mode: RuntimeMode.DEMO,
        symbol: 'BTC_USDT',
        side: 'BUY',
        type: 'LIMIT',
        price: '1',
        quantity: '1',
        status: 'NEW',
        frozenAsset: 'USDT',
        frozenRemaining: '0',
      },
    });
    const p = await previewOf(a.token);
    expect(p.canSubmit).toBe(false);
    expect(p.conditions[0]).toMatchObject({
      key: 'NO_OPEN_ORDERS',
      met: false,
      openOrders: [{ mode: 1, count: 1 }],
    });
    const refused = await request(a);
    expect(refused.body.code).toBe('2100');
    expect(refused.body.message).toContain('1 still open');
    expect(refused.body.data).toMatchObject({ conditions: ['NO_OPEN_ORDERS'] });
    // Refused before the step-up: the codes were not spent, nothing was stored.
    expect(await t.app.db.accountCancellation.count({ where: { userId: a.userId } })).toBe(0);
    await t.app.db.spotOrder.update({ where: { id: order.id }, data: { status: 'CANCELED' } });

    // Balances above the dust threshold are named.
    await credit(a.userId, 'USDT', '25');
    const rich = await request(a);
    expect(rich.body.code).toBe('2102');
    expect(rich.body.message).toContain('25 USDT');
    await credit(a.userId, 'USDT', '-24.5');

    expect((await request(a)).body.code).toBe('200');
    // Money arrives during the review (e.g. a deposit that was already on its way).
    await credit(a.userId, 'USDT', '100');
    t.clock.advance(20 * 24 * 60 * MINUTE);
    await runReview();
    await relogin(a);
    const failed = (await previewOf(a.token)).current;
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: 'CONDITIONS_NOT_MET',
      failedConditions: ['BALANCES_WITHDRAWN'],
    });
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: a.userId } });
    expect(user.cancelledAt).toBeNull();
    expect(user.cancellationUnderReview).toBe(false);

    // Retry after withdrawing the money.
    await credit(a.userId, 'USDT', '-100');
    expect((await request(a)).body.code).toBe('200');
    expect((await previewOf(a.token)).current?.status).toBe('UNDER_REVIEW');
    await call(a.token, 'POST', '/v1/account/cancellation/withdraw');
    expect((await auditLedger(t.app.db)).ok).toBe(true);
  });

  it('waits for money in flight: Real funds frozen beyond what open orders hold', async () => {
    t.clock.set(hkInstant('2027-01-11', 11));
    const a = await account();
    await credit(a.userId, 'USDT', '0.8');
    // A hold that is not an order's (e.g. a withdrawal under review freezes its amount).
    const hold = (amount: string) =>
      t.app.db.$transaction((tx) =>
        post(tx, {
          mode: RuntimeMode.REAL,
          flowType: FlowType.CRYPTO_WITHDRAWAL,
          refType: 'TEST_HOLD',
          refId: a.userId,
          at: t.clock.date(),
          legs: [
            {
              accountId: a.userId,
              asset: 'USDT',
              bucket: 'AVAILABLE',
              amount: new Decimal(amount).neg(),
            },
            { accountId: a.userId, asset: 'USDT', bucket: 'FROZEN', amount },
          ],
        }),
      );
    await hold('0.5');
    const p = await previewOf(a.token);
    expect(p.conditions[1]).toMatchObject({
      key: 'NO_PENDING_MONEY',
      met: false,
      pending: [{ kind: 'FROZEN_BALANCE', count: 1 }],
    });
    // Below the dust threshold in total (0.8 USDT), so only the money in flight blocks.
    expect(p.conditions[2]).toMatchObject({ key: 'BALANCES_WITHDRAWN', met: true });
    expect((await request(a)).body.code).toBe('2101');
    await hold('-0.5');
    expect((await previewOf(a.token)).canSubmit).toBe(true);
    expect((await auditLedger(t.app.db)).ok).toBe(true);
  });

  it('checks the note, the proof files and the step-up, and changes nothing on a refusal', async () => {
    t.clock.set(hkInstant('2026-12-14', 11));
    const a = await account();
    const other = await account();
    expect((await request(a, { reason: 'OTHER' })).body.code).toBe('2105');
    expect((await request(a, { reason: 'OTHER', note: ' ' })).body.code).toBe('2105');
    // Proof: JPG or PNG only, at most 2 MB, 2 files at most, and only the user's own.
    const pdf = await upload(a.token, 'proof.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.code).toBe('1015');
    const big = await upload(a.token, 'big.png', await png(2.2 * 1024 * 1024));
    expect(big.code).toBe('1014');
    const theirs = await upload(other.token, 'theirs.png', await png(1000));
    const notMine = await request(a, { proofFileIds: [theirs.data?.files[0]?.id] });
    expect(notMine.body.code).toBe('7062');
    // A wrong e-mail code: refused by the step-up.
    const wrong = await call(a.token, 'POST', '/v1/account/cancellation', {
      reason: 'FEES',
      googleCode: totp(a.secret),
      emailCode: '000000',
    });
    expect(wrong.body.code).toBe('2008');
    expect(await t.app.db.accountCancellation.count({ where: { userId: a.userId } })).toBe(0);
    const ok = await request(a, { reason: 'OTHER', note: 'Moving abroad' });
    expect(ok.body.code).toBe('200');
    expect((ok.body.data as CancellationView).note).toBe('Moving abroad');
    await call(a.token, 'POST', '/v1/account/cancellation/withdraw');
  });

  it("takes the operator's decision: a rejection with a note; a success only with the money conditions met", async () => {
    t.clock.set(hkInstant('2027-01-04', 11));
    const a = await account();
    expect((await request(a)).body.code).toBe('200');
    const rejected = await decideByUid(t.app.cancellation, a.uid, {
      decision: 'FAILED',
      note: 'Proof unreadable',
    });
    expect(rejected).toMatchObject({
      status: 'FAILED',
      failureReason: 'REVIEWER_REJECTED',
      reviewerNote: 'Proof unreadable',
    });
    // Nothing under review any more: a second decision is refused.
    await expect(
      decideByUid(t.app.cancellation, a.uid, { decision: 'SUCCESS' }),
    ).rejects.toMatchObject({ code: 2104 });

    // A forced success with money left fails on the conditions; the account stays open.
    expect((await request(a)).body.code).toBe('200');
    await credit(a.userId, 'USDT', '5');
    const forced = await decideByUid(t.app.cancellation, a.uid, { decision: 'SUCCESS' });
    expect(forced).toMatchObject({ status: 'FAILED', failedConditions: ['BALANCES_WITHDRAWN'] });
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: a.userId } });
    expect(user.cancelledAt).toBeNull();
    await credit(a.userId, 'USDT', '-5');
  });

  it('needs Google Authenticator for the step-up', async () => {
    const email = `n${Math.random().toString(16).slice(2, 10)}@example.test`;
    const login = await registerUser(t, email);
    const p = await previewOf(login.token);
    expect(p.conditions.find((c) => c.key === 'AUTHENTICATOR_LINKED')?.met).toBe(false);
    expect(p.canSubmit).toBe(false);
    const res = await call(login.token, 'POST', '/v1/account/cancellation', {
      reason: 'FEES',
      googleCode: '123456',
      emailCode: '123456',
    });
    expect(res.body.code).toBe('8001');
  });
});
