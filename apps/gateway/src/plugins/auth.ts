import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from '@exchange/contracts';
import { AppError } from '../lib/app-error.js';
import { Sessions } from '../features/identity/auth/session-service.js';
import { cookieNames } from '../lib/session-cookie-names.js';
import { csrfMatches, repairCsrfCookie } from '../features/identity/auth/cookies.js';
import type { AuthContext } from '../lib/auth-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every `session` route; null on `public` and `callback` ones. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** This gateway's sessions (issue, rotate, end, resolve) and their cache. */
    sessions: Sessions;
    /**
     * Calls `fn` with the user id whenever a user's sessions change (login, logout, refresh,
     * password reset), in this gateway or any other; returns the function that stops it.
     */
    onUserSessionsChanged(fn: (userId: string) => void): () => void;
  }
}

function credentials(
  request: FastifyRequest,
  cookieName: string,
): { token: string; viaCookie: boolean } | undefined {
  const h = request.headers.authorization;
  if (h?.startsWith('Bearer ')) {
    const token = h.slice(7).trim();
    return token ? { token, viaCookie: false } : undefined;
  }
  const cookie = request.cookies[cookieName];
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie rides along on cross-site requests, so a state-changing request authenticated by it
 * must carry the session's CSRF token in a header: the client reads it from the readable CSRF
 * cookie, and it is an HMAC of the session id (see cookies.ts), so a cookie someone else planted
 * does not pass. Routes that change state on GET (the spec's change-language and account-type
 * calls) opt in with `config.csrf`.
 */
function assertCsrf(request: FastifyRequest, sessionId: string): void {
  const optIn = (request.routeOptions.config as { csrf?: boolean } | undefined)?.csrf === true;
  if (SAFE_METHODS.has(request.method) && !optIn) return;
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !csrfMatches(request.server.env, sessionId, header))
    throw new AppError('CSRF_FAILED');
}

/**
 * A route declared `access: 'session'` (plugins/route-access.ts) requires a valid session, from
 * the Authorization header or, for the browser, the `token` cookie (with the CSRF check); `public`
 * and `callback` routes need none. The declaration is read from the route the router matched,
 * never from the URL string, so no spelling of a path (encoded letters, `//`, `;`, `#`, a
 * `/public/` somewhere) changes the decision. A request no route matches gets the 404 answer.
 */
async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  const sessions = new Sessions({
    db: app.db,
    sql: app.sql,
    clock: app.clock,
    policy: {
      accessTtlSeconds: app.env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: app.env.REFRESH_TOKEN_TTL_DAYS,
      maxAgeDays: app.env.SESSION_MAX_AGE_DAYS,
    },
  });
  app.decorate('sessions', sessions);
  // Sessions are cached briefly per process; a change to a user's sessions anywhere reaches
  // every gateway over this channel and drops them from each cache.
  const channel = `${app.redis.prefix}sessions-changed`;
  // A message is "<origin> <userId>" (or a bare user id); this process's own announcements are
  // skipped, as it has already dropped those sessions, and a late echo would only evict fresh ones.
  const listeners = new Set<(userId: string) => void>();
  app.decorate('onUserSessionsChanged', (fn: (userId: string) => void) => {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  });
  const onMessage = (ch: string, message: string) => {
    if (ch !== channel) return;
    const space = message.indexOf(' ');
    const userId = space > 0 ? message.slice(space + 1) : message;
    // The cache first, so a listener that authenticates again reads the database.
    if (!(space > 0 && message.slice(0, space) === sessions.origin)) sessions.forget(userId);
    for (const fn of listeners) fn(userId);
  };
  app.redis.subscriber.on('message', onMessage);
  await app.redis.subscriber.subscribe(channel);
  sessions.announce = (userId) => {
    app.redis.commands
      .publish(channel, `${sessions.origin} ${userId}`)
      .catch((err: unknown) => app.log.warn({ err }, 'could not announce a session change'));
  };
  app.addHook('onClose', async () => {
    app.redis.subscriber.off('message', onMessage);
    await app.redis.subscriber.unsubscribe(channel).catch(() => undefined);
  });
  const names = cookieNames(app.env);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === 'public' || access === 'callback') return;
    if (access === undefined && request.is404) return;
    const found = credentials(request, names.token);
    if (!found) throw new AppError('UNAUTHORIZED');
    request.auth = await sessions.authenticate(found.token);
    if (!found.viaCookie) return;
    repairCsrfCookie(reply, app.env, request.auth.sessionId, request.cookies[names.csrf]);
    assertCsrf(request, request.auth.sessionId);
  });
  // What belongs to a session (and an answer that hands out its tokens) is never kept by a
  // browser's or a proxy's cache.
  app.addHook('onSend', async (request, reply) => {
    if (
      request.routeOptions.config.access === 'session' ||
      request.auth !== null ||
      reply.hasHeader('set-cookie')
    )
      reply.header('cache-control', 'no-store');
  });
}

export default fp(auth, { name: 'auth', dependencies: ['infrastructure'] });
