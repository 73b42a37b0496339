import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, REFRESH_PATH, SESSION_COOKIE_NAMES } from '@exchange/contracts';
import { build, type TestApp } from '../helpers/build.js';
import { bearer, loginUser, registerUser } from '../helpers/auth.js';
import { REDIS_URL } from '../helpers/urls.js';
import { loadEnv } from '../../src/config/env.js';
import { testSecrets } from '../helpers/secrets.js';

const PROD = {
  NODE_ENV: 'production',
  ...testSecrets(),
};

let t: TestApp;
let prod: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await build();
  prod = await build({ ...PROD, RATE_LIMIT_MAX: '2', TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16' });
  https = await build({
    PUBLIC_BASE_URL: 'https://exchange.example',
    SESSION_MAX_AGE_DAYS: '2',
    DATABASE_URL: t.env.DATABASE_URL,
  });
  await registerUser(t, 'carol@example.com');
});
afterAll(async () => {
  await https.close();
  await prod.close();
  await t.close();
});

const cookie = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name);

describe('per-IP limits', () => {
  it('counts requests the auth hook refuses', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await prod.app.inject({
        method: 'GET',
        url: '/v1/user/profile',
        headers: bearer('not-a-token'),
        remoteAddress: '192.0.2.10',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 429]);
  });

  it('ignores x-forwarded-for unless the request comes from a trusted proxy', async () => {
    const from = (remoteAddress: string, forwardedFor: string) =>
      prod.app.inject({
        method: 'GET',
        url: '/v1/common/public/configs',
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress,
      });
    // A client that names a new address each time still has one counter: its own address.
    const direct = [];
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      direct.push((await from('192.0.2.20', ip)).statusCode);
    expect(direct).toEqual([200, 200, 429]);
    // Behind a listed proxy (by address or CIDR) each client counts on its own.
    const proxied = [];
    for (const proxy of ['10.0.0.1', '10.1.2.3']) {
      for (const ip of ['4.4.4.4', '5.5.5.5']) proxied.push((await from(proxy, ip)).statusCode);
    }
    expect(proxied).toEqual([200, 200, 200, 200]);
    expect((await from('10.0.0.1', '4.4.4.4')).statusCode).toBe(429);
  });
});

describe('production answers', () => {
  it('serves neither the API docs nor the order path figures of /ready', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/v1/docs/json' })).statusCode).toBe(404);
    const ready = await prod.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready' });
    expect(ready.json()).not.toHaveProperty('trading');
    // Outside production both stay.
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toHaveProperty('trading');
  });

  it('refuses to start without a CSRF key', async () => {
    const { CSRF_SECRET: _, ...withoutKey } = PROD;
    expect(() => loadEnv({ ...withoutKey, DATABASE_URL: t.env.DATABASE_URL, REDIS_URL })).toThrow(
      /CSRF_SECRET is missing/,
    );
  });
});

describe('headers', () => {
  it('marks session answers no-store, and limits connect-src to the own origins', async () => {
    const login = await loginUser(t, 'carol@example.com');
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json<{ data: { token: string } }>().data.token;
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: bearer(token),
    });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/v1/wallet/balances' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const pub = await t.app.inject({ method: 'GET', url: '/v1/common/public/configs' });
    expect(pub.headers['cache-control']).not.toBe('no-store');
    const csp = String(pub.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    expect(connect).toEqual(["'self'", 'ws://localhost:8080']);
  });
});

