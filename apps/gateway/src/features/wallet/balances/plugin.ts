import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { walletRoutes } from './routes.js';

/** Balances and fund flows of the request's runtime mode, under /v1/wallet. */
async function balances(app: FastifyInstance): Promise<void> {
  await app.register(walletRoutes);
}

export default fp(balances, { name: 'wallet/balances', dependencies: ['infrastructure', 'auth'] });
