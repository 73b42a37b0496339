import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { catalogueRoutes } from './routes.js';

/** The public catalogues of assets and symbols every domain reads, under /v1/common. */
async function catalogue(app: FastifyInstance): Promise<void> {
  await app.register(catalogueRoutes);
}

export default fp(catalogue, {
  name: 'platform/catalogue',
  dependencies: ['infrastructure', 'blocklist'],
});