describe('cookie sessions', () => {
  it('binds the CSRF token to the session: a planted cookie echoed in the header fails', async () => {
    const login = await loginUser(t, 'carol@example.com');
    const token = cookie(login, 'token')?.value ?? '';
    const csrf = cookie(login, 'csrf_token')?.value ?? '';
    const change = (cookies: Record<string, string>, header: string) =>
      t.app.inject({
        method: 'GET',
        url: '/v1/user/change-language?language=fr',
        cookies,
        headers: { [CSRF_HEADER]: header },
      });
    expect((await change({ token, csrf_token: 'planted' }, 'planted')).json()).toMatchObject({
      code: '1018',
    });
    expect((await change({ token, csrf_token: csrf }, csrf)).json()).toMatchObject({ code: '200' });
    // A wrong CSRF cookie (a planted one, or one from before the binding) is set right by the
    // next answer, so the client recovers without a new login.
    const read = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      cookies: { token, csrf_token: 'planted' },
    });
    expect(cookie(read, 'csrf_token')?.value).toBe(csrf);
    const fine = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      cookies: { token, csrf_token: csrf },
    });
    expect(cookie(fine, 'csrf_token')).toBeUndefined();
    // The token of another session is no good for this one.
    const other = await loginUser(t, 'carol@example.com');
    const otherToken = cookie(other, 'token')?.value ?? '';
    expect((await change({ token: otherToken }, csrf)).json()).toMatchObject({ code: '1018' });
  });

  it('keeps the refresh token in an HttpOnly cookie for the refresh call only, and refreshes from it', async () => {
    const login = await loginUser(t, 'carol@example.com');
    const refresh = cookie(login, 'refresh_token');
    expect(refresh).toMatchObject({ httpOnly: true, path: REFRESH_PATH });
    const csrf = cookie(login, 'csrf_token')?.value ?? '';
    const fromCookie = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: REFRESH_PATH,
        cookies: { refresh_token: refresh?.value ?? '' },
        headers,
      });
    // The cookie rides along on any request, so the refresh needs the session's CSRF token too;
    // a refused one spends nothing.
    expect((await fromCookie({})).json()).toMatchObject({ code: '1018' });
    expect((await fromCookie({ [CSRF_HEADER]: 'forged' })).json()).toMatchObject({
      code: '1018',
    });
    const res = await fromCookie({ [CSRF_HEADER]: csrf });
    expect(res.json(), res.body).toMatchObject({ code: '200' });
    expect(res.headers['cache-control']).toBe('no-store');
    // Same session, so the CSRF token stays; the access and refresh tokens rotate.
    expect(cookie(res, 'csrf_token')?.value).toBe(cookie(login, 'csrf_token')?.value);
    expect(cookie(res, 'token')?.value).not.toBe(cookie(login, 'token')?.value);
    expect((await fromCookie({ [CSRF_HEADER]: csrf })).json()).toMatchObject({ code: '401' });
  });

  it('uses __Host- names over HTTPS and reads only those', async () => {
    const login = await loginUser(https, 'carol@example.com');
    const names = SESSION_COOKIE_NAMES.host;
    expect(cookie(login, names.token)).toMatchObject({ httpOnly: true, secure: true, path: '/' });
    expect(cookie(login, names.csrf)).toMatchObject({ secure: true, path: '/' });
    expect(cookie(login, names.refresh)).toMatchObject({ secure: true, path: REFRESH_PATH });
    expect(cookie(login, 'token')).toBeUndefined();
    const token = cookie(login, names.token)?.value ?? '';
    const me = (cookies: Record<string, string>) =>
      https.app.inject({ method: 'GET', url: '/v1/user/profile', cookies });
    expect((await me({ [names.token]: token })).statusCode).toBe(200);
    expect((await me({ token })).json()).toMatchObject({ code: '401' });
  });

  it('ends a session at its absolute lifetime however often it is refreshed', async () => {
    const login = await loginUser(https, 'carol@example.com');
    const body = login.json<{ data: { refreshToken: string; expiresInSeconds: number } }>().data;
    // The 72-hour access token is cut to the session's two days.
    expect(body.expiresInSeconds).toBe(2 * 86_400);
    const refresh = (refreshToken: string) =>
      https.app.inject({ method: 'POST', url: REFRESH_PATH, payload: { refreshToken } });
    https.clock.advance(86_400_000);
    const first = await refresh(body.refreshToken);
    const next = first.json<{ data: { refreshToken: string; expiresInSeconds: number } }>().data;
    expect(next.expiresInSeconds).toBe(86_400);
    https.clock.advance(86_400_000);
    expect((await refresh(next.refreshToken)).json()).toMatchObject({ code: '401' });
  });
});
