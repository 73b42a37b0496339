import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/app-error.js';

/**
 * One per-IP counter for the REST API; the socket handshake and the auth endpoints set their
 * own (route config: a counter per route). The page is never counted: each load is tens of
 * files, and an office behind one NAT would lock itself out of its own scripts and styles.
 */
async function apiRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    max: app.env.RATE_LIMIT_MAX,
    timeWindow: app.env.RATE_LIMIT_WINDOW_MS,
    redis: app.redis.commands,
    nameSpace: 'rate:',
    skipOnError: true,
    allowList: (request) => !countsAsApi(request),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
  // The API counter runs as the first of the app's own hooks, before the session is looked up:
  // a request the auth hook refuses has cost a database read, so it must count too. (The
  // plugin's global mode adds its hook to each route, and route hooks run after the app's.)
  const apiLimit = app.rateLimit();
  app.addHook('onRequest', async (request, reply) => {
    if (!hasOwnLimit(request)) await apiLimit.call(app, request, reply);
  });
}

/** Routes with a counter of their own (the socket handshake, the auth endpoints). */
function hasOwnLimit(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { rateLimit?: unknown } | undefined;
  return config?.rateLimit !== undefined && config.rateLimit !== null;
}

/**
 * Whether a request counts against the per-IP API limit: anything under /v1 but the docs pages.
 * The matched route's pattern is used when there is one, so an encoded path cannot slip past.
 */
function countsAsApi(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return path.startsWith('/v1/') && !path.startsWith('/v1/docs');
}

export default fp(apiRateLimit, { name: 'api-rate-limit', dependencies: ['infrastructure'] });
