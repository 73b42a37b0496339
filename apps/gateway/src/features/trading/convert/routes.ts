import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERT_ENDPOINTS,
  convertConfirmRequest,
  convertListQuery,
  convertOrder,
  convertPairs as convertPairList,
  convertQuote,
  convertQuoteRequest,
  ok,
  page,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import {
  confirmConvert,
  convertPairs,
  getConvert,
  listConverts,
  quoteConvert,
  type ConvertDeps,
} from './convert-service.js';

const tags = ['convert'];

/** Convert under /v1/convert (contracts convert.ts CONVERT_ENDPOINTS). */
export function convertRoutes(deps: ConvertDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CONVERT_ENDPOINTS.pairs.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The pairs that convert in the runtime mode (each both ways)',
          response: responses(convertPairList),
        },
      },
      async (request) => ok(await convertPairs(deps, request.runtimeMode)),
    );
    app.post(
      CONVERT_ENDPOINTS.quote.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'A firm quote for converting an amount, held for a few seconds',
          body: convertQuoteRequest,
          response: responses(convertQuote),
        },
      },
      async (request) =>
        ok(
          await quoteConvert(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            req: request.body,
          }),
        ),
    );
    app.post(
      CONVERT_ENDPOINTS.confirm.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Confirm a quote within its time: executed against the book at it or better',
          body: convertConfirmRequest,
          response: responses(convertOrder),
        },
      },
      async (request) =>
        ok(
          await confirmConvert(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            req: request.body,
          }),
        ),
    );
    app.get(
      CONVERT_ENDPOINTS.list.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: "The account's conversions in the runtime mode, newest first",
          querystring: convertListQuery,
          response: responses(page(convertOrder)),
        },
      },
      async (request) =>
        ok(
          await listConverts(deps, requireAuth(request).userId, request.runtimeMode, request.query),
        ),
    );
    app.get(
      CONVERT_ENDPOINTS.order.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One conversion with its state',
          params: z.object({ id: z.string().max(64) }),
          response: responses(convertOrder),
        },
      },
      async (request) =>
        ok(
          await getConvert(
            deps,
            requireAuth(request).userId,
            request.runtimeMode,
            request.params.id,
          ),
        ),
    );
  };
}
