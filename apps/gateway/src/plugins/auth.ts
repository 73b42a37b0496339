import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER, LOGIN_COOKIE_NAME } from '@exchange/contracts';
import { AppError } from '../lib/app-error.js';
import { authenticate, type AuthContext } from '../features/auth/session-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every private path; null on public ones. */
    auth: AuthContext | null;
  }
}

/** Paths under /v1 that need no token although they do not contain "public/". */
const OPEN_PREFIXES = ['/v1/docs', '/v1/websocket/connect'];

export function isPublicPath(path: string): boolean {
  if (!path.startsWith('/v1/')) return true;
  return path.includes('/public/') || OPEN_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

function credentials(request: FastifyRequest): { token: string; viaCookie: boolean } | undefined {
  const h = request.headers.authorization;
  if (h?.startsWith('Bearer ')) {
    const token = h.slice(7).trim();
    return token ? { token, viaCookie: false } : undefined;
  }
  const cookie = request.cookies[LOGIN_COOKIE_NAME];
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie rides along on cross-site requests, so a state-changing request authenticated by it
 * must echo the readable csrf_token cookie in a header (double submit). Routes that change state
 * on GET (the spec's change-language and account-type calls) opt in with `config.csrf`.
 */
function assertCsrf(request: FastifyRequest): void {
  const optIn = (request.routeOptions.config as { csrf?: boolean } | undefined)?.csrf === true;
  if (SAFE_METHODS.has(request.method) && !optIn) return;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || header !== cookie) throw new AppError('CSRF_FAILED');
}

/**
 * Paths containing "public/" need no token; every other /v1 path requires a valid session,
 * from the Authorization header or, for the browser, the `token` cookie (with the CSRF check).
 */
async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (isPublicPath(path)) return;
    const found = credentials(request);
    if (!found) throw new AppError('UNAUTHORIZED');
    request.auth = await authenticate({ db: app.db, clock: app.clock, token: found.token });
    if (found.viaCookie) assertCsrf(request);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['infrastructure'] });

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
