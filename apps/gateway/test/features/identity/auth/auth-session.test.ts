import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, type LoginResponse } from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { sleep } from '../../../helpers/wait.js';
import {
  PASSWORD,
  bearer,
  latestCode,
  loginUser,
  mailCount,
  registerUser,
  solvePuzzle,
} from '../../../helpers/auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({
    LOGIN_MAX_ATTEMPTS: '3',
    LOGIN_LOCK_MINUTES: '15',
    LOGIN_ACCOUNT_MAX_ATTEMPTS: '6',
  });
  await registerUser(t, 'ann@example.com');
  await registerUser(t, 'ben@example.com');
});
afterAll(() => t.close());

const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(token) });
const data = (res: { json<T>(): T }) => res.json<{ data: LoginResponse }>().data;

describe('login', () => {
  it('returns tokens and sets an HttpOnly token cookie for 259200 s with a readable CSRF cookie', async () => {
    const res = await loginUser(t, 'ann@example.com');
    expect(res.statusCode).toBe(200);
    const body = data(res);
    expect(body.token).toBeTruthy();
    expect(body.refreshToken).toBeTruthy();
    expect(body.user.email).toBe('ann@example.com');
    const token = res.cookies.find((c) => c.name === 'token');
    expect(token).toMatchObject({
      value: body.token,
      httpOnly: true,
      maxAge: 259200,
      sameSite: 'Lax',
      secure: true,
      path: '/',
    });
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('requires a solved puzzle', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/login',
      payload: { email: 'ann@example.com', password: PASSWORD, puzzleToken: 'made-up' },
    });
    expect(res.json()).toMatchObject({ code: '2015' });
  });

  it('counts wrong passwords, then locks with the figures in the message', async () => {
    const first = await loginUser(t, 'ben@example.com', 'Wrong!pass1');
    expect(first.json()).toMatchObject({
      code: '2002',
      data: { failedAttempts: 1, maxAttempts: 3, lockMinutes: 15 },
    });
    expect(first.json<{ message: string }>().message).toContain('1 of 3');
    expect((await loginUser(t, 'ben@example.com', 'Wrong!pass1')).json()).toMatchObject({
      data: { failedAttempts: 2 },
    });
    const locked = await loginUser(t, 'ben@example.com', 'Wrong!pass1');
    expect(locked.json()).toMatchObject({
      code: '2003',
      data: { failedAttempts: 3, lockMinutes: 15, remainingMinutes: 15 },
    });
    t.clock.advance(5 * 60_000);
    const stillLocked = await loginUser(t, 'ben@example.com');
    expect(stillLocked.json()).toMatchObject({ code: '2003', data: { remainingMinutes: 10 } });
    expect(stillLocked.json<{ message: string }>().message).toContain('10 minutes remaining');
    t.clock.advance(10 * 60_000 + 1);
    expect((await loginUser(t, 'ben@example.com')).statusCode).toBe(200);
  });

  it('locks only the address that guessed: the owner still signs in from their own', async () => {
    await registerUser(t, 'cat@example.com');
    const attacker = { remoteAddress: '203.0.113.9' };
    for (const failedAttempts of [1, 2])
      expect((await loginUser(t, 'cat@example.com', 'Wrong!pass1', attacker)).json()).toMatchObject(
        { code: '2002', data: { failedAttempts } },
      );
    expect((await loginUser(t, 'cat@example.com', 'Wrong!pass1', attacker)).json()).toMatchObject({
      code: '2003',
      data: { failedAttempts: 3, lockMinutes: 15, remainingMinutes: 15 },
    });
    // Locked there, even with the right password...
    expect((await loginUser(t, 'cat@example.com', PASSWORD, attacker)).json()).toMatchObject({
      code: '2003',
    });
    // ...but not at the owner's address, nor at any other.
    expect((await loginUser(t, 'cat@example.com')).statusCode).toBe(200);
    const elsewhere = await loginUser(t, 'cat@example.com', PASSWORD, {
      remoteAddress: '198.51.100.77',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('stops a guesser spread over many addresses at the account-wide ceiling, except where the owner signed in before', async () => {
    await registerUser(t, 'dan@example.com');
    expect((await loginUser(t, 'dan@example.com')).statusCode).toBe(200);
    const from = (n: number) => ({ remoteAddress: `198.51.100.${n}` });
    // Six wrong passwords (the ceiling here), two from each of three addresses: none of them
    // reaches its own threshold of three.
    for (const n of [1, 2, 3]) {
      const first = await loginUser(t, 'dan@example.com', 'Wrong!pass1', from(n));
      expect(first.json()).toMatchObject({ code: '2002', data: { failedAttempts: 1 } });
      const second = await loginUser(t, 'dan@example.com', 'Wrong!pass1', from(n));
      if (n < 3) expect(second.json()).toMatchObject({ code: '2002', data: { failedAttempts: 2 } });
      else
        expect(second.json()).toMatchObject({
          code: '2003',
          data: { failedAttempts: 2, lockMinutes: 15, remainingMinutes: 15 },
        });
    }
    // A new address is locked out even with the right password; the ceiling is not shown.
    const fresh = await loginUser(t, 'dan@example.com', PASSWORD, from(50));
    expect(fresh.json()).toMatchObject({ code: '2003', data: { lockMinutes: 15 } });
    expect(fresh.json<{ data: object }>().data).not.toHaveProperty('maxAttempts');
    expect(fresh.json<{ message: string }>().message).not.toMatch(/\b6\b/);
    // The owner's address, where the account signed in before, is not.
    expect((await loginUser(t, 'dan@example.com')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await loginUser(t, 'dan@example.com', PASSWORD, from(50))).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const unknown = await loginUser(t, 'nobody@example.com', PASSWORD);
    const wrong = await loginUser(t, 'ann@example.com', 'Wrong!pass1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('single session, refresh and logout', () => {
  it('ends the older session with 4003 when the account logs in elsewhere', async () => {
    const first = data(await loginUser(t, 'ann@example.com'));
    expect((await profile(first.token)).statusCode).toBe(200);
    const second = data(await loginUser(t, 'ann@example.com'));
    const old = await profile(first.token);
    expect(old.json()).toMatchObject({ code: '4003' });
    expect((await profile(second.token)).statusCode).toBe(200);
  });

  it('rotates the refresh token, and a reused one ends the session', async () => {
    const login = data(await loginUser(t, 'ann@example.com'));
    const refresh = (refreshToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/public/token/refresh',
        payload: { refreshToken },
      });
    const rotated = await refresh(login.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = data(rotated);
    expect(next.refreshToken).not.toBe(login.refreshToken);
    expect((await profile(login.token)).json()).toMatchObject({ code: '401' });
    expect((await profile(next.token)).statusCode).toBe(200);

    const reuse = await refresh(login.refreshToken);
    expect(reuse.json()).toMatchObject({ code: '401' });
    expect((await profile(next.token)).json()).toMatchObject({ code: '401' });
    expect((await refresh(next.refreshToken)).json()).toMatchObject({ code: '401' });
  });

  it('expires access tokens after their lifetime', async () => {
    const login = data(await loginUser(t, 'ann@example.com'));
    t.clock.advance(259_200_000);
    expect((await profile(login.token)).json()).toMatchObject({ code: '401' });
  });

  it('revokes the session on logout and clears the cookies', async () => {
    const login = data(await loginUser(t, 'ann@example.com'));
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/oauth/logout',
      headers: bearer(login.token),
    });
    expect(out.json()).toMatchObject({ code: '200' });
    expect(out.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect((await profile(login.token)).json()).toMatchObject({ code: '401' });
  });
});

describe('the session cache across gateways', () => {
  it('drops a cached session when another gateway announces a change, and announces its own', async () => {
    const { Redis } = await import('ioredis');
    const channel = `${t.env.REDIS_PREFIX}sessions-changed`;
    const listener = new Redis(t.env.REDIS_URL);
    const heard: string[] = [];
    listener.on('message', (_ch: string, msg: string) => heard.push(msg));
    await listener.subscribe(channel);
    try {
      const login = data(await loginUser(t, 'ann@example.com'));
      const me = (await profile(login.token)).json<{ data: { id: string } }>().data.id;
      expect(me).toMatch(/^[0-9a-f-]{36}$/);
      // The login's own announcement comes back to this process and must not evict the fresh entry.
      await sleep(100);
      // Revoked behind this gateway's back (as another gateway would): the cached session still answers...
      await t.app.db.session.updateMany({
        where: { userId: me },
        data: { revokedAt: new Date(), revokedReason: 'LOGOUT' },
      });
      expect((await profile(login.token)).statusCode).toBe(200);
      // ...until the change is announced on the channel, which every gateway listens to.
      await t.app.redis.commands.publish(channel, me);
      await sleep(100);
      expect((await profile(login.token)).json()).toMatchObject({ code: '401' });

      const again = data(await loginUser(t, 'ann@example.com'));
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/oauth/logout',
        headers: bearer(again.token),
      });
      await sleep(100);
      expect(heard.filter((m) => m.endsWith(` ${me}`)).length).toBeGreaterThanOrEqual(3);
    } finally {
      listener.disconnect();
    }
  });
});

describe('two gateways, one exchange', () => {
  it('ends a session in the other gateway at once, although that gateway had it cached', async () => {
    // Its own app in this process, with its own session cache: only Redis connects the two.
    const b = await build({ DATABASE_URL: t.env.DATABASE_URL, REDIS_PREFIX: t.env.REDIS_PREFIX });
    try {
      const login = data(await loginUser(t, 'ben@example.com'));
      const atB = () =>
        b.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(login.token) });
      expect((await atB()).statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/oauth/logout',
        headers: bearer(login.token),
      });
      // The test clock stands still, so only the announcement can end B's cached entry.
      await vi.waitFor(async () => expect((await atB()).json()).toMatchObject({ code: '401' }), {
        timeout: 2000,
        interval: 20,
      });
    } finally {
      await b.app.close();
    }
  });
});

describe('cookie sessions and CSRF', () => {
  it('needs the CSRF header echoing the cookie for state changes, not for reads', async () => {
    const res = await loginUser(t, 'ann@example.com');
    const token = data(res).token;
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
    const cookies = { token, [CSRF_COOKIE]: csrf };
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/user/profile', cookies })).statusCode,
    ).toBe(200);
    const noHeader = await t.app.inject({
      method: 'GET',
      url: '/v1/user/change-language?language=fr',
      cookies,
    });
    expect(noHeader.json()).toMatchObject({ code: '1018' });
    const badHeader = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/oauth/logout',
      cookies,
      headers: { [CSRF_HEADER]: 'forged' },
    });
    expect(badHeader.json()).toMatchObject({ code: '1018' });
    const okHeader = await t.app.inject({
      method: 'GET',
      url: '/v1/user/change-language?language=fr',
      cookies,
      headers: { [CSRF_HEADER]: csrf },
    });
    expect(okHeader.json()).toMatchObject({ code: '200' });
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/v1/user/change-language?language=de',
      headers: bearer(token),
    });
    expect(viaBearer.json()).toMatchObject({ code: '200' });
    expect((await profile(token)).json()).toMatchObject({ data: { language: 'de' } });
  });

  it('rejects an unsupported language', async () => {
    const token = data(await loginUser(t, 'ann@example.com')).token;
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/user/change-language?language=xx',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({ code: '1002' });
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const puzzleToken = await solvePuzzle(t, 'RESET_PASSWORD');
    return t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/password/code',
      payload: { email, puzzleToken },
    });
  }

  it('answers unknown addresses the same and mails nothing', async () => {
    const known = await requestReset('ann@example.com');
    const unknown = await requestReset('ghost@example.com');
    expect(unknown.json()).toEqual(known.json());
    expect(await mailCount(t, 'ghost@example.com')).toBe(0);
  });

  it('refuses a common password or one containing the e-mail, changing nothing', async () => {
    const code = await latestCode(t, 'ann@example.com');
    for (const [password, expected] of [
      ['Password1!', '2040'],
      ['P@ssw0rd', '2040'],
      ['Ann@example.com1', '2041'],
      ['xAnn-2024!yz', '2041'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/public/password/reset',
        payload: { email: 'ann@example.com', code, password, confirmPassword: password },
      });
      expect(res.json(), password).toMatchObject({ code: expected });
    }
    expect((await loginUser(t, 'ann@example.com')).statusCode).toBe(200);
  });

  it('sets a new password with the code and ends every session', async () => {
    const login = data(await loginUser(t, 'ann@example.com'));
    const code = await latestCode(t, 'ann@example.com');
    const newPassword = 'N3w!Password';
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/password/reset',
      payload: {
        email: 'ann@example.com',
        code,
        password: newPassword,
        confirmPassword: newPassword,
      },
    });
    expect(res.json()).toMatchObject({
      code: '200',
      message: 'The operation succeeded. Please log in again.',
    });
    expect((await profile(login.token)).json()).toMatchObject({ code: '401' });
    expect((await loginUser(t, 'ann@example.com')).json()).toMatchObject({ code: '2002' });
    expect((await loginUser(t, 'ann@example.com', newPassword)).statusCode).toBe(200);
  });
});

