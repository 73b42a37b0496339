import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpDuration, httpRequests, outcomeOf, outsideCallbacks } from '../lib/metrics.js';

/** The outside party whose signed callback a route receives, from its pattern. */
function partyOf(route: string): string {
  for (const party of ['kyc', 'chain', 'card', 'bank'])
    if (route.includes(`/${party}/`)) return party;
  return 'other';
}

/**
 * Counts and times every answered request by its route pattern (never the raw URL: a label per
 * order id would grow without bound; requests no route matched are `unmatched`), and counts
 * signed callbacks of outside parties by outcome. The series are served by the process's
 * metrics listener (server.ts), not by this app.
 */
async function metrics(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    httpRequests.inc({ method, route, status });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (request.routeOptions.config.access === 'callback')
      outsideCallbacks.inc({ party: partyOf(route), outcome: outcomeOf(status) });
  });
}

export default fp(metrics, { name: 'metrics' });
