import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RAPID_BUY_ENDPOINTS,
  ok,
  page,
  rapidBuy,
  rapidBuyExportQuery,
  rapidBuyIdParams,
  rapidBuyInfo,
  rapidBuyQuery,
  rapidBuyQuote,
  rapidBuyQuoteQuery,
  rapidBuyRequest,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import {
  confirmRapidBuy,
  getRapidBuy,
  listRapidBuys,
  quoteRapidBuy,
  rapidBuyCsv,
  rapidBuyInfo as infoOf,
  type RapidBuyDeps,
} from './rapid-buy-service.js';

const tags = ['rapid buy'];

/** Rapid Buy under /v1/rapid-buy (contracts rapid-buy.ts RAPID_BUY_PATHS). */
export function rapidBuyRoutes(deps: RapidBuyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      RAPID_BUY_ENDPOINTS.info.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Whether Rapid Buy (USD to USDT) is offered in the runtime mode',
          response: responses(rapidBuyInfo),
        },
      },
      async (request) => ok(await infoOf(deps, request.runtimeMode)),
    );
    app.get(
      RAPID_BUY_ENDPOINTS.quote.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'What a spend of usdAmount buys now: a walk of the live USDT_USD asks',
          querystring: rapidBuyQuoteQuery,
          response: responses(rapidBuyQuote),
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        return ok(await quoteRapidBuy(deps, request.runtimeMode, request.query.usdAmount, userId));
      },
    );
    app.post(
      RAPID_BUY_ENDPOINTS.buy.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Buy USDT for usdAmount USD now (a protected market buy through the order path)',
          body: rapidBuyRequest,
          response: responses(rapidBuy),
        },
      },
      async (request) =>
        ok(
          await confirmRapidBuy(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            req: request.body,
          }),
        ),
    );
    app.get(
      RAPID_BUY_ENDPOINTS.orders.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'My Rapid Buys of the past 6 months, newest first (paged)',
          querystring: rapidBuyQuery,
          response: responses(page(rapidBuy)),
        },
      },
      async (request) =>
        ok(
          await listRapidBuys(
            deps,
            requireAuth(request).userId,
            request.runtimeMode,
            request.query,
          ),
        ),
    );
    app.get(
      RAPID_BUY_ENDPOINTS.export.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'My Rapid Buys with the same filters as CSV',
          querystring: rapidBuyExportQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const csv = await rapidBuyCsv(
          deps,
          requireAuth(request).userId,
          request.runtimeMode,
          request.query,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="rapid-buy.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
    app.get(
      RAPID_BUY_ENDPOINTS.order.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One Rapid Buy',
          params: rapidBuyIdParams,
          response: responses(rapidBuy),
        },
      },
      async (request) =>
        ok(
          await getRapidBuy(
            deps,
            requireAuth(request).userId,
            request.runtimeMode,
            request.params.id,
          ),
        ),
    );
  };
}
