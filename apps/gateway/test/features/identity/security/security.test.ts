import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatorSetup, LoginResponse, SecurityStatus } from '@exchange/contracts';
import { AppError } from '../../../../src/lib/app-error.js';
import { totpSecretBox } from '../../../../src/features/identity/security/security-deps.js';
import { requireStepUp } from '../../../../src/features/identity/security/step-up.js';
import { assertNoSecurityLock } from '../../../../src/features/identity/security/security-lock.js';
import { build, type TestApp } from '../../../helpers/build.js';
import {
  PASSWORD,
  bearer,
  latestCode,
  latestMail,
  loginUser,
  mailCount,
  registerUser,
  solvePuzzle,
} from '../../../helpers/auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ LOGIN_MAX_ATTEMPTS: '3', LOGIN_LOCK_MINUTES: '15' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Answer = { code: string; data: unknown; message: string };
async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Answer>(), res };
}
const totp = (secret: string) => generateSync({ secret, epoch: Math.floor(t.clock.now() / 1000) });
/** The next 30-second step, so a new code differs from the last one accepted. */
const nextStep = () => t.clock.advance(30_000);
const status = async (token: string) =>
  (await call(token, 'GET', '/v1/security/status')).body.data as SecurityStatus;
const profile = async (token: string) =>
  (await call(token, 'GET', '/v1/user/profile')).body as {
    code: string;
    data: { verifications: string[] };
  };

/** Asks for a code of a purpose (past the one-a-minute limit) and reads it from the mail. */
async function emailCode(token: string, to: string, purpose: string, newEmail?: string) {
  t.clock.advance(MINUTE);
  const before = await mailCount(t, to);
  const sent = await call(token, 'POST', '/v1/security/email-code', {
    purpose,
    ...(newEmail ? { email: newEmail } : {}),
  });
  expect(sent.body.code).toBe('200');
  return latestCode(t, to, before);
}

async function linked(token: string): Promise<string> {
  const setup = (await call(token, 'POST', '/v1/security/authenticator/setup')).body
    .data as AuthenticatorSetup;
  const res = await call(token, 'POST', '/v1/security/authenticator/link', {
    googleCode: totp(setup.secret),
  });
  expect(res.body.code).toBe('200');
  nextStep();
  return setup.secret;
}

async function loginWithCode(email: string, secret: string) {
  const first = await loginUser(t, email);
  const { ticket } = first.json<{ data: { ticket: string } }>().data;
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/login/google',
    payload: { ticket, googleCode: totp(secret) },
  });
}

