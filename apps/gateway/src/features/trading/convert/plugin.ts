import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { convertRoutes } from './routes.js';

/**
 * Convert (`/trade/swap`): firm quotes over the settled book and their execution as one order
 * through the order path (`app.orders`), under /v1/convert. A conversion's state is its
 * order's, read when asked: no hook on settlement.
 */
async function convert(app: FastifyInstance): Promise<void> {
  await app.register(
    convertRoutes({ db: app.db, clock: app.clock, redis: app.redis, orders: app.orders }),
  );
}

export default fp(convert, {
  name: 'trading/convert',
  dependencies: ['infrastructure', 'auth', 'trading/orders'],
});