describe('two users', () => {
  it('keeps sessions, profiles and codes apart', async () => {
    const ann = data(await loginUser(t, 'ann@example.com', 'N3w!Password'));
    const ben = data(await loginUser(t, 'ben@example.com'));
    expect((await profile(ann.token)).json()).toMatchObject({ data: { email: 'ann@example.com' } });
    expect((await profile(ben.token)).json()).toMatchObject({ data: { email: 'ben@example.com' } });
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/oauth/logout',
      headers: bearer(ann.token),
    });
    expect((await profile(ben.token)).statusCode).toBe(200);
    const select = await t.app.inject({
      method: 'GET',
      url: '/v1/kyc/individual/select?isKyc=false',
      headers: bearer(ben.token),
    });
    expect(select.json()).toMatchObject({ data: { email: 'ben@example.com', kycLevel: -1 } });
    const annRow = await t.app.db.user.findUniqueOrThrow({ where: { email: 'ann@example.com' } });
    expect(annRow.kycLevel).toBeNull();
  });
});

describe('account type', () => {
  it('is chosen once and cannot change', async () => {
    const login = await registerUser(t, 'kim@example.com');
    const choose = (isKyc: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/kyc/individual/select?isKyc=${isKyc}`,
        headers: bearer(login.token),
      });
    const first = await choose('true');
    expect(first.json()).toMatchObject({ code: '200', data: { kycLevel: 0, kycPermissions: [] } });
    const second = await choose('false');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: '2012' });
    expect((await profile(login.token)).json()).toMatchObject({ data: { kycLevel: 0 } });
    expect((await choose('maybe')).json()).toMatchObject({ code: '1002' });
  });

  it('lists SPOT_TRADE and RAPID_BUY in Demo and Trial whatever the verification, in Real only when verified', async () => {
    const login = await registerUser(t, 'mia@example.com');
    const inMode = async (mode: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/user/profile',
          headers: { ...bearer(login.token), 'runtime-mode': mode },
        })
      ).json<{ data: { kycPermissions: string[] } }>().data.kycPermissions;
    expect(await inMode('0')).toEqual([]);
    // Rapid Buy is a spot market buy: on simulated funds it is open like spot trading.
    expect(await inMode('1')).toEqual(['SPOT_TRADE', 'RAPID_BUY']);
    expect(await inMode('2')).toEqual(['SPOT_TRADE', 'RAPID_BUY']);
    await t.app.db.user.update({ where: { email: 'mia@example.com' }, data: { kycLevel: 1 } });
    expect(await inMode('0')).toContain('FIAT_DEPOSIT');
  });
});
