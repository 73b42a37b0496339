import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOGUE_ENDPOINTS,
  asset,
  blockListItem,
  ok,
  publicConfig as publicConfigSchema,
  tradingSymbol,
} from '@exchange/contracts';
import { responses } from '../../../lib/route-schemas.js';
import { availableAssets, availableSymbols, publicConfig } from './catalogue-service.js';

const tags = ['catalogue'];
const modeNote = "Filtered to what the request's Runtime-Mode (header, default 0 Real) offers.";

/** Public catalogues under /v1/common. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CATALOGUE_ENDPOINTS.assets.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Asset catalogue',
        description: modeNote,
        response: responses(z.array(asset)),
      },
    },
    async (request) => ok(await availableAssets({ db: app.db, mode: request.runtimeMode })),
  );

  app.get(
    CATALOGUE_ENDPOINTS.symbols.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Spot symbol catalogue',
        description: modeNote,
        response: responses(z.array(tradingSymbol)),
      },
    },
    async (request) => ok(await availableSymbols({ db: app.db, mode: request.runtimeMode })),
  );

  app.get(
    CATALOGUE_ENDPOINTS.configs.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Main and common fiat, languages',
        response: responses(publicConfigSchema),
      },
    },
    async () => ok(await publicConfig({ db: app.db })),
  );

  app.get(
    CATALOGUE_ENDPOINTS.blocklist.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Endpoints currently denied',
        response: responses(z.array(blockListItem)),
      },
    },
    async () => ok([...app.blockList.items()]),
  );
};
