import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../helpers/build.js';
import {
  PASSWORD,
  bearer,
  latestCode,
  loginUser,
  mailCount,
  mailDelivered,
  registerUser,
  solvePuzzle,
  AGREED,
} from '../../../helpers/auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

async function sendCode(email: string) {
  return post('/v1/auth/public/register/code', {
    email,
    puzzleToken: await solvePuzzle(t, 'REGISTER'),
  });
}

describe('registration', () => {
  it('registers with an e-mailed code and signs in', async () => {
    const login = await registerUser(t, 'Alice@Example.com');
    expect(login.user).toMatchObject({
      email: 'alice@example.com',
      entityType: 'INDIVIDUAL',
      kycLevel: null,
      kycPermissions: [],
    });
    expect(login.user.uid).toMatch(/^\d{8}$/);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: bearer(login.token),
    });
    expect(profile.json()).toMatchObject({ code: '200', data: { email: 'alice@example.com' } });
    const row = await t.app.db.user.findUniqueOrThrow({ where: { email: 'alice@example.com' } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2/);
  });

  it('registers institutions', async () => {
    const login = await registerUser(t, 'fund@example.com', 'INSTITUTION');
    expect(login.user.entityType).toBe('INSTITUTION');
  });

  it('answers a code request for an existing account like a new one and mails its owner a notice instead', async () => {
    t.clock.advance(61_000);
    const existing = await sendCode('alice@example.com');
    const fresh = await sendCode('newcomer@example.com');
    expect(existing.statusCode).toBe(200);
    expect(existing.json()).toEqual(fresh.json());
    // The owner is told, and gets no code.
    await mailDelivered(t);
    const mails = await t.mail.messagesTo('alice@example.com');
    expect(mails[0]?.subject).toBe('Someone tried to register with your e-mail address');
    expect(mails[0]?.text).toMatch(/already have an account/);
    expect(mails[0]?.text).toMatch(/log in/);
    expect(mails[0]?.text).toMatch(/reset your password/);
    expect(mails[0]?.text).not.toMatch(/\d{6}/);
    // A second request within the minute is refused alike for both.
    const again = await sendCode('alice@example.com');
    const freshAgain = await sendCode('newcomer@example.com');
    expect(again.json()).toMatchObject({ code: '2014' });
    expect(freshAgain.json()).toMatchObject({ code: '2014' });
    // The final step does not tell either, without a code mailed to the address.
    const guess = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      email: 'alice@example.com',
      code: '123456',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(guess.json()).toMatchObject({ code: '2008' });
  });

  it('says "Account already exists" only to a registration holding a valid code', async () => {
    t.clock.advance(61_000);
    await sendCode('race@example.com');
    const code = await latestCode(t, 'race@example.com');
    // Another registration of the address won the race meanwhile.
    await t.app.db.user.create({ data: { email: 'race@example.com', uid: '99999999' } });
    const res = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      email: 'race@example.com',
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.json()).toMatchObject({ code: '2004', message: 'Account already exists.' });
  });

  it('keeps codes and mail out of the API: no public mailbox, nothing in the mail table', async () => {
    for (const url of [
      '/v1/common/public/dev/mailbox?to=alice%40example.com',
      '/v1/common/public/dev/mailbox',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: '1006', data: null });
      expect(res.body).not.toMatch(/code is/);
    }
    expect(await mailCount(t, 'alice@example.com')).toBeGreaterThan(0);
    expect(await t.app.db.mailMessage.count()).toBe(0);
  });

  it('checks e-mail and password formats with their own codes, creating nothing', async () => {
    expect((await sendCode('not-an-email')).json()).toMatchObject({ code: '2007' });
    await sendCode('bob@example.com');
    const code = await latestCode(t, 'bob@example.com');
    const base = { email: 'bob@example.com', code };
    const tooLong = 'a long passphrase that goes on and on past sixty-four characters!!';
    for (const [password, confirm, expected] of [
      ['Sh0rt!', 'Sh0rt!', '2006'],
      ['alllowercase1!', 'alllowercase1!', '2006'],
      ['NoDigits!!', 'NoDigits!!', '2006'],
      ['NoSymbol123', 'NoSymbol123', '2006'],
      [tooLong, tooLong, '2006'],
      [' padded passphrase of words ', ' padded passphrase of words ', '2006'],
      [PASSWORD, `${PASSWORD}x`, '2005'],
      // On the breached list, in any case, as typed or with digits and symbols around a listed word.
      ['P@ssw0rd', 'P@ssw0rd', '2040'],
      ['Password1!', 'Password1!', '2040'],
      ['pASSWORD1!', 'pASSWORD1!', '2040'],
      ['Qwerty123!', 'Qwerty123!', '2040'],
      ['!!Dragon2024', '!!Dragon2024', '2040'],
      // The e-mail address or its local part, in any case.
      ['Bob@Example.com1', 'Bob@Example.com1', '2041'],
      ['xBOB-2024!yz', 'xBOB-2024!yz', '2041'],
      ['Bob-2024!xyz', 'Bob-2024!xyz', '2041'],
    ] as const) {
      const res = await post('/v1/auth/public/register', {
        acceptedAgreements: AGREED,
        ...base,
        password,
        confirmPassword: confirm,
      });
      expect(res.json(), password).toMatchObject({ code: expected });
    }
    expect(await t.app.db.user.count({ where: { email: 'bob@example.com' } })).toBe(0);
    // The passphrase form of 21 characters or more without the four kinds is gone (spec rule).
    const passphrase = 'correct horse battery staple';
    const refused = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      ...base,
      password: passphrase,
      confirmPassword: passphrase,
    });
    expect(refused.json()).toMatchObject({ code: '2006' });
    const ok = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      ...base,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await loginUser(t, 'bob@example.com')).statusCode).toBe(200);
  });

  it('answers the password rules in the language asked for', async () => {
    const res = await post(
      '/v1/auth/public/register',
      {
        acceptedAgreements: AGREED,
        email: 'zoe@example.com',
        code: '123456',
        password: 'Password1!',
        confirmPassword: 'Password1!',
      },
      { 'accept-language': 'de' },
    );
    expect(res.json()).toMatchObject({ code: '2040' });
    expect(res.json<{ message: string }>().message).toMatch(/Passwort/);
  });

  it('refuses a second code within a minute', async () => {
    await sendCode('carol@example.com');
    const again = await sendCode('carol@example.com');
    expect(again.statusCode).toBe(429);
    const wait = again.json<{ code: string; data: { retryAfterSeconds: number } }>();
    expect(wait.code).toBe('2014');
    expect(wait.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(wait.data.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts wrong codes and kills the code after five', async () => {
    t.clock.advance(61_000);
    await sendCode('dave@example.com');
    const code = await latestCode(t, 'dave@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (c: string) =>
      post('/v1/auth/public/register', {
        acceptedAgreements: AGREED,
        email: 'dave@example.com',
        code: c,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
    for (let i = 0; i < 4; i++)
      expect((await attempt(wrong)).json()).toMatchObject({ code: '2008' });
    expect((await attempt(wrong)).json()).toMatchObject({ code: '2009' });
    expect((await attempt(code)).json()).toMatchObject({ code: '2009' });
  });

  it('expires codes after 10 minutes and never accepts one twice', async () => {
    t.clock.advance(61_000);
    await sendCode('erin@example.com');
    const code = await latestCode(t, 'erin@example.com');
    t.clock.advance(10 * 60_000 + 1);
    const late = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      email: 'erin@example.com',
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(late.json()).toMatchObject({ code: '2008' });

    t.clock.advance(61_000);
    const n = await mailCount(t, 'erin@example.com');
    await sendCode('erin@example.com');
    const fresh = await latestCode(t, 'erin@example.com', n);
    const ok = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      email: 'erin@example.com',
      code: fresh,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    // The account gone (with the record of its agreements), the code must still be spent.
    await t.app.db.agreementAcceptance.deleteMany({
      where: { user: { email: 'erin@example.com' } },
    });
    await t.app.db.user.delete({ where: { email: 'erin@example.com' } });
    const reuse = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      email: 'erin@example.com',
      code: fresh,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reuse.json()).toMatchObject({ code: '2008' });
  });

  it("does not accept one address's code for another", async () => {
    t.clock.advance(61_000);
    await sendCode('frank@example.com');
    const code = await latestCode(t, 'frank@example.com');
    const res = await post('/v1/auth/public/register', {
      acceptedAgreements: AGREED,
      email: 'grace@example.com',
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.json()).toMatchObject({ code: '2008' });
  });

  it('stores codes only as keyed hashes', async () => {
    const rows = await t.app.db.emailCode.findMany({ where: { email: 'frank@example.com' } });
    const code = await latestCode(t, 'frank@example.com');
    expect(rows.every((r) => r.codeHash.length === 64 && !r.codeHash.includes(code))).toBe(true);
  });
});

describe('error language', () => {
  it('mails the code in the language the asker reads the client in', async () => {
    t.clock.advance(61_000);
    const res = await post(
      '/v1/auth/public/register/code',
      { email: 'kenji@example.com', puzzleToken: await solvePuzzle(t, 'REGISTER') },
      { 'accept-language': 'ja-JP,ja;q=0.9' },
    );
    expect(res.statusCode).toBe(200);
    await mailDelivered(t);
    const [mail] = await t.mail.messagesTo('kenji@example.com');
    expect(mail?.subject).toBe('登録用の確認コード');
    expect(mail?.text).toMatch(/^確認コードは \d{6} です。/);
  });

  it('answers in the language accept-language asks for', async () => {
    const zh = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.json<{ code: string; message: string }>().code).toBe('401');
    expect(zh.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    const tw = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(tw.json<{ message: string }>().message).not.toBe(zh.json<{ message: string }>().message);
    const fr = await post(
      '/v1/auth/public/register/code',
      { email: 'x', puzzleToken: 'y' },
      { 'accept-language': 'fr-FR' },
    );
    expect(fr.json<{ message: string }>().message).not.toBe('Incorrect mailbox format.');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: { 'accept-language': 'xx' },
    });
    expect(unknown.json()).toMatchObject({
      message: 'Login session expired, please log in again.',
    });
  });
});
