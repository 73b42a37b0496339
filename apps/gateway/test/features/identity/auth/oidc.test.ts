import { randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { LoginResponse } from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { PASSWORD, bearer, registerUser } from '../../../helpers/auth.js';
import {
  GATEWAY_ORIGIN,
  startLocalOidc,
  type LocalClient,
  type LocalOidc,
} from '../../../helpers/local-oidc.js';

const client = (provider: 'google' | 'apple'): LocalClient => ({
  clientId: `gateway-${provider}`,
  clientSecret: randomBytes(32).toString('hex'),
  redirectUri: `${GATEWAY_ORIGIN}/v1/auth/public/oauth/${provider}/callback`,
});
const GOOGLE = client('google');
const APPLE = client('apple');

let op: LocalOidc;
let t: TestApp;
beforeAll(async () => {
  op = await startLocalOidc([GOOGLE, APPLE]);
  t = await build({
    PUBLIC_BASE_URL: GATEWAY_ORIGIN,
    OIDC_GOOGLE_ISSUER: op.issuer,
    OIDC_GOOGLE_CLIENT_ID: GOOGLE.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
    LOGIN_MAX_ATTEMPTS: '3',
    LOGIN_LOCK_MINUTES: '15',
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

type Inject = (app: TestApp) => Promise<LightMyRequestResponse>;

async function start(app: TestApp, provider: string, redirectPath = '/market'): Promise<string> {
  const res = await app.app.inject({
    method: 'GET',
    url: `/v1/auth/public/oauth/${provider}/start?redirectPath=${encodeURIComponent(redirectPath)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { authorizationUrl: string } }>().data.authorizationUrl;
}

/** Through the provider and back: the gateway's answer to the callback, and the callback itself for replays. */
async function signInWith(
  subject: string,
  opts: { app?: TestApp; provider?: 'google' | 'apple'; redirectPath?: string } = {},
) {
  const app = opts.app ?? t;
  const provider = opts.provider ?? 'google';
  const authorizationUrl = await start(app, provider, opts.redirectPath);
  const back = await op.signInAs(subject, authorizationUrl);
  expect(back.url.pathname).toBe(`/v1/auth/public/oauth/${provider}/callback`);
  const replay: Inject = (a) =>
    back.form
      ? a.app.inject({
          method: 'POST',
          url: back.url.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(back.form).toString(),
        })
      : a.app.inject({ method: 'GET', url: back.url.pathname + back.url.search });
  return { res: await replay(app), back, replay };
}

const location = (res: LightMyRequestResponse) =>
  new URL(String(res.headers.location), GATEWAY_ORIGIN);
const tokenCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'token')?.value;
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(token) });
const link = (linkToken: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/oauth/link',
    payload: { linkToken, password },
  });
const usersWith = (email: string) => t.app.db.user.count({ where: { email } });

describe('sign in with the provider', () => {
  it('points the browser at the provider with state, nonce and PKCE, and the fixed return address', async () => {
    const url = new URL(await start(t, 'google'));
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(GOOGLE.redirectUri);
    expect(url.searchParams.get('client_id')).toBe(GOOGLE.clientId);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const ttl = await t.app.redis.commands.pttl(`oidc:state:${url.searchParams.get('state')}`);
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('asks the provider for its pages in the reader’s language (ui_locales)', async () => {
    expect(new URL(await start(t, 'google')).searchParams.get('ui_locales')).toBe('en');
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/public/oauth/google/start',
      headers: { 'accept-language': 'zh-TW' },
    });
    const url = new URL(res.json<{ data: { authorizationUrl: string } }>().data.authorizationUrl);
    expect(url.searchParams.get('ui_locales')).toBe('zh-TW');
  });

  it('creates a new user on first sign-in, signs it in with the cookie and redirects to the start page', async () => {
    op.addAccount('google-sub-dora', 'Dora@Example.com');
    const { res } = await signInWith('google-sub-dora');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/market');
    expect(location(res).search).toBe(''); // no token in the address
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ httpOnly: true, maxAge: 259200, path: '/' });
    const me = await profile(cookie?.value ?? '');
    expect(me.statusCode).toBe(200);
    const user = me.json<{ data: LoginResponse['user'] }>().data;
    expect(user).toMatchObject({ email: 'dora@example.com' });
    expect(user.uid).toMatch(/^\d{8}$/);
    const stored = await t.app.db.user.findUniqueOrThrow({
      where: { email: 'dora@example.com' },
      include: { identities: true },
    });
    expect(stored.passwordHash).toBeNull();
    expect(stored.identities).toMatchObject([
      { provider: 'google', subject: 'google-sub-dora', email: 'dora@example.com' },
    ]);
  });

  it('signs the same subject in to the same user again, and the older session answers 4003', async () => {
    op.addAccount('google-sub-eve', 'eve@example.com');
    const first = await signInWith('google-sub-eve', { redirectPath: '/assets' });
    expect(first.res.headers.location).toBe('/assets');
    const firstToken = tokenCookie(first.res) ?? '';
    const firstUser = (await profile(firstToken)).json<{ data: { id: string } }>().data.id;

    const second = await signInWith('google-sub-eve');
    const secondToken = tokenCookie(second.res) ?? '';
    expect(secondToken).not.toBe(firstToken);
    expect((await profile(secondToken)).json<{ data: { id: string } }>().data.id).toBe(firstUser);
    expect((await profile(firstToken)).json()).toMatchObject({ code: '4003' });
    expect(await usersWith('eve@example.com')).toBe(1);
  });

  it('does not create an account from an e-mail the provider has not verified', async () => {
    op.addAccount('google-sub-unverified', 'unverified@example.com', false);
    const { res } = await signInWith('google-sub-unverified');
    expect(res.headers.location).toBe('/login?oauthError=2016');
    expect(await usersWith('unverified@example.com')).toBe(0);
  });
});

describe('linking an existing account', () => {
  beforeAll(async () => {
    await registerUser(t, 'fay@example.com');
    await registerUser(t, 'gus@example.com');
  });

  async function linkRedirect(subject: string, email: string) {
    op.addAccount(subject, email);
    const { res } = await signInWith(subject, { redirectPath: '/orders' });
    expect(res.statusCode).toBe(302);
    const to = location(res);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('provider')).toBe('google');
    expect(tokenCookie(res)).toBeUndefined();
    return to.searchParams.get('oauthLink') ?? '';
  }

  it('asks for the password, refuses a wrong one (2020), then links, signs in, and later goes straight in', async () => {
    const linkToken = await linkRedirect('google-sub-fay', 'FAY@example.com');
    expect(linkToken).toMatch(/^[\w-]{20,}$/);
    expect(await t.app.db.oAuthIdentity.count({ where: { subject: 'google-sub-fay' } })).toBe(0);

    const wrong = await link(linkToken, 'Wrong!pass1');
    expect(wrong.json()).toMatchObject({
      code: '2020',
      data: { failedAttempts: 1, maxAttempts: 3 },
    });

    const right = await link(linkToken, PASSWORD);
    expect(right.statusCode, right.body).toBe(200);
    const body = right.json<{ data: LoginResponse & { redirectPath: string } }>().data;
    expect(body.user.email).toBe('fay@example.com');
    expect(body.redirectPath).toBe('/orders');
    expect(body.refreshToken).toBeTruthy();
    expect(tokenCookie(right)).toBe(body.token);
    expect((await profile(body.token)).statusCode).toBe(200);
    const fay = await t.app.db.user.findUniqueOrThrow({
      where: { email: 'fay@example.com' },
      include: { identities: true },
    });
    expect(fay.identities).toMatchObject([{ provider: 'google', subject: 'google-sub-fay' }]);

    // Used once only.
    expect((await link(linkToken, PASSWORD)).json()).toMatchObject({ code: '2019' });

    const again = await signInWith('google-sub-fay');
    expect(again.res.headers.location).toBe('/market');
    const me = await profile(tokenCookie(again.res) ?? '');
    expect(me.json<{ data: { id: string } }>().data.id).toBe(fay.id);
    expect((await profile(body.token)).json()).toMatchObject({ code: '4003' });
    expect(await usersWith('fay@example.com')).toBe(1);
  });

  it('counts wrong passwords with the login lock (2003 when locked, even with the right password)', async () => {
    const linkToken = await linkRedirect('google-sub-gus', 'gus@example.com');
    expect((await link(linkToken, 'Wrong!pass1')).json()).toMatchObject({
      code: '2020',
      data: { failedAttempts: 1 },
    });
    expect((await link(linkToken, 'Wrong!pass1')).json()).toMatchObject({
      code: '2020',
      data: { failedAttempts: 2 },
    });
    expect((await link(linkToken, 'Wrong!pass1')).json()).toMatchObject({
      code: '2003',
      data: { failedAttempts: 3, lockMinutes: 15 },
    });
    expect((await link(linkToken, PASSWORD)).json()).toMatchObject({ code: '2003' });
    expect(await t.app.db.oAuthIdentity.count({ where: { subject: 'google-sub-gus' } })).toBe(0);
  });

  it('answers 2019 for an unknown or expired link token', async () => {
    expect((await link('made-up-token', PASSWORD)).json()).toMatchObject({ code: '2019' });
    op.addAccount('google-sub-ann', 'ann@example.com');
    await registerUser(t, 'ann@example.com');
    const linkToken = await linkRedirect('google-sub-ann', 'ann@example.com');
    t.clock.advance(10 * 60_000 + 1);
    expect((await link(linkToken, PASSWORD)).json()).toMatchObject({ code: '2019' });
    expect(await t.app.db.oAuthIdentity.count({ where: { subject: 'google-sub-ann' } })).toBe(0);
  });
});

describe('with Google Authenticator linked', () => {
  const totp = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(t.clock.now() / 1000) });
  const googleStep = (ticket: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/public/login/google',
      payload: { ticket, googleCode: totp(secret) },
    });

  it('asks for the code after the provider, both when linking and when signing in', async () => {
    const { token } = await registerUser(t, 'ivy@example.com');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/v1/security/authenticator/setup',
      headers: bearer(token),
    });
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    const linked = await t.app.inject({
      method: 'POST',
      url: '/v1/security/authenticator/link',
      headers: bearer(token),
      payload: { googleCode: totp(secret) },
    });
    expect(linked.json()).toMatchObject({ code: '200' });
    t.clock.advance(30_000);

    // Linking the provider: the password links, the code signs in.
    op.addAccount('google-sub-ivy', 'ivy@example.com');
    const first = await signInWith('google-sub-ivy', { redirectPath: '/orders' });
    const linkToken = location(first.res).searchParams.get('oauthLink') ?? '';
    const answer = await link(linkToken, PASSWORD);
    expect(answer.json()).toMatchObject({
      code: '200',
      data: { twoFactorRequired: true, redirectPath: '/orders' },
    });
    expect(tokenCookie(answer)).toBeUndefined();
    const { ticket } = answer.json<{ data: { ticket: string } }>().data;
    const signedIn = await googleStep(ticket, secret);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(tokenCookie(signedIn)).toBeTruthy();
    t.clock.advance(30_000);

    // Signing in with the provider again: no session until the code.
    const again = await signInWith('google-sub-ivy');
    expect(again.res.statusCode).toBe(302);
    const to = location(again.res);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirect_path')).toBe('/market');
    expect(tokenCookie(again.res)).toBeUndefined();
    const done = await googleStep(to.searchParams.get('googleTicket') ?? '', secret);
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json<{ data: LoginResponse }>().data;
    expect(session.user.email).toBe('ivy@example.com');
  });
});

describe('state', () => {
  it('refuses a tampered or unknown state with a redirect, and creates nothing', async () => {
    op.addAccount('google-sub-hal', 'hal@example.com');
    const authorizationUrl = await start(t, 'google');
    const back = await op.signInAs('google-sub-hal', authorizationUrl);
    const tampered = new URL(back.url);
    tampered.searchParams.set('state', 'tampered-state');
    const res = await t.app.inject({ method: 'GET', url: tampered.pathname + tampered.search });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?oauthError=2016');
    expect(tokenCookie(res)).toBeUndefined();
    expect(await usersWith('hal@example.com')).toBe(0);

    const missing = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/public/oauth/google/callback?code=abc',
    });
    expect(missing.headers.location).toBe('/login?oauthError=2016');
  });

  it('uses a state once only', async () => {
    op.addAccount('google-sub-ida', 'ida@example.com');
    const { res, replay } = await signInWith('google-sub-ida');
    expect(res.headers.location).toBe('/market');
    const twice = await replay(t);
    expect(twice.headers.location).toBe('/login?oauthError=2016');
    expect(tokenCookie(twice)).toBeUndefined();
    expect(await usersWith('ida@example.com')).toBe(1);
  });

  it('refuses a state that was issued for another provider', async () => {
    op.addAccount('google-sub-jon', 'jon@example.com');
    const back = await op.signInAs('google-sub-jon', await start(t, 'google'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/public/oauth/apple/callback${back.url.search}`,
    });
    expect(res.headers.location).toBe('/login?oauthError=2017');
    expect(await usersWith('jon@example.com')).toBe(0);
  });

  it('redirects with oauthError when the user cancels at the provider', async () => {
    const state = new URL(await start(t, 'google')).searchParams.get('state') ?? '';
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/public/oauth/google/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(op.issuer)}`,
    });
    expect(res.headers.location).toBe('/login?oauthError=2016');
  });
});

describe('providers from configuration', () => {
  it('answers 2017 for a provider that is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/public/oauth/apple/start' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '2017' });
    expect(res.json<{ message: string }>().message).toContain('Apple');
  });

  it('accepts only a path on this site as the page to return to', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/public/oauth/google/start?redirectPath=${encodeURIComponent('//evil.test')}`,
    });
    expect(res.json()).toMatchObject({ code: '1002' });
    // Browsers read "/\\" as "//": such a path is replaced by the home page.
    op.addAccount('google-sub-lea', 'lea@example.com');
    const { res: back } = await signInWith('google-sub-lea', { redirectPath: '/\\evil.test' });
    expect(back.headers.location).toBe('/');
  });

  describe('Apple (form_post response)', () => {
    let apple: TestApp;
    beforeAll(async () => {
      apple = await build({
        PUBLIC_BASE_URL: GATEWAY_ORIGIN,
        OIDC_APPLE_ISSUER: op.issuer,
        OIDC_APPLE_CLIENT_ID: APPLE.clientId,
        OIDC_APPLE_CLIENT_SECRET: APPLE.clientSecret,
      });
    });
    afterAll(() => apple?.close());

    it('asks for form_post and signs in from the posted form', async () => {
      const url = new URL(await start(apple, 'apple'));
      expect(url.searchParams.get('response_mode')).toBe('form_post');
      op.addAccount('apple-sub-kim', 'kim@example.com');
      const { res, back } = await signInWith('apple-sub-kim', {
        app: apple,
        provider: 'apple',
        redirectPath: '/wallet',
      });
      expect(back.form?.code).toBeTruthy();
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/wallet');
      const me = await apple.app.inject({
        method: 'GET',
        url: '/v1/user/profile',
        headers: bearer(tokenCookie(res) ?? ''),
      });
      expect(me.json()).toMatchObject({ data: { email: 'kim@example.com' } });
      expect(
        (
          await apple.app.inject({ method: 'GET', url: '/v1/auth/public/oauth/google/start' })
        ).json(),
      ).toMatchObject({ code: '2017' });
    });
  });
});
