import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { feeRoutes, reportRoutes } from './routes.js';

/** The fee schedule and fees paid under /v1/fees; statements and fund flows under /v1/report. */
async function reports(app: FastifyInstance): Promise<void> {
  await app.register(feeRoutes);
  await app.register(reportRoutes);
}

export default fp(reports, { name: 'wallet/reports', dependencies: ['infrastructure', 'auth'] });
