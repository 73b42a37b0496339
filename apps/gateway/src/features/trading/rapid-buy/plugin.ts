import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rapidBuyRoutes } from './routes.js';
import { onSettled, resumeRapidBuys, type RapidBuyDeps } from './rapid-buy-service.js';

/**
 * Rapid Buy (USD to USDT): the routes under /v1/rapid-buy, the hook on settlement's committed
 * batches that ends a purchase with its order, and at start the purchases whose order ended
 * while no process followed it. Uses the order path only through `app.orders`.
 */
async function rapidBuy(app: FastifyInstance): Promise<void> {
  const deps: RapidBuyDeps = {
    db: app.db,
    clock: app.clock,
    orders: app.orders,
    fanout: app.socket.fanout,
    log: app.log,
  };
  app.orders.onSettled(onSettled(deps));
  await app.register(rapidBuyRoutes(deps));
  app.addHook('onReady', async () => {
    await resumeRapidBuys(deps).catch((err: unknown) =>
      app.log.warn({ err }, 'rapid buys not resumed'),
    );
  });
}

export default fp(rapidBuy, {
  name: 'trading/rapid-buy',
  dependencies: ['infrastructure', 'auth', 'platform/socket', 'trading/orders'],
});
