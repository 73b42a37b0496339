import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../config/env.js';

/**
 * The headers helmet sets for these options, worked out once: helmet's middleware only calls
 * `setHeader` and `removeHeader` when its options hold no functions (no CSP nonces here).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Helmet's security headers on every answer. The headers are computed at start rather than per
 * request: the Fastify plugin built helmet's middleware anew for each request, parsing the
 * content security policy every time (about 4% of the gateway's time under load).
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/**
 * The gateway's policy: the page loads from its own origin only, and reaches nothing but the
 * gateway and its socket.
 */
export function gatewayHeaders(env: Pick<Env, 'PUBLIC_BASE_URL'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...socketOrigins(env)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The socket's origin beside the page's own: ws or wss of PUBLIC_BASE_URL's host, which browsers
 * that predate CSP 3 do not count as 'self'. No other host may be reached from the page.
 */
function socketOrigins(env: Pick<Env, 'PUBLIC_BASE_URL'>): string[] {
  const url = new URL(env.PUBLIC_BASE_URL);
  return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
}

export default fp(securityHeaders, { name: 'security-headers' });
