import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loggingRoutes } from './routes.js';

/** Analytics and page-view timings from the client, under /v1/logging. */
async function logging(app: FastifyInstance): Promise<void> {
  await app.register(loggingRoutes);
}

export default fp(logging, { name: 'platform/logging', dependencies: ['infrastructure'] });
