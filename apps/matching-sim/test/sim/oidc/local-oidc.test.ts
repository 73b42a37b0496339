import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pageLanguage,
  startLocalOidc,
  subjectOf,
  type LocalOidc,
} from '../../../src/sim/oidc/local-oidc.js';

const CLIENT = {
  clientId: 'local-google-client',
  clientSecret: randomBytes(32).toString('hex'),
  redirectUri: 'http://exchange.test/v1/auth/public/oauth/google/callback',
};

let op: LocalOidc;
beforeAll(async () => {
  op = await startLocalOidc({
    name: 'Google',
    clients: [CLIENT],
    testIdentities: ['alice@example.com'],
  });
});
afterAll(() => op.close());

/** The client's authorization request, as the gateway sends the browser to it. */
function authUrl(state: string, nonce: string, extra: Record<string, string> = {}): string {
  const auth = new URL('/auth', op.issuer);
  auth.search = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: CLIENT.redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state,
    nonce,
    ...extra,
  }).toString();
  return auth.href;
}

/** A browser's cookies, enough for the provider's interaction and session cookies. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    store(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const value = pair.slice(eq + 1);
        if (value) cookies.set(pair.slice(0, eq), value);
        else cookies.delete(pair.slice(0, eq));
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

describe('the local OpenID provider', () => {
  it('shows a login page of test identities and signs in a typed e-mail through to an ID token', async () => {
    const cookies = jar();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: cookies.header() },
      });
      cookies.store(res);
      return res;
    };
    let res = await go(authUrl('state-1', 'nonce-1'));
    expect(res.status).toBe(303);
    const interaction = new URL(res.headers.get('location') ?? '', op.issuer).href;
    const page = await (await go(interaction)).text();
    expect(page).toContain('Sign in with Google');
    expect(page).toContain('alice@example.com');

    // A malformed e-mail is refused on the page itself.
    res = await go(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-email',
    });
    expect(res.status).toBe(400);

    res = await go(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'Dana@Example.com' }).toString(),
    });
    // login -> authorization -> consent -> authorization -> the client's callback with a code.
    let location = res.headers.get('location') ?? '';
    for (let hop = 0; hop < 8 && !location.startsWith(CLIENT.redirectUri); hop++) {
      res = await go(new URL(location, op.issuer).href);
      location = res.headers.get('location') ?? '';
    }
    const back = new URL(location);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const token = await fetch(new URL('/token', op.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: CLIENT.redirectUri,
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const { id_token: idToken, access_token: accessToken } = (await token.json()) as {
      id_token: string;
      access_token: string;
    };
    const claims = JSON.parse(
      Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: subjectOf('dana@example.com'), nonce: 'nonce-1' });
    const me = await fetch(new URL('/me', op.issuer), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await me.json()).toEqual({
      sub: subjectOf('dana@example.com'),
      email: 'Dana@Example.com',
      email_verified: true,
    });
  });

  it('shows its page in the language the client asks for (ui_locales), English otherwise', async () => {
    const cookies = jar();
    const pageIn = async (uiLocales: string | null) => {
      const extra: Record<string, string> = uiLocales ? { ui_locales: uiLocales } : {};
      const res = await fetch(authUrl('state-2', 'nonce-2', extra), { redirect: 'manual' });
      cookies.store(res);
      const interaction = new URL(res.headers.get('location') ?? '', op.issuer);
      return (await fetch(interaction, { headers: { cookie: cookies.header() } })).text();
    };
    const ar = await pageIn('ar');
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('تسجيل الدخول باستخدام Google');
    expect(await pageIn('zh-TW')).toContain('使用 Google 登入');
    expect(await pageIn(null)).toContain('Sign in with Google');
    expect(pageLanguage('de-CH en')).toBe('de');
    expect(pageLanguage('zh')).toBe('en');
    expect(pageLanguage('xx ja')).toBe('ja');
  });
});
