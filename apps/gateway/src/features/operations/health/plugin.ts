import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reportExchangeMetrics } from './metrics.js';
import { healthRoutes } from './routes.js';

/**
 * Liveness and readiness (/health, /ready) and, in the process that settles, the exchange-wide
 * series: engine heartbeats, settlement lag, jobs and the ledger audit come from it once, not
 * from every gateway process.
 */
async function health(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  if (app.env.SETTLEMENT) reportExchangeMetrics(app, app.env.LEDGER_AUDIT_INTERVAL_SECONDS);
}

export default fp(health, { name: 'operations/health', dependencies: ['infrastructure'] });
