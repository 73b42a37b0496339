import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newsRoutes } from './routes.js';

/** News and announcements, under /v1/marketing. */
async function news(app: FastifyInstance): Promise<void> {
  await app.register(newsRoutes);
}

export default fp(news, { name: 'platform/news', dependencies: ['infrastructure'] });
