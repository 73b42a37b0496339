import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOGIN_COOKIE_NAME } from '@exchange/contracts';
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

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  return request.cookies[LOGIN_COOKIE_NAME] || undefined;
}

/**
 * Paths containing "public/" need no token; every other /v1 path requires a valid session,
 * from the Authorization header or, for the browser, the `token` cookie.
 */
async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (isPublicPath(path)) return;
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    request.auth = await authenticate({ db: app.db, clock: app.clock, token });
  });
}

export default fp(auth, { name: 'auth', dependencies: ['infrastructure'] });

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
