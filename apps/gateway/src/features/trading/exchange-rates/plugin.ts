import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { exchangeRateRoutes } from './routes.js';

/** Reference exchange rates from the price feed, under /v1/external-market-data. */
async function exchangeRates(app: FastifyInstance): Promise<void> {
  await app.register(exchangeRateRoutes);
}

export default fp(exchangeRates, {
  name: 'trading/exchange-rates',
  dependencies: ['infrastructure'],
});