describe('Google Authenticator: link and unlink', () => {
  let token: string;
  const email = 'link@example.com';
  beforeAll(async () => {
    token = (await registerUser(t, email)).token;
  });

  it('starts at security level 1 with e-mail only', async () => {
    const s = await status(token);
    expect(s).toMatchObject({
      securityLevel: 1,
      verifications: ['EMAIL'],
      authenticatorLinked: false,
      lock: null,
    });
    expect((await profile(token)).data.verifications).toEqual(['EMAIL']);
  });

  it('shows a secret and its otpauth URI, then links only with a right code', async () => {
    const setup = (await call(token, 'POST', '/v1/security/authenticator/setup')).body
      .data as AuthenticatorSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toContain(encodeURIComponent(email));

    const malformed = await call(token, 'POST', '/v1/security/authenticator/link', {
      googleCode: '12a456',
    });
    expect(malformed.body.code).toBe('8007');
    const right = totp(setup.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(token, 'POST', '/v1/security/authenticator/link', {
      googleCode: wrong,
    });
    expect(refused.body.code).toBe('8005');
    expect((await status(token)).authenticatorLinked).toBe(false);

    const ok = await call(token, 'POST', '/v1/security/authenticator/link', { googleCode: right });
    expect(ok.body.code).toBe('200');
    expect(ok.body.data).toMatchObject({
      authenticatorLinked: true,
      securityLevel: 2,
      verifications: ['EMAIL', 'GOOGLE_AUTHENTICATOR'],
    });
    expect((await profile(token)).data.verifications).toEqual(['EMAIL', 'GOOGLE_AUTHENTICATOR']);

    // Stored sealed: the row holds no trace of the secret, and the app's key opens it.
    const row = await t.app.db.user.findUniqueOrThrow({ where: { email } });
    expect(row.totpSecret).not.toContain(setup.secret);
    expect(totpSecretBox(t.env).open(row.totpSecret ?? '', row.id)).toBe(setup.secret);
    expect(row.totpPendingSecret).toBeNull();

    const again = await call(token, 'POST', '/v1/security/authenticator/setup');
    expect(again.body.code).toBe('8009');
    nextStep();

    // Unlink needs a Google code and an e-mailed code; a wrong e-mail code changes nothing and
    // does not spend the Google code.
    const code = totp(setup.secret);
    const noMailCode = await call(token, 'POST', '/v1/security/authenticator/unlink', {
      googleCode: code,
      emailCode: '12',
    });
    expect(noMailCode.body.code).toBe('2021');
    const mailed = await emailCode(token, email, 'UNLINK_AUTHENTICATOR');
    const code2 = totp(setup.secret);
    const badMail = await call(token, 'POST', '/v1/security/authenticator/unlink', {
      googleCode: code2,
      emailCode: mailed === '000000' ? '000001' : '000000',
    });
    expect(badMail.body.code).toBe('2008');
    expect((await status(token)).authenticatorLinked).toBe(true);

    const before = await mailCount(t, email);
    const unlinked = await call(token, 'POST', '/v1/security/authenticator/unlink', {
      googleCode: code2,
      emailCode: mailed,
    });
    expect(unlinked.body.code).toBe('200');
    expect(unlinked.body.data).toMatchObject({ authenticatorLinked: false, securityLevel: 1 });
    expect((unlinked.body.data as SecurityStatus).lock?.remainingMinutes).toBe(24 * 60);
    expect((await latestMail(t, email, before)).subject).toBe('Google Authenticator was unlinked');
  });

  it('lets a shown secret expire after 10 minutes', async () => {
    const other = (await registerUser(t, 'expire@example.com')).token;
    const setup = (await call(other, 'POST', '/v1/security/authenticator/setup')).body
      .data as AuthenticatorSetup;
    t.clock.advance(10 * MINUTE + 1);
    const res = await call(other, 'POST', '/v1/security/authenticator/link', {
      googleCode: totp(setup.secret),
    });
    expect(res.body.code).toBe('8010');
    expect((await status(other)).authenticatorLinked).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/v1/security/status')).status).toBe(401);
  });
});

describe('the security level counts a verified identity', () => {
  it('adds IDENTITY once identity verification passed, and Google Authenticator on top', async () => {
    const email = 'level-kyc@example.com';
    const { token } = await registerUser(t, email);
    expect(await status(token)).toMatchObject({ securityLevel: 1, verifications: ['EMAIL'] });
    // Chosen, not yet verified (kycLevel 0): nothing more.
    await t.app.db.user.update({ where: { email }, data: { kycLevel: 0 } });
    expect((await status(token)).securityLevel).toBe(1);
    await t.app.db.user.update({ where: { email }, data: { kycLevel: 1 } });
    expect(await status(token)).toMatchObject({
      securityLevel: 2,
      verifications: ['EMAIL', 'IDENTITY'],
    });
    expect((await profile(token)).data.verifications).toEqual(['EMAIL', 'IDENTITY']);
    await linked(token);
    expect(await status(token)).toMatchObject({
      securityLevel: 3,
      verifications: ['EMAIL', 'GOOGLE_AUTHENTICATOR', 'IDENTITY'],
    });
  });
});

describe('login with the Google code step', () => {
  const email = 'twostep@example.com';
  let secret: string;
  beforeAll(async () => {
    const { token } = await registerUser(t, email);
    secret = await linked(token);
  });

  it('answers a ticket and no session after the password, then a session after the code', async () => {
    const first = await loginUser(t, email);
    expect(first.statusCode).toBe(200);
    const step = first.json<{
      data: { twoFactorRequired: boolean; ticket: string; expiresInSeconds: number };
    }>().data;
    expect(step).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300 });
    expect(step).not.toHaveProperty('token');
    expect(first.cookies.find((c) => c.name === 'token')).toBeUndefined();
    // The ticket is stored only as a hash.
    const keys = await t.app.redis.commands.keys(`${t.env.REDIS_PREFIX}login:ticket:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain(step.ticket);

    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/login/google',
      payload: { ticket: step.ticket, googleCode: totp(secret) },
    });
    expect(second.statusCode).toBe(200);
    const session = second.json<{ data: LoginResponse }>().data;
    expect(session.user.email).toBe(email);
    expect(second.cookies.find((c) => c.name === 'token')?.value).toBe(session.token);
    expect((await profile(session.token)).code).toBe('200');

    // Single use: the ticket is spent, and the same code again (a new ticket) is a replay.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/login/google',
      payload: { ticket: step.ticket, googleCode: totp(secret) },
    });
    expect(reuse.json()).toMatchObject({ code: '2027' });
    const replay = await loginWithCode(email, secret);
    expect(replay.json()).toMatchObject({
      code: '2026',
      data: { failedAttempts: 1, maxAttempts: 3 },
    });
    nextStep();
    expect((await loginWithCode(email, secret)).statusCode).toBe(200);
    nextStep();
  });

  it('lets the ticket expire after 5 minutes', async () => {
    const first = await loginUser(t, email);
    const { ticket } = first.json<{ data: { ticket: string } }>().data;
    t.clock.advance(5 * MINUTE + 1);
    const late = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/login/google',
      payload: { ticket, googleCode: totp(secret) },
    });
    expect(late.json()).toMatchObject({ code: '2027' });
  });

  it('counts wrong codes toward the login lockout, which then ends the ticket', async () => {
    nextStep();
    const first = await loginUser(t, email);
    const { ticket } = first.json<{ data: { ticket: string } }>().data;
    const wrong = String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0');
    const send = (googleCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/public/login/google',
        payload: { ticket, googleCode },
      });
    const one = await send(wrong);
    expect(one.json()).toMatchObject({
      code: '2026',
      data: { failedAttempts: 1, maxAttempts: 3, lockMinutes: 15 },
    });
    expect(one.json<{ message: string }>().message).toContain('incorrect Google verification code');
    // A correct password does not reset the count while the code step is pending.
    expect((await loginUser(t, email)).statusCode).toBe(200);
    expect((await send(wrong)).json()).toMatchObject({ code: '2026', data: { failedAttempts: 2 } });
    expect((await send(wrong)).json()).toMatchObject({ code: '2003', data: { failedAttempts: 3 } });
    // Locked: the right code no longer helps, and the password step is refused too.
    expect((await send(totp(secret))).json()).toMatchObject({ code: '2027' });
    expect((await loginUser(t, email)).json()).toMatchObject({ code: '2003' });
    t.clock.advance(15 * MINUTE + 1);
    expect((await loginWithCode(email, secret)).statusCode).toBe(200);
  });
});

describe('change password', () => {
  const email = 'changepw@example.com';
  const NEW = 'N3w!passWord';

  it('checks each field with its own message and changes nothing on bad input', async () => {
    const { token } = await registerUser(t, email);
    const base = {
      oldPassword: PASSWORD,
      password: NEW,
      confirmPassword: NEW,
      emailCode: '123456',
    };
    const post = (body: object) => call(token, 'POST', '/v1/security/password/change', body);
    expect((await post({ ...base, password: 'short', confirmPassword: 'short' })).body.code).toBe(
      '2006',
    );
    expect((await post({ ...base, confirmPassword: 'N3w!passWorx' })).body.code).toBe('2005');
    expect((await post({ ...base, emailCode: '12ab' })).body.code).toBe('2021');
    expect((await post({ ...base, oldPassword: 'Wr0ng!pass' })).body.code).toBe('2020');
    expect((await post({ ...base, password: PASSWORD, confirmPassword: PASSWORD })).body.code).toBe(
      '2022',
    );
    expect((await post({ ...base, emailCode: '000000' })).body.code).toBe('2008');
    expect((await post({ ...base, extra: 1 })).body.code).toBe('1004');
    expect((await profile(token)).code).toBe('200');
    expect((await status(token)).lock).toBeNull();
  });

  it('ends every session, tells the address, starts the lock; the new password logs in', async () => {
    const { token } = (await loginUser(t, email)).json<{ data: LoginResponse }>().data;
    const code = await emailCode(token, email, 'CHANGE_PASSWORD');
    const before = await mailCount(t, email);
    const res = await call(token, 'POST', '/v1/security/password/change', {
      oldPassword: PASSWORD,
      password: NEW,
      confirmPassword: NEW,
      emailCode: code,
    });
    expect(res.body).toMatchObject({
      code: '200',
      message: 'The operation succeeded. Please log in again.',
    });
    const changedAt = t.clock.now();
    expect(res.res.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect((await profile(token)).code).toBe('401');
    const notice = await latestMail(t, email, before);
    expect(notice.subject).toBe('Your password was changed');
    expect(notice.text).toContain('24 hours');

    expect((await loginUser(t, email)).json()).toMatchObject({ code: '2002' });
    const again = await loginUser(t, email, NEW);
    expect(again.statusCode).toBe(200);
    const fresh = again.json<{ data: LoginResponse }>().data.token;
    const lock = (await status(fresh)).lock;
    expect(lock?.remainingMinutes).toBe(24 * 60);
    expect(lock?.lockedUntil).toBe(new Date(changedAt + DAY).toISOString());
  });

  it('asks for the Google code too while an Authenticator is linked', async () => {
    const other = 'changepw2fa@example.com';
    const { token } = await registerUser(t, other);
    const secret = await linked(token);
    const code = await emailCode(token, other, 'CHANGE_PASSWORD');
    const body = { oldPassword: PASSWORD, password: NEW, confirmPassword: NEW, emailCode: code };
    expect((await call(token, 'POST', '/v1/security/password/change', body)).body.code).toBe(
      '8007',
    );
    const done = await call(token, 'POST', '/v1/security/password/change', {
      ...body,
      googleCode: totp(secret),
    });
    expect(done.body.code).toBe('200');
    expect((await profile(token)).code).toBe('401');
  });
});

describe('password reset', () => {
  it('starts the 24-hour lock like a change', async () => {
    const email = 'reset-lock@example.com';
    const { user } = await registerUser(t, email);
    t.clock.advance(MINUTE);
    const before = await mailCount(t, email);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/password/code',
      payload: { email, puzzleToken: await solvePuzzle(t, 'RESET_PASSWORD') },
    });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(t, email, before);
    const NEW = 'Res3t!pass';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/password/reset',
      payload: { email, code, password: NEW, confirmPassword: NEW },
    });
    expect(reset.statusCode).toBe(200);
    const deps = { db: t.app.db, clock: t.clock };
    await expect(assertNoSecurityLock(deps, user.id)).rejects.toMatchObject({ code: 8006 });
    t.clock.advance(DAY);
    await expect(assertNoSecurityLock(deps, user.id)).resolves.toBeUndefined();
  });
});

describe('change e-mail', () => {
  const email = 'old-address@example.com';
  const next = 'new-address@example.com';

  it('needs a code from the old and from the new address, and a free new address', async () => {
    const { token } = await registerUser(t, email);
    await registerUser(t, 'taken@example.com');
    const taken = await call(token, 'POST', '/v1/security/email-code', {
      purpose: 'CHANGE_EMAIL_NEW',
      email: 'taken@example.com',
    });
    expect(taken.body.code).toBe('2024');
    const badFormat = await call(token, 'POST', '/v1/security/email-code', {
      purpose: 'CHANGE_EMAIL_NEW',
      email: 'not-an-address',
    });
    expect(badFormat.body.code).toBe('2007');
    const same = await call(token, 'POST', '/v1/security/email/change', {
      newEmail: email,
      oldEmailCode: '123456',
      newEmailCode: '123456',
    });
    expect(same.body.code).toBe('2023');

    const oldCode = await emailCode(token, email, 'CHANGE_EMAIL_OLD');
    const newCode = await emailCode(token, next, 'CHANGE_EMAIL_NEW', next);
    // Codes swapped: each is checked against its own address.
    const swapped = await call(token, 'POST', '/v1/security/email/change', {
      newEmail: next,
      oldEmailCode: newCode,
      newEmailCode: oldCode,
    });
    expect(swapped.body.code).toBe('2008');
    // The right old code with a wrong new one: refused, and the old code is not spent.
    const halfRight = await call(token, 'POST', '/v1/security/email/change', {
      newEmail: next,
      oldEmailCode: oldCode,
      newEmailCode: newCode === '000000' ? '000001' : '000000',
    });
    expect(halfRight.body.code).toBe('2008');
    expect((await status(token)).email).toBe(email);

    const before = await mailCount(t, email);
    const res = await call(token, 'POST', '/v1/security/email/change', {
      newEmail: next,
      oldEmailCode: oldCode,
      newEmailCode: newCode,
    });
    // The refused attempts spent a try on each code but not the codes themselves.
    expect(res.body).toMatchObject({
      code: '200',
      message: 'The operation succeeded. Please log in again.',
    });
    expect((await profile(token)).code).toBe('401');
    const notice = await latestMail(t, email, before);
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect(notice.text).toContain(next);

    expect((await loginUser(t, email)).json()).toMatchObject({ code: '2002' });
    const fresh = (await loginUser(t, next)).json<{ data: LoginResponse }>().data;
    expect(fresh.user.email).toBe(next);
    expect((await status(fresh.token)).lock?.remainingMinutes).toBe(24 * 60);
  });
});

describe('requireStepUp and the 24-hour security lock', () => {
  const deps = () => ({
    db: t.app.db,
    redis: t.app.redis,
    clock: t.clock,
    env: t.env,
    box: totpSecretBox(t.env),
  });
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
      return null;
    } catch (err) {
      if (err instanceof AppError) return { code: err.code, params: err.params };
      throw err;
    }
  };

  it('asks for the Authenticator first, then both codes', async () => {
    const { user } = await registerUser(t, 'stepup-none@example.com');
    expect(
      await refusal(requireStepUp(deps(), user.id, { totp: '123456', emailCode: '123456' })),
    ).toMatchObject({
      code: 8001,
    });
  });

  it('pauses Google codes for 15 minutes after five wrong ones', async () => {
    const { token, user } = await registerUser(t, 'stepup-guess@example.com');
    const secret = await linked(token);
    const wrong = () => String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0');
    const attempt = (code: string) =>
      refusal(requireStepUp(deps(), user.id, { totp: code, emailCode: '000000' }));
    for (let i = 0; i < 4; i += 1) expect(await attempt(wrong())).toMatchObject({ code: 8005 });
    expect(await attempt(wrong())).toMatchObject({ code: 8011, params: { remainingMinutes: 15 } });
    // Even the right code is refused during the pause.
    expect(await attempt(totp(secret))).toMatchObject({ code: 8011 });
    t.clock.advance(15 * MINUTE + 1);
    // The right code passes again; the made-up e-mail code is what fails now.
    expect(await attempt(totp(secret))).toMatchObject({ code: 2008 });
  });

  it('refuses during the lock with the time left, then allows a logical day later, once per code', async () => {
    const email = 'stepup@example.com';
    const { token, user } = await registerUser(t, email);
    const secret = await linked(token);
    expect(await refusal(requireStepUp(deps(), user.id, { totp: totp(secret) }))).toMatchObject({
      code: 8002,
    });

    // A password change starts the lock.
    const pw = await emailCode(token, email, 'CHANGE_PASSWORD');
    const NEW = 'Step!Up9pass';
    const changed = await call(token, 'POST', '/v1/security/password/change', {
      oldPassword: PASSWORD,
      password: NEW,
      confirmPassword: NEW,
      emailCode: pw,
      googleCode: totp(secret),
    });
    expect(changed.body.code).toBe('200');
    const changedAt = t.clock.now();
    t.clock.advance(90 * MINUTE);

    const locked = await refusal(assertNoSecurityLock(deps(), user.id));
    expect(locked).toMatchObject({
      code: 8006,
      params: {
        remainingHours: 22,
        remainingMinutes: 30,
        remainingTotalMinutes: 1350,
        lockedUntil: new Date(changedAt + DAY).toISOString(),
      },
    });
    // A session again: the new password, then the Google code.
    const first = (await loginUser(t, email, NEW)).json<{ data: { ticket: string } }>();
    const session = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/login/google',
      payload: { ticket: first.data.ticket, googleCode: totp(secret) },
    });
    const newToken = session.json<{ data: LoginResponse }>().data.token;
    const mailed = await emailCode(newToken, email, 'STEP_UP');
    nextStep();
    const during = await refusal(
      requireStepUp(deps(), user.id, { totp: totp(secret), emailCode: mailed }),
    );
    expect(during?.code).toBe(8006);
    expect((await status(newToken)).lock).not.toBeNull();

    // A logical day later the lock is over; the e-mail code was not spent by the refusal.
    t.clock.advance(DAY);
    expect(await refusal(assertNoSecurityLock(deps(), user.id))).toBeNull();
    expect((await status(newToken)).lock).toBeNull();
    const late = await emailCode(newToken, email, 'STEP_UP');
    const code = totp(secret);
    expect(
      await refusal(requireStepUp(deps(), user.id, { totp: code, emailCode: late })),
    ).toBeNull();
    // The same Google code again: a replay, refused before the e-mail code is looked at.
    expect(
      await refusal(requireStepUp(deps(), user.id, { totp: code, emailCode: '000000' })),
    ).toMatchObject({
      code: 8008,
    });
  });

  it('sends the next operation its code at once, resends after a minute, and at most 20 of a purpose an hour', async () => {
    const email = 'stepup-codes@example.com';
    const { token, user } = await registerUser(t, email);
    const secret = await linked(token);
    // An hour on: the registration's code no longer counts.
    t.clock.advance(61 * MINUTE);
    const ask = () => call(token, 'POST', '/v1/security/email-code', { purpose: 'STEP_UP' });
    const rows = () => t.app.db.emailCode.count({ where: { email } });

    // The first operation's code; asking again while it is unused is a resend: a minute.
    let before = await mailCount(t, email);
    expect((await ask()).body.code).toBe('200');
    const first = await latestCode(t, email, before);
    const resend = await ask();
    expect(resend.status).toBe(429);
    expect(resend.body).toMatchObject({ code: '2014', data: { retryAfterSeconds: 60 } });
    // The operation spends it (a whitelisted address, say) ...
    nextStep();
    expect(
      await refusal(requireStepUp(deps(), user.id, { totp: totp(secret), emailCode: first })),
    ).toBeNull();
    // ... and the next one (the withdrawal) gets its own code at once, not a minute later.
    before = await mailCount(t, email);
    expect((await ask()).body.code).toBe('200');
    const second = await latestCode(t, email, before);
    nextStep();
    expect(
      await refusal(requireStepUp(deps(), user.id, { totp: totp(secret), emailCode: second })),
    ).toBeNull();

    // Code after code: 20 of a purpose an hour to one address (2 sent above).
    for (let i = 2; i < 20; i += 1) {
      t.clock.advance(MINUTE);
      expect((await ask()).body.code).toBe('200');
    }
    // The 21st is refused until the first of the hour is an hour old, and changes nothing.
    t.clock.advance(MINUTE);
    const [count, mails] = [await rows(), await mailCount(t, email)];
    const capped = await ask();
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({
      code: '2028',
      message:
        'Too many codes were sent to this address in the last hour; try again in 40 minutes.',
      data: { retryAfterMinutes: 40 },
    });
    expect(await rows()).toBe(count);
    expect(await mailCount(t, email)).toBe(mails);
    // Another purpose has its own hour: codes asked for one cannot use up another's.
    const other = await call(token, 'POST', '/v1/security/email-code', {
      purpose: 'CHANGE_PASSWORD',
    });
    expect(other.body.code).toBe('200');
    t.clock.advance(40 * MINUTE);
    expect((await ask()).body.code).toBe('200');
  });
});
