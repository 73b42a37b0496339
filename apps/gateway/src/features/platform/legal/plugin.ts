import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { legalRoutes } from './routes.js';

/** Terms, privacy policy and the other legal pages, and the users' agreement to them. */
async function legal(app: FastifyInstance): Promise<void> {
  await app.register(legalRoutes);
}

export default fp(legal, { name: 'platform/legal', dependencies: ['infrastructure'] });
