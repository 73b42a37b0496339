import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { REFRESH_PATH } from '@exchange/contracts';
import type { Env } from '../../../config/env.js';
import { cookieNames, servedOverHttps } from '../../../lib/session-cookie-names.js';
import type { IssuedTokens } from './session-service.js';

function base(env: Env, path = '/') {
  return {
    path,
    sameSite: 'lax' as const,
    secure: servedOverHttps(env) || env.NODE_ENV !== 'development',
    ...(env.COOKIE_DOMAIN ? { domain: env.COOKIE_DOMAIN } : {}),
  };
}

/** The refresh and CSRF cookies live as long as a session may (in seconds). */
function sessionCookieMaxAge(env: Env): number {
  return Math.min(env.REFRESH_TOKEN_TTL_DAYS, env.SESSION_MAX_AGE_DAYS) * 86_400;
}

/**
 * The CSRF token of a session: an HMAC of its id under CSRF_SECRET. Only the gateway can make
 * it, and it is worth nothing for another session, so a cookie planted by a sibling site or a
 * network attacker, echoed in the header, no longer passes.
 */
export function csrfToken(env: Env, sessionId: string): string {
  return createHmac('sha256', env.CSRF_SECRET).update(sessionId).digest('base64url');
}

export function csrfMatches(env: Env, sessionId: string, presented: string): boolean {
  const expected = Buffer.from(csrfToken(env, sessionId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Hands a browser its session: the access token in the HttpOnly token cookie, the refresh token
 * in an HttpOnly cookie sent only to the refresh call, and the readable CSRF token, which the
 * client echoes in a header on state-changing requests and which tells it a session exists. It
 * lives as long as the refresh token, so an expired access token is refreshed, not logged out.
 * Non-browser clients use the tokens of the answer's body instead.
 */
export function setSessionCookies(reply: FastifyReply, env: Env, issued: IssuedTokens): void {
  const names = cookieNames(env);
  const sessionMaxAge = sessionCookieMaxAge(env);
  reply.setCookie(names.token, issued.token, {
    ...base(env),
    httpOnly: true,
    maxAge: issued.expiresInSeconds,
  });
  reply.setCookie(names.refresh, issued.refreshToken, {
    ...base(env, REFRESH_PATH),
    httpOnly: true,
    maxAge: sessionMaxAge,
  });
  reply.setCookie(names.csrf, csrfToken(env, issued.sessionId), {
    ...base(env),
    httpOnly: false,
    maxAge: sessionMaxAge,
  });
}

/**
 * Gives a cookie session the CSRF cookie it should have, when the one it sent differs: sessions
 * started before the token was bound to the session, or a cookie someone planted, are set right
 * by their next answer instead of failing every state change until the next login.
 */
export function repairCsrfCookie(
  reply: FastifyReply,
  env: Env,
  sessionId: string,
  sent: string | undefined,
): void {
  const expected = csrfToken(env, sessionId);
  if (sent === expected) return;
  reply.setCookie(cookieNames(env).csrf, expected, {
    ...base(env),
    httpOnly: false,
    maxAge: sessionCookieMaxAge(env),
  });
}

export function clearSessionCookies(reply: FastifyReply, env: Env): void {
  const names = cookieNames(env);
  reply.clearCookie(names.token, base(env));
  reply.clearCookie(names.refresh, base(env, REFRESH_PATH));
  reply.clearCookie(names.csrf, base(env));
}
