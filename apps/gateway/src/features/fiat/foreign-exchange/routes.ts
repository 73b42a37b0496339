import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FOREIGN_EXCHANGE_ENDPOINTS as E,
  foreignExchange,
  foreignExchangeExportQuery,
  foreignExchangeQuery,
  fxConfirmRequest,
  fxCurrency,
  fxQuote,
  fxQuoteRequest,
  ok,
  page,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import type { ForeignExchanges } from './fx-service.js';

const tags = ['fiat: foreign exchange'];
const idParams = z.object({ id: z.uuid() });

/** Foreign exchange under /v1/fiat/fx (contracts foreign-exchange.ts FOREIGN_EXCHANGE_ENDPOINTS). */
export function foreignExchangeRoutes(fx: ForeignExchanges): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      E.currencies.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The fiat currencies that can be exchanged, with your available balance',
          response: responses(z.array(fxCurrency)),
        },
      },
      async (request) => ok(await fx.currencies(requireAuth(request).userId, request.runtimeMode)),
    );
    app.post(
      E.quotes.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'A quote: rate (spread included, no fee), amount received, valid for seconds',
          body: fxQuoteRequest,
          response: responses(fxQuote),
        },
      },
      async (request) =>
        ok(await fx.quote(requireAuth(request).userId, request.runtimeMode, request.body)),
    );
    app.post(
      E.exchange.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Confirm a quote (idempotent on clientRequestId): frozen, settles in ~30 min',
          body: fxConfirmRequest,
          response: responses(foreignExchange),
        },
      },
      async (request) =>
        ok(await fx.confirm(requireAuth(request).userId, request.runtimeMode, request.body)),
    );
    app.get(
      E.exchanges.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Foreign exchanges of the past 6 months, newest first (paged)',
          querystring: foreignExchangeQuery,
          response: responses(page(foreignExchange)),
        },
      },
      async (request) =>
        ok(await fx.list(requireAuth(request).userId, request.runtimeMode, request.query)),
    );
    app.get(
      E.exchangesExport.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The foreign exchanges with the same filters as CSV',
          querystring: foreignExchangeExportQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const csv = await fx.csv(requireAuth(request).userId, request.runtimeMode, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="foreign-exchange.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
    app.get(
      E.exchangeById.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One foreign exchange',
          params: idParams,
          response: responses(foreignExchange),
        },
      },
      async (request) =>
        ok(await fx.get(requireAuth(request).userId, request.runtimeMode, request.params.id)),
    );
  };
}
