import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MARKET_DATA_ENDPOINTS,
  asset,
  candle,
  candlesQuery,
  chartHistory,
  coinInfoQuery,
  depth,
  depthQuery,
  marketTrade,
  ok,
  symbolQuery,
  ticker,
  tradesQuery,
  volumeStats as volumeStatsSchema,
} from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { responses } from '../../../lib/route-schemas.js';
import {
  availableAssets,
  availableSymbols,
  publicConfig,
} from '../../platform/catalogue/catalogue-service.js';
import { liveMarketCap } from './market-cap.js';
import type { DepthStore } from './depth-store.js';
import { candles, recentTrades, tickers, volumeStats } from './market-queries.js';
import { simulatedHistory, withSimulated } from './chart-history.js';

const tags = ['market-data'];

/** Public market data of the request's runtime mode, under /v1/market-data. */
export function marketDataRoutes(store: DepthStore): FastifyPluginAsyncZod {
  return async (app) => {
    async function offered(mode: 0 | 1 | 2, symbol: string): Promise<string> {
      const symbols = await availableSymbols({ db: app.db, mode });
      if (!symbols.some((s) => s.code === symbol)) throw new AppError('SYMBOL_NOT_AVAILABLE');
      return symbol;
    }

    app.get(
      MARKET_DATA_ENDPOINTS.depth.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Order book snapshot with its sequence',
          querystring: depthQuery,
          response: responses(depth),
        },
      },
      async (request) =>
        ok(
          await store.snapshot(
            request.runtimeMode,
            await offered(request.runtimeMode, request.query.symbol),
            request.query.limit,
          ),
        ),
    );
    app.get(
      MARKET_DATA_ENDPOINTS.trades.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Recent trades, newest first',
          querystring: tradesQuery,
          response: responses(z.array(marketTrade)),
        },
      },
      async (request) =>
        ok(
          await recentTrades(
            app.db,
            request.runtimeMode,
            await offered(request.runtimeMode, request.query.symbol),
            request.query.limit,
          ),
        ),
    );
    app.get(
      MARKET_DATA_ENDPOINTS.tickers.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: '24h tickers of every symbol of the mode',
          response: responses(z.array(ticker)),
        },
      },
      async (request) => {
        const symbols = (await availableSymbols({ db: app.db, mode: request.runtimeMode })).map(
          (s) => s.code,
        );
        return ok(await tickers(app.db, request.runtimeMode, symbols, app.clock.date()));
      },
    );
    app.get(
      MARKET_DATA_ENDPOINTS.candles.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Candles (1m to 1M) over a time range',
          querystring: candlesQuery,
          response: responses(z.array(candle)),
        },
      },
      async (request) => {
        const q = request.query;
        const end = new Date(q.endTime ?? app.clock.now() + 1);
        const start = new Date(q.startTime ?? 0);
        const symbol = await offered(request.runtimeMode, q.symbol);
        const range = { start, end, limit: q.limit };
        const live = await candles(app.db, request.runtimeMode, symbol, q.interval, range);
        return ok(
          await withSimulated(app.db, request.runtimeMode, symbol, q.interval, range, live),
        );
      },
    );
    app.get(
      MARKET_DATA_ENDPOINTS.chartHistory.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Where the simulated part of a chart ends',
          querystring: symbolQuery,
          response: responses(chartHistory),
        },
      },
      async (request) =>
        ok(
          await simulatedHistory(
            app.db,
            request.runtimeMode,
            await offered(request.runtimeMode, request.query.symbol),
          ),
        ),
    );
    app.get(
      MARKET_DATA_ENDPOINTS.stats.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Traded volume over 24h, 7d and 30d',
          querystring: symbolQuery,
          response: responses(volumeStatsSchema),
        },
      },
      async (request) =>
        ok(
          await volumeStats(
            app.db,
            request.runtimeMode,
            await offered(request.runtimeMode, request.query.symbol),
            app.clock.date(),
          ),
        ),
    );
  };
}

/** Coin information, under /v1/symbol. */
export const symbolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MARKET_DATA_ENDPOINTS.coinInfo.path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['symbol'],
        summary: 'Coin-info card of an asset',
        description:
          'marketCap is live: circulating supply x the last traded price in the main fiat (directly or ' +
          'through one bridge such as ETH_USDT x USDT_USD), to two places; before any trade in the mode ' +
          'it is the catalogue reference figure.',
        querystring: coinInfoQuery,
        response: responses(asset),
      },
    },
    async (request) => {
      const found = (await availableAssets({ db: app.db, mode: request.runtimeMode })).find(
        (a) => a.code === request.query.asset,
      );
      if (!found) throw new AppError('ASSET_NOT_AVAILABLE');
      const [{ mainFiat }, symbols] = await Promise.all([
        publicConfig({ db: app.db }),
        availableSymbols({ db: app.db, mode: request.runtimeMode }),
      ]);
      const marketCap = await liveMarketCap({
        db: app.db,
        mode: request.runtimeMode,
        asset: found,
        mainFiat,
        symbols,
        now: app.clock.date(),
      });
      return ok({ ...found, marketCap });
    },
  );
};
