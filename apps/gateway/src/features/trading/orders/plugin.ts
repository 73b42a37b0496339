import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onCatalogueChange } from '../../../lib/catalogue-changes.js';
import { orderNotices } from '../../platform/notifications/order-notices.js';
import type { CommittedOrders, OrderPath } from './index.js';
import { createOrderCaches, placeOrder, type OrderDeps } from './order-service.js';
import { PlacementWriter } from './order-store.js';
import { orderRoutes } from './routes.js';
import { ShardMap } from './shard-map.js';
import { registerOrderOps } from './socket-ops.js';
import { tradableSymbol } from './symbol-rules.js';
import { Verdicts } from './verdicts.js';

/** What settlement and the market makers use of the order path. */
export interface SpotOrders {
  /** The order path's dependencies: verdicts, caches, the settled book, the shard map. */
  deps: OrderDeps;
  /** Hands the orders a committed settlement batch changed to the `orders.onSettled` listeners. */
  settled: (orders: CommittedOrders) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The spot order path for other features (index.ts). */
    orders: OrderPath;
    /** The order path as settlement and the market makers use it. */
    spotOrders: SpotOrders;
  }
}

/**
 * Spot orders: the one placement path (checks, freeze, engine) over REST under /v1/spot-order and
 * as the socket's trading ops, `app.orders` for other features, and the caches an operator's
 * catalogue change empties at once in every gateway.
 */
async function orders(app: FastifyInstance): Promise<void> {
  const verdicts = await Verdicts.create(app.redis);
  const shards = new ShardMap(app.db);
  const { depth } = app.marketData;
  const deps: OrderDeps = {
    db: app.db,
    sql: app.sql,
    redis: app.redis,
    clock: app.clock,
    env: app.env,
    verdicts,
    placements: new PlacementWriter(app.sql),
    cache: createOrderCaches(),
    depth,
    shards,
  };
  // Told of every committed batch's changed orders: the order notices, and features that follow
  // their own orders (Rapid Buy).
  const settled: ((orders: CommittedOrders) => void)[] = [orderNotices(app.notifyDeps)];
  app.decorate('orders', {
    place: (input) => placeOrder(deps, input),
    depth: (mode, symbol, limit) => depth.snapshot(mode, symbol, limit),
    rules: (mode, symbol) => tradableSymbol(app.db, mode, symbol),
    onSettled: (listener) => {
      settled.push(listener);
    },
  } satisfies OrderPath);
  app.decorate('spotOrders', {
    deps,
    settled: (orders) => {
      for (const listener of settled) listener(orders);
    },
  } satisfies SpotOrders);
  registerOrderOps(app.socket, deps);
  const stopWatching = await onCatalogueChange(app.redis, (change) => {
    if (change !== 'catalogue') return;
    deps.cache.symbols.clear();
    shards.clear();
  });
  await app.register(orderRoutes(deps));
  app.addHook('onClose', async () => {
    await stopWatching();
    await verdicts.close();
  });
}

export default fp(orders, {
  name: 'trading/orders',
  dependencies: [
    'infrastructure',
    'auth',
    'platform/socket',
    'platform/notifications',
    'trading/market-data',
  ],
});
