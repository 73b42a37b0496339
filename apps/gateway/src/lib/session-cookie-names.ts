import { SESSION_COOKIE_NAMES, type SessionCookieNames } from '@exchange/contracts';
import type { Env } from '../config/env.js';

// Read by the auth feature that sets the cookies and by what reads them (the auth plugin, the
// socket handshake, the API docs), so the socket needs nothing of the auth feature.

/** Whether users reach the exchange over HTTPS (PUBLIC_BASE_URL), which decides the cookie names. */
export function servedOverHttps(env: Env): boolean {
  return env.PUBLIC_BASE_URL.startsWith('https:');
}

/** The names of the session cookies this gateway sets and reads (see SESSION_COOKIE_NAMES). */
export function cookieNames(env: Env): SessionCookieNames {
  if (!servedOverHttps(env)) return SESSION_COOKIE_NAMES.plain;
  return env.COOKIE_DOMAIN ? SESSION_COOKIE_NAMES.domain : SESSION_COOKIE_NAMES.host;
}
