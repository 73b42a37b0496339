import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './error-handler.js';

declare module 'fastify' {
  interface FastifyRequest {
    timeoutTimer?: NodeJS.Timeout;
  }
}

/**
 * Answers 1009 when a handler has not started its reply within the global timeout (30 s by
 * default), so a stuck dependency never leaves a client hanging. Long-lived socket upgrades are
 * exempt, and so is a reply already streaming.
 */
async function requestTimeout(app: FastifyInstance, opts: { timeoutMs: number; exempt: string[] }) {
  app.addHook('onRequest', async (request, reply) => {
    // The matched route's path, so that no spelling of an exempt path escapes the exemption.
    const path = request.routeOptions.url ?? request.url;
    if (opts.exempt.some((p) => path.startsWith(p))) return;
    request.timeoutTimer = setTimeout(() => {
      // A response whose headers went out is streaming (a statement download): it is not stuck,
      // and a 503 could no longer be sent anyway.
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn({ url: request.url, timeoutMs: opts.timeoutMs }, 'request timed out');
      void reply
        .code(503)
        .send(errorBody('REQUEST_TIMEOUT', null, request.headers['accept-language']));
    }, opts.timeoutMs);
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(request.timeoutTimer);
  });
  // A client that went away gets no answer: its timer must not fire (and log) 30 s later.
  app.addHook('onRequestAbort', async (request) => {
    clearTimeout(request.timeoutTimer);
  });
}

export default fp(requestTimeout, { name: 'request-timeout' });
