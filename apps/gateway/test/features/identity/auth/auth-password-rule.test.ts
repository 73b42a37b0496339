import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailCode } from '../../../../src/features/identity/auth/email-code-service.js';
import { hashPassword } from '../../../../src/features/identity/auth/password.js';
import { build, type TestApp } from '../../../helpers/build.js';
import {
  bearer,
  latestCode,
  loginUser,
  registerUser,
  solvePuzzle,
  AGREED,
} from '../../../helpers/auth.js';

/**
 * The domain spec's password rule (section 5): 8 to 20 characters with a lowercase letter, an
 * uppercase letter, a number and a symbol, for every new password: registration, reset, change.
 */
const RULE_MESSAGE =
  'Invalid password format. Use 8 to 20 characters with a lowercase letter, an uppercase letter, a number and a symbol, without spaces.';

const BROKEN = [
  'Abcde1!', // 7 characters
  'Abcdefghijklmnop123#$', // 21 characters, all four kinds
  'correct horse battery staple', // the passphrase form once taken without any kind
  'Uncommon words of a long passphrase 2024!', // 41 characters with all four kinds
  'ABCDEFG1!', // no lowercase letter
  'abcdefg1!', // no uppercase letter
  'Abcdefgh!', // no number
  'Abcdefgh1', // no symbol
];
/** 20 characters with the four kinds, on no breached list. */
const LONGEST = 'Quartz#Lamp9Violet$x';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function codeFor(email: string, purpose: 'REGISTER' | 'RESET_PASSWORD') {
  const puzzleToken = await solvePuzzle(t, purpose);
  const url =
    purpose === 'REGISTER' ? '/v1/auth/public/register/code' : '/v1/auth/public/password/code';
  expect((await post(url, { email, puzzleToken })).statusCode).toBe(200);
  t.clock.advance(61_000);
  return latestCode(t, email);
}

function expectRuleRefusal(res: { json: <T>() => T }, password: string) {
  expect(res.json(), password).toMatchObject({ code: '2006', message: RULE_MESSAGE });
}

describe('the password rule of the domain spec', () => {
  it('refuses registration with 7 or 21 characters or a kind missing, creating nothing', async () => {
    const email = 'rule-register@example.com';
    const code = await codeFor(email, 'REGISTER');
    for (const password of BROKEN)
      expectRuleRefusal(
        await post('/v1/auth/public/register', {
          acceptedAgreements: AGREED,
          email,
          code,
          password,
          confirmPassword: password,
        }),
        password,
      );
    expect(await t.app.db.user.count({ where: { email } })).toBe(0);
    const ok = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      email,
      code,
      password: LONGEST,
      confirmPassword: LONGEST,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await loginUser(t, email, LONGEST)).statusCode).toBe(200);
  });

  it('says the rule in the language asked for', async () => {
    const res = await post(
      '/v1/auth/public/register',
      {
        acceptedAgreements: AGREED,
        email: 'rule-de@example.com',
        code: '123456',
        password: 'abc',
        confirmPassword: 'abc',
      },
      { 'accept-language': 'de' },
    );
    expect(res.json()).toMatchObject({ code: '2006' });
    expect(res.json<{ message: string }>().message).toMatch(/8 bis 20 Zeichen/);
  });

  it('refuses such a password on reset, the old password still working', async () => {
    const email = 'rule-reset@example.com';
    await registerUser(t, email);
    const code = await codeFor(email, 'RESET_PASSWORD');
    for (const password of BROKEN)
      expectRuleRefusal(
        await post('/v1/auth/public/password/reset', {
          email,
          code,
          password,
          confirmPassword: password,
        }),
        password,
      );
    expect((await loginUser(t, email)).statusCode).toBe(200);
    const ok = await post('/v1/auth/public/password/reset', {
      email,
      code,
      password: LONGEST,
      confirmPassword: LONGEST,
    });
    expect(ok.json()).toMatchObject({ code: '200' });
  });

  it('refuses such a password on change; an account whose old password predates the rule signs in and changes it', async () => {
    const email = 'rule-change@example.com';
    await registerUser(t, email);
    // A 28-character passphrase without the four kinds, set before the rule: it still signs in.
    const before = 'correct horse battery staple';
    const user = await t.app.db.user.update({
      where: { email },
      data: {
        passwordHash: await hashPassword(before, {
          memoryKiB: t.env.ARGON2_MEMORY_KIB,
          iterations: t.env.ARGON2_ITERATIONS,
        }),
      },
    });
    const login = await loginUser(t, email, before);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json<{ data: { token: string } }>().data.token;
    const change = (password: string, emailCode = '123456') =>
      post(
        '/v1/security/password/change',
        { oldPassword: before, password, confirmPassword: password, emailCode },
        bearer(token),
      );
    for (const password of BROKEN) expectRuleRefusal(await change(password), password);
    const unchanged = await t.app.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(unchanged.passwordHash).toBe(user.passwordHash);
    expect(unchanged.securityLockedUntil).toBeNull();
    t.clock.advance(61_000);
    const emailCode = await createEmailCode({
      db: t.app.db,
      clock: t.clock,
      secret: t.env.AUTH_SECRET,
      email,
      purpose: 'CHANGE_PASSWORD',
    });
    const ok = await change(LONGEST, emailCode);
    expect(ok.json(), ok.body).toMatchObject({ code: '200' });
    expect((await loginUser(t, email, LONGEST)).statusCode).toBe(200);
    expect((await loginUser(t, email, before)).json()).toMatchObject({ code: '2002' });
  });
});
