import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { normalizeEmail, type OAuthProvider } from '@exchange/contracts';
import { AppError } from '../../../../lib/app-error.js';
import { cost, lockPolicy, newUid, type AuthDeps, type ClientMeta } from '../auth-service.js';
import { assertNotLocked, clearFailures, recordFailure } from '../login-guard.js';
import { LoginTickets } from '../login-ticket.js';
import { verifyPassword } from '../password.js';
import type { IssuedTokens } from '../session-service.js';
import { displayName, redirectUri, type OidcClients } from './providers.js';

export interface OidcDeps extends AuthDeps {
  oidc: OidcClients;
}

/** State of one sign-in attempt and of one pending link: 10 minutes, single use. */
export const OIDC_TTL_MS = 10 * 60_000;
export const stateKey = (state: string) => `oidc:state:${state}`;
export const linkKey = (token: string) => `oidc:link:${token}`;

const storedState = z.object({
  provider: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectPath: z.string(),
  expiresAt: z.number(),
});

const storedLink = z.object({
  provider: z.string(),
  subject: z.string(),
  email: z.string(),
  userId: z.string(),
  redirectPath: z.string(),
  expiresAt: z.number(),
});

/**
 * Only a path on this site: the contract already demands a leading "/" and no "//"; browsers
 * also read "/\" as "//", and control characters have no business in a path.
 */
export function safeRedirectPath(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  const control = [...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return control ? '/' : path;
}

const failed = (provider: OAuthProvider, cause?: unknown) =>
  new AppError(
    'OAUTH_FAILED',
    { provider: displayName(provider) },
    cause === undefined ? undefined : { cause },
  );

/**
 * Step one: a fresh state, nonce and PKCE verifier kept in Redis under the state, and the
 * provider's authorization address for the browser to open.
 */
export async function startOidc(
  deps: OidcDeps,
  provider: OAuthProvider,
  redirectPath: string | undefined,
  /** The reader's language: the provider's pages are asked for in it (OIDC `ui_locales`). */
  language?: string,
): Promise<{ authorizationUrl: string }> {
  const settings = deps.oidc.settings(provider);
  const config = await deps.oidc.config(provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const value = {
    provider,
    nonce,
    codeVerifier,
    redirectPath: safeRedirectPath(redirectPath),
    expiresAt: deps.clock.now() + OIDC_TTL_MS,
  };
  await deps.redis.commands.set(
    stateKey(state),
    JSON.stringify(value),
    'PX',
    deps.clock.realDelay(OIDC_TTL_MS),
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps.env, provider),
    scope: settings.scope,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(language ? { ui_locales: language } : {}),
    ...(settings.responseMode ? { response_mode: settings.responseMode } : {}),
  });
  return { authorizationUrl: url.href };
}

export type OidcOutcome =
  | { kind: 'signed-in'; issued: IssuedTokens & { userId: string }; redirectPath: string }
  | { kind: 'link'; linkToken: string }
  /** Google Authenticator is linked: its code step follows, with this ticket. */
  | { kind: 'second-step'; ticket: string; redirectPath: string };

/** The login ticket when the user has a second step, else null (a session may start). */
async function secondStep(deps: OidcDeps, userId: string) {
  if (!deps.secondFactor || !(await deps.secondFactor.required(userId))) return null;
  const user = await deps.db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) return null;
  return new LoginTickets(deps.redis, deps.clock).issue({ userId, email: user.email });
}

const isTrue = (v: unknown) => v === true || v === 'true'; // Apple sends "true" as a string

/** Who the provider says signed in: the subject, and the e-mail only when the provider verified it. */
async function identify(
  deps: OidcDeps,
  provider: OAuthProvider,
  params: URLSearchParams,
  state: z.infer<typeof storedState>,
) {
  const config = await deps.oidc.config(provider);
  const current = new URL(redirectUri(deps.env, provider));
  for (const [k, v] of params) current.searchParams.append(k, v);
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: params.get('state') ?? '',
      expectedNonce: state.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw failed(provider, err);
  }
  const claims = tokens.claims();
  if (!claims?.sub) throw failed(provider);
  let email = typeof claims.email === 'string' ? claims.email : undefined;
  let verified = isTrue(claims.email_verified);
  // Providers may keep the e-mail out of the ID token and answer it at the UserInfo endpoint (Apple has none).
  if (!email && config.serverMetadata().userinfo_endpoint) {
    try {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : undefined;
      verified = isTrue(info.email_verified);
    } catch (err) {
      throw failed(provider, err);
    }
  }
  return { subject: claims.sub, email: email && verified ? normalizeEmail(email) : undefined };
}

/**
 * Step two, where the browser comes back. A linked identity signs its user in; an unknown one
 * with a verified e-mail that no account uses gets a new account; an e-mail that an account
 * already uses needs that account's password first (a link token, see `linkOidc`). Accounts
 * are never joined on the e-mail alone.
 */
