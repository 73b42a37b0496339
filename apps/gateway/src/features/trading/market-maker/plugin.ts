import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EXCHANGE_RATES_KEY, exchangeRates, RuntimeMode } from '@exchange/contracts';
import { enabledOutsideProduction } from '../../../config/env.js';
import { backfillChartHistory } from '../market-data/chart-history.js';
import { simulatedBankTreasury } from './house-bank.js';
import { MarketMaker } from './market-maker.js';
import { marketSeed } from './seed.js';
import { simulatedChainTreasury } from './treasury.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated market (house market makers and taker flow); runs when MARKET_MAKERS. */
    marketMaker: MarketMaker;
  }
}

/**
 * The simulated market: the house market makers on the order path, funded (REAL_MARKET_MAKERS)
 * by the chain's and the bank's treasuries, started with the chart history of books that have
 * none when MARKET_MAKERS is set.
 */
async function marketMakers(app: FastifyInstance): Promise<void> {
  const marketMaker = new MarketMaker(app.spotOrders.deps, {
    intervalMs: app.env.MARKET_MAKER_INTERVAL_MS,
    levels: app.env.MARKET_MAKER_LEVELS,
    seed: marketSeed(app.env),
    log: app.log,
    real: enabledOutsideProduction(app.env, app.env.REAL_MARKET_MAKERS)
      ? {
          adapters: app.chain.deps.adapters,
          source: simulatedChainTreasury({
            baseUrl: app.env.CHAIN_API_URL,
            secret: app.env.CHAIN_CALLBACK_SECRET,
          }),
          bank: {
            deps: app.fiatBank.deps,
            source: simulatedBankTreasury({
              baseUrl: app.env.BANK_API_URL,
              secret: app.env.BANK_CALLBACK_SECRET,
            }),
          },
        }
      : undefined,
  });
  app.decorate('marketMaker', marketMaker);
  let history: Promise<unknown> = Promise.resolve();
  if (app.env.MARKET_MAKERS)
    app.addHook('onReady', async () => {
      marketMaker.start();
      // The chart history of books that have none, beside the first rounds of quotes: Real's
      // first (a visitor lands there), the other modes' once Real's books are quoted.
      const real = marketMaker.modes.filter((m) => m === RuntimeMode.REAL);
      const others = marketMaker.modes.filter((m) => m !== RuntimeMode.REAL);
      history = backfillFromFeed(app, real)
        .then(() => marketMaker.realQuoted)
        .then(() => backfillFromFeed(app, others))
        .catch((err: unknown) => app.log.warn({ err }, 'chart history not backfilled'));
    });
  app.addHook('onClose', async () => {
    await history;
    await marketMaker.stop();
  });
}

/** Simulated chart history (market-data/chart-history.ts) from the feed's latest rates. */
async function backfillFromFeed(app: FastifyInstance, modes: RuntimeMode[]): Promise<void> {
  const raw = await app.redis.commands.get(EXCHANGE_RATES_KEY).catch(() => null);
  const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
  const started = Date.now();
  const r = await backfillChartHistory({
    db: app.db,
    now: app.clock.date(),
    days: app.env.CHART_HISTORY_DAYS,
    seed: marketSeed(app.env),
    modes,
    rates: parsed?.success ? parsed.data.rates : undefined,
  });
  if (r.books) app.log.info({ ...r, ms: Date.now() - started }, 'chart history backfilled');
}

export default fp(marketMakers, {
  name: 'trading/market-maker',
  dependencies: ['infrastructure', 'trading/orders', 'wallet/crypto-deposit', 'fiat/fiat-bank'],
});
