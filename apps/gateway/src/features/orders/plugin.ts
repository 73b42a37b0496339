import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelAllRequest,
  cancelPlaceRequest,
  cancelOrderRequest,
  ok,
  order,
  orderListQuery,
  page,
  placeOrderRequest,
  spotTrade,
} from '@exchange/contracts';
import { bearerSecurity, responses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../lib/auth-context.js';
import { getOrder, listMyTrades, listOrders } from './order-queries.js';
import {
  cancelAll,
  cancelOrder,
  cancelPlace,
  placeOrder,
  type OrderDeps,
} from './order-service.js';
import { PlacementWriter } from './order-store.js';
import { Settlement } from './settlement.js';
import { Verdicts } from './verdicts.js';
import { MarketMaker } from '../market-maker/market-maker.js';
import { DepthStore } from '../market-data/depth-store.js';
import { marketDataSink } from '../market-data/market-data-service.js';
import { marketDataRoutes, symbolRoutes } from '../market-data/routes.js';

const tags = ['spot-order'];

/** Spot orders over REST (/v1/spot-order) and the socket's trading ops; settlement runs here. */
async function ordersPlugin(app: FastifyInstance) {
  const verdicts = await Verdicts.create(app.redis);
  const deps: OrderDeps = {
    db: app.db,
    sql: app.sql,
    redis: app.redis,
    clock: app.clock,
    env: app.env,
    verdicts,
    placements: new PlacementWriter(app.sql),
  };
  const depth = new DepthStore(app.redis, app.db);
  const market = marketDataSink({
    db: app.db,
    clock: app.clock,
    depth,
    fanout: app.socket.fanout,
    refreshMs: app.env.MARKET_REFRESH_MS,
    log: app.log,
  });
  const settlement = new Settlement({
    db: app.db,
    sql: app.sql,
    redis: app.redis,
    clock: app.clock,
    shard: app.env.ENGINE_SHARD,
    fanout: app.socket.fanout,
    verdicts,
    market,
    log: app.log,
    keepEvents: app.env.SETTLEMENT_KEEP_EVENTS,
  });
  app.socket.registerSnapshot('orderBook', async (mode, args) =>
    typeof args.symbol === 'string'
      ? { type: 'snapshot', ...(await depth.snapshot(mode, args.symbol)) }
      : null,
  );
  await app.register(marketDataRoutes(depth), { prefix: '/v1/market-data' });
  await app.register(symbolRoutes, { prefix: '/v1/symbol' });
  const marketMaker = new MarketMaker(deps, {
    intervalMs: app.env.MARKET_MAKER_INTERVAL_MS,
    levels: app.env.MARKET_MAKER_LEVELS,
    log: app.log,
  });
  if (app.env.SETTLEMENT) app.addHook('onReady', async () => settlement.start());
  if (app.env.MARKET_MAKERS) app.addHook('onReady', async () => marketMaker.start());
  app.addHook('onClose', async () => {
    await marketMaker.stop();
    await settlement.stop();
    await market.flush();
    await verdicts.close();
  });

  app.socket.registerOp('place', (session, args) =>
    placeOrder(deps, {
      userId: session.userId ?? '',
      mode: session.mode,
      req: placeOrderRequest.parse(args),
    }),
  );
  app.socket.registerOp('cancel', (session, args) => {
    const req = cancelOrderRequest.parse(args);
    return cancelOrder(deps, {
      userId: session.userId ?? '',
      mode: session.mode,
      orderId: req.orderId,
      clientOrderId: req.clientOrderId,
    });
  });
  app.socket.registerOp('cancel-place', (session, args) => {
    const req = cancelPlaceRequest.parse(args);
    return cancelPlace(deps, {
      userId: session.userId ?? '',
      mode: session.mode,
      cancelOrderId: req.cancelOrderId,
      req: req.order,
    });
  });
  app.socket.registerOp('query', (session, args) =>
    getOrder(
      app.db,
      session.userId ?? '',
      session.mode,
      typeof args.orderId === 'string' ? args.orderId : String(Number(args.orderId)),
    ),
  );

  const routes: FastifyPluginAsyncZod = async (r) => {
    r.post(
      '/place',
      {
        schema: {
          tags,
          summary: 'Place an order in the runtime mode',
          security: bearerSecurity,
          body: placeOrderRequest,
          response: responses(order),
        },
      },
      async (request) =>
        ok(
          await placeOrder(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            req: request.body,
          }),
        ),
    );
    r.post(
      '/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel an open order',
          security: bearerSecurity,
          body: cancelOrderRequest,
          response: responses(order),
        },
      },
      async (request) =>
        ok(
          await cancelOrder(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            ...request.body,
          }),
        ),
    );
    r.post(
      '/cancel-all',
      {
        schema: {
          tags,
          summary: 'Cancel every open order of a symbol',
          security: bearerSecurity,
          body: cancelAllRequest,
          response: responses(z.object({ cancelled: z.number().int() })),
        },
      },
      async (request) =>
        ok({
          cancelled: await cancelAll(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            symbol: request.body.symbol,
          }),
        }),
    );
    r.post(
      '/cancel-place',
      {
        schema: {
          tags,
          summary: 'Cancel an order and place another in one step',
          security: bearerSecurity,
          body: cancelPlaceRequest,
          response: responses(order),
        },
      },
      async (request) =>
        ok(
          await cancelPlace(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            cancelOrderId: request.body.cancelOrderId,
            req: request.body.order,
          }),
        ),
    );
    r.get(
      '/order/:id',
      {
        schema: {
          tags,
          summary: 'One order',
          security: bearerSecurity,
          params: z.object({ id: z.string().max(20) }),
          response: responses(order),
        },
      },
      async (request) =>
        ok(
          await getOrder(
            app.db,
            requireAuth(request).userId,
            request.runtimeMode,
            request.params.id,
          ),
        ),
    );
    r.get(
      '/open-orders',
      {
        schema: {
          tags,
          summary: 'Open orders (paged)',
          security: bearerSecurity,
          querystring: orderListQuery,
          response: responses(page(order)),
        },
      },
      async (request) =>
        ok(
          await listOrders({
            db: app.db,
            clock: app.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            open: true,
            q: request.query,
          }),
        ),
    );
    r.get(
      '/history',
      {
        schema: {
          tags,
          summary: 'Order history of the past 6 months (paged)',
          security: bearerSecurity,
          querystring: orderListQuery,
          response: responses(page(order)),
        },
      },
      async (request) =>
        ok(
          await listOrders({
            db: app.db,
            clock: app.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            open: false,
            q: request.query,
          }),
        ),
    );
    r.get(
      '/trades',
      {
        schema: {
          tags,
          summary: 'My trades of the past 6 months (paged)',
          security: bearerSecurity,
          querystring: orderListQuery,
          response: responses(page(spotTrade)),
        },
      },
      async (request) =>
        ok(
          await listMyTrades({
            db: app.db,
            clock: app.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            q: request.query,
          }),
        ),
    );
  };
  await app.register(routes, { prefix: '/v1/spot-order' });
}

export default fp(ordersPlugin, { name: 'orders', dependencies: ['infrastructure', 'socket'] });
