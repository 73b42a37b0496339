import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userRoutes } from './routes.js';

/** The signed-in user, under /v1/user. */
async function user(app: FastifyInstance): Promise<void> {
  await app.register(userRoutes);
}

export default fp(user, { name: 'identity/user', dependencies: ['infrastructure', 'auth'] });
