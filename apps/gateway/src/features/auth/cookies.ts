import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, LOGIN_COOKIE_NAME } from '@exchange/contracts';
import type { Env } from '../../config/env.js';

function base(env: Env) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: env.NODE_ENV !== 'development',
    ...(env.COOKIE_DOMAIN ? { domain: env.COOKIE_DOMAIN } : {}),
  };
}

/**
 * The `token` cookie carries the access token, HttpOnly so scripts cannot read it. Its readable
 * companion `csrf_token` is echoed in a header on state-changing requests (double submit) and
 * tells the client that a session cookie exists.
 */
export function setSessionCookies(reply: FastifyReply, env: Env, token: string): void {
  const maxAge = env.ACCESS_TOKEN_TTL_SECONDS;
  reply.setCookie(LOGIN_COOKIE_NAME, token, { ...base(env), httpOnly: true, maxAge });
  reply.setCookie(CSRF_COOKIE, randomBytes(18).toString('base64url'), {
    ...base(env),
    httpOnly: false,
    maxAge,
  });
}

export function clearSessionCookies(reply: FastifyReply, env: Env): void {
  reply.clearCookie(LOGIN_COOKIE_NAME, base(env));
  reply.clearCookie(CSRF_COOKIE, base(env));
}
