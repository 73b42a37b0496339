import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXCHANGE_RATES_KEY, MARKET_DATA_ENDPOINTS, exchangeRates, ok } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { responses } from '../../../lib/route-schemas.js';

/** Reference exchange rates, under /v1/external-market-data. */
export const exchangeRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MARKET_DATA_ENDPOINTS.exchangeRates.path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['market-data'],
        summary: 'Exchange rates against HKD per 100 units (live on the exchangeRate channel)',
        response: responses(exchangeRates),
      },
    },
    async () => {
      const raw = await app.redis.commands.get(EXCHANGE_RATES_KEY);
      const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
      if (!parsed?.success) throw new AppError('SYSTEM_BUSY');
      return ok(parsed.data);
    },
  );
};
