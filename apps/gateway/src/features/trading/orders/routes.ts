import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SPOT_ORDER_ENDPOINTS,
  cancelAllRequest,
  cancelOrderRequest,
  cancelPlaceRequest,
  ok,
  order,
  orderListQuery,
  page,
  placeOrderRequest,
  spotTrade,
  text,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { getOrder, listMyTrades, listOrders } from './order-queries.js';
import {
  cancelAll,
  cancelOrder,
  cancelPlace,
  placeOrder,
  type OrderDeps,
} from './order-service.js';

const tags = ['spot-order'];

/** Spot orders over REST, under /v1/spot-order. */
export const orderRoutes =
  (deps: OrderDeps): FastifyPluginAsyncZod =>
  async (r) => {
    r.post(
      SPOT_ORDER_ENDPOINTS.place.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Place an order in the runtime mode',
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
      SPOT_ORDER_ENDPOINTS.cancel.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Cancel an open order',
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
      SPOT_ORDER_ENDPOINTS.cancelAll.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Cancel every open order of a symbol',
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
      SPOT_ORDER_ENDPOINTS.cancelPlace.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Cancel an order and place another in one step',
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
      SPOT_ORDER_ENDPOINTS.order.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One order',
          params: z.object({ id: text().max(20) }),
          response: responses(order),
        },
      },
      async (request) =>
        ok(
          await getOrder(
            deps.db,
            requireAuth(request).userId,
            request.runtimeMode,
            request.params.id,
          ),
        ),
    );
    r.get(
      SPOT_ORDER_ENDPOINTS.openOrders.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Open orders (paged)',
          querystring: orderListQuery,
          response: responses(page(order)),
        },
      },
      async (request) =>
        ok(
          await listOrders({
            db: deps.db,
            clock: deps.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            open: true,
            q: request.query,
          }),
        ),
    );
    r.get(
      SPOT_ORDER_ENDPOINTS.history.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Order history of the past 6 months (paged)',
          querystring: orderListQuery,
          response: responses(page(order)),
        },
      },
      async (request) =>
        ok(
          await listOrders({
            db: deps.db,
            clock: deps.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            open: false,
            q: request.query,
          }),
        ),
    );
    r.get(
      SPOT_ORDER_ENDPOINTS.trades.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'My trades of the past 6 months (paged)',
          querystring: orderListQuery,
          response: responses(page(spotTrade)),
        },
      },
      async (request) =>
        ok(
          await listMyTrades({
            db: deps.db,
            clock: deps.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            q: request.query,
          }),
        ),
    );
  };
