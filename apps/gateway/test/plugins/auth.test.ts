import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, signIn, type TestApp } from '../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('public and private paths', () => {
  it('decides by the access the matched route declares, not by the path', async () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/v1/common/public/configs/assets')).toBe('public');
    expect(access('GET', '/v1/user/profile')).toBe('session');
    expect(access('POST', '/v1/kyc/public/provider/callback')).toBe('callback');
    expect(access('GET', '/health')).toBe('public');
    expect(access('GET', '/v1/docs/json')).toBe('public');
    // "/public/" in the URL string opens nothing.
    for (const url of ['/v1/user/profile#/public/', '/v1/user/profile?next=/public/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('serves public paths without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/configs/assets' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 on a session route without a token, and 404 where no route matches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/user/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: '401',
      message: 'Login session expired, please log in again.',
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/wallet/anything' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 for an unknown, expired or logged-out token', async () => {
    const expired = await signIn(t, { expired: true });
    const loggedOut = await signIn(t, { revokedReason: 'LOGOUT' });
    for (const token of ['not-a-token', expired.token, loggedOut.token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/user/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json()).toMatchObject({ code: '401' });
    }
  });

  it('answers 4003 when the session ended because of a login elsewhere', async () => {
    const { token } = await signIn(t, { revokedReason: 'LOGGED_IN_ELSEWHERE' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: '4003' });
    expect(res.json<{ message: string }>().message).toContain('logged in on another device');
  });

  it('accepts a valid token from the header or the cookie', async () => {
    const { token, userId } = await signIn(t, { kycLevel: 1 });
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json()).toMatchObject({ code: '200', data: { id: userId, kycLevel: 1 } });
    expect(viaHeader.json<{ data: { kycPermissions: string[] } }>().data.kycPermissions).toContain(
      'SPOT_TRADE',
    );
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      cookies: { token },
    });
    expect(viaCookie.json()).toMatchObject({ code: '200', data: { id: userId } });
  });
});