export async function completeOidc(
  deps: OidcDeps,
  provider: OAuthProvider,
  params: URLSearchParams,
  meta: ClientMeta,
): Promise<OidcOutcome> {
  deps.oidc.settings(provider); // 2017 before anything else when the provider is not configured
  const stateParam = params.get('state');
  if (!stateParam || stateParam.length > 256) throw failed(provider);
  const raw = await deps.redis.commands.getdel(stateKey(stateParam));
  const parsed = raw ? storedState.safeParse(JSON.parse(raw)) : undefined;
  const state = parsed?.success ? parsed.data : undefined;
  if (!state || state.provider !== provider || state.expiresAt <= deps.clock.now())
    throw failed(provider);
  if (params.has('error')) throw failed(provider); // the user cancelled, or the provider refused

  const { subject, email } = await identify(deps, provider, params, state);
  const signIn = async (userId: string): Promise<OidcOutcome> => {
    const step = await secondStep(deps, userId);
    if (step) return { kind: 'second-step', ticket: step.ticket, redirectPath: state.redirectPath };
    const tokens = await deps.sessions.start({ userId, ...meta });
    return { kind: 'signed-in', issued: { ...tokens, userId }, redirectPath: state.redirectPath };
  };

  const identity = await deps.db.oAuthIdentity.findUnique({
    where: { provider_subject: { provider, subject } },
    select: { userId: true },
  });
  if (identity) return signIn(identity.userId);
  if (!email) throw failed(provider);

  const existing = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    const linkToken = randomBytes(24).toString('base64url');
    const link = {
      provider,
      subject,
      email,
      userId: existing.id,
      redirectPath: state.redirectPath,
      expiresAt: deps.clock.now() + OIDC_TTL_MS,
    };
    await deps.redis.commands.set(
      linkKey(linkToken),
      JSON.stringify(link),
      'PX',
      deps.clock.realDelay(OIDC_TTL_MS),
    );
    return { kind: 'link', linkToken };
  }

  let user;
  try {
    user = await deps.db.user.create({
      // No password: the account signs in through the provider until a password is set by reset.
      data: {
        email,
        uid: await newUid(deps.db),
        passwordHash: null,
        createdAt: deps.clock.date(),
        identities: { create: { provider, subject, email } },
      },
      select: { id: true },
    });
  } catch (err) {
    // A registration of the same address, or the same sign-in, won a race: start again.
    if ((err as { code?: string }).code === 'P2002') throw failed(provider, err);
    throw err;
  }
  return signIn(user.id);
}

/**
 * Links a provider identity to the existing account with that e-mail once its password is
 * confirmed, then signs in. Wrong passwords count towards the same lock as password login; the
 * link token survives them (until it expires) so the user can try again.
 */
export async function linkOidc(
  deps: OidcDeps,
  input: { linkToken: string; password: string },
  meta: ClientMeta,
): Promise<
  | ({ kind: 'session' } & IssuedTokens & { userId: string; redirectPath: string })
  | { kind: 'second-step'; ticket: string; expiresInSeconds: number; redirectPath: string }
> {
  const raw = await deps.redis.commands.get(linkKey(input.linkToken));
  const parsed = raw ? storedLink.safeParse(JSON.parse(raw)) : undefined;
  const link = parsed?.success ? parsed.data : undefined;
  if (!link || link.expiresAt <= deps.clock.now()) throw new AppError('OAUTH_LINK_EXPIRED');
  const user = await deps.db.user.findUnique({
    where: { id: link.userId },
    select: { id: true, email: true, passwordHash: true },
  });
  if (!user) throw new AppError('OAUTH_LINK_EXPIRED');

  const who = { email: user.email, ip: meta.ip };
  await assertNotLocked(deps.redis, deps.clock, who, lockPolicy(deps.env));
  if (!(await verifyPassword(user.passwordHash, input.password, cost(deps.env)))) {
    const failure = await recordFailure(deps.redis, deps.clock, who, lockPolicy(deps.env));
    if (failure.code === 2003) throw failure;
    throw new AppError('PASSWORD_INCORRECT', failure.params);
  }
  // Spend the token only now; of two concurrent confirmations one wins.
  if (!(await deps.redis.commands.getdel(linkKey(input.linkToken))))
    throw new AppError('OAUTH_LINK_EXPIRED');

  const linked = await deps.db.oAuthIdentity.findUnique({
    where: { provider_subject: { provider: link.provider, subject: link.subject } },
    select: { userId: true },
  });
  if (linked && linked.userId !== user.id) throw new AppError('OAUTH_LINK_EXPIRED');
  if (!linked) {
    try {
      await deps.db.oAuthIdentity.create({
        data: {
          provider: link.provider,
          subject: link.subject,
          email: link.email,
          userId: user.id,
          createdAt: deps.clock.date(),
        },
      });
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002')
        throw new AppError('OAUTH_LINK_EXPIRED', null, { cause: err });
      throw err;
    }
  }
  // With Google Authenticator linked, the password links the identity but signs in only after
  // the code step (and the failure count stays until then).
  const step = await secondStep(deps, user.id);
  if (step) return { kind: 'second-step', ...step, redirectPath: link.redirectPath };
  await clearFailures(deps.redis, who);
  const tokens = await deps.sessions.start({ userId: user.id, ...meta });
  return { kind: 'session', ...tokens, userId: user.id, redirectPath: link.redirectPath };
}
