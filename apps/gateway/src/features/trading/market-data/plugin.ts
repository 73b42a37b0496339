import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DepthStore } from './depth-store.js';
import { marketDataSink } from './market-data-service.js';
import type { MarketDataSink } from './market-data-sink.js';
import { marketDataRoutes, symbolRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The settled books, and the sink settlement hands each batch's trades and book changes. */
    marketData: { depth: DepthStore; sink: MarketDataSink };
  }
}

/**
 * Market data derived from the engine's events: the settled books (REST and the order-book
 * snapshot of the socket), the sink that turns settled trades into candles, tickers and stats and
 * pushes them, and the routes under /v1/market-data and /v1/symbol.
 */
async function marketData(app: FastifyInstance): Promise<void> {
  const depth = new DepthStore(app.redis, app.db);
  const sink = marketDataSink({
    db: app.db,
    clock: app.clock,
    depth,
    fanout: app.socket.fanout,
    refreshMs: app.env.MARKET_REFRESH_MS,
    log: app.log,
  });
  app.decorate('marketData', { depth, sink });
  app.socket.registerSnapshot('orderBook', async (mode, args) =>
    typeof args.symbol === 'string'
      ? { type: 'snapshot', ...(await depth.snapshot(mode, args.symbol)) }
      : null,
  );
  await app.register(marketDataRoutes(depth));
  await app.register(symbolRoutes);
  // After settlement has stopped (its hook runs first): the last batches' pushes go out.
  app.addHook('onClose', async () => {
    await sink.flush();
  });
}

export default fp(marketData, {
  name: 'trading/market-data',
  dependencies: ['infrastructure', 'platform/socket'],
});
