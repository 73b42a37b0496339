import { z } from 'zod';
import { text } from './text.js';
import { get, pathsOf } from './endpoint.js';

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export const candleInterval = z.enum(CANDLE_INTERVALS);
export type CandleInterval = z.infer<typeof candleInterval>;

/** Seconds of the fixed-length intervals; weeks (from Monday) and months follow the calendar. */
export const CANDLE_SECONDS: Partial<Record<CandleInterval, number>> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
};

/** When the candle of `interval` that holds the instant `at` opened (UTC; weeks start on Monday). */
export function candleStart(interval: CandleInterval, at: Date): Date {
  const secs = CANDLE_SECONDS[interval];
  if (secs) return new Date(Math.floor(at.getTime() / (secs * 1000)) * secs * 1000);
  if (interval === '1w')
    return new Date(
      Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7)),
    );
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

const symbol = text().max(40);

/** [price, amount] as decimal strings, best first. */
export const depthLevel = z.tuple([z.string(), z.string()]);
export const depth = z.object({
  symbol: z.string(),
  /** Increments on the socket carry the next numbers; a gap means: fetch a new snapshot. */
  seq: z.number().int(),
  bids: z.array(depthLevel),
  asks: z.array(depthLevel),
});
export type Depth = z.infer<typeof depth>;
export const depthQuery = z.object({
  symbol,
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const depthIncrement = z.object({
  symbol: z.string(),
  seq: z.number().int(),
  side: z.enum(['BUY', 'SELL']),
  price: z.string(),
  /** Resting amount now at the price; "0" removes the level. */
  amount: z.string(),
});
export type DepthIncrement = z.infer<typeof depthIncrement>;

export const bestAskBid = z.object({
  symbol: z.string(),
  bid: depthLevel.nullable(),
  ask: depthLevel.nullable(),
});

export const marketTrade = z.object({
  id: z.string(),
  price: z.string(),
  amount: z.string(),
  side: z.enum(['BUY', 'SELL']).describe("The taker's side"),
  ts: z.number().int(),
});
export type MarketTrade = z.infer<typeof marketTrade>;
export const tradesQuery = z.object({
  symbol,
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const ticker = z.object({
  symbol: z.string(),
  last: z.string().nullable(),
  open: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  change: z.string().nullable(),
  changePercent: z.string().nullable(),
  volume: z.string().describe('Base volume of the past 24 hours'),
  quoteVolume: z.string(),
  trades: z.number().int(),
});
export type Ticker = z.infer<typeof ticker>;

export const candle = z.object({
  openTime: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string(),
  quoteVolume: z.string(),
  trades: z.number().int(),
});
export type Candle = z.infer<typeof candle>;

/**
 * A book's chart history: candles before `simulatedUntil` (ms, exclusive) were drawn from the
 * price feed's model when the exchange started, not traded; null when the book has none.
 */
export const chartHistory = z.object({
  symbol: z.string(),
  simulatedSince: z.number().int().nullable(),
  simulatedUntil: z.number().int().nullable(),
});
export type ChartHistory = z.infer<typeof chartHistory>;
export const candlesQuery = z.object({
  symbol,
  interval: candleInterval,
  startTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const volumeStats = z.object({
  symbol: z.string(),
  volume24h: z.string(),
  quoteVolume24h: z.string(),
  volume7d: z.string(),
  quoteVolume7d: z.string(),
  volume30d: z.string(),
  quoteVolume30d: z.string(),
});
export type VolumeStats = z.infer<typeof volumeStats>;
export const symbolQuery = z.object({ symbol });
export const coinInfoQuery = z.object({ asset: text().max(16) });

/**
 * Reference exchange rates from the price feed: HKD per 100 units of each asset (spec: rates
 * are per 100 units against HKD). REST `/v1/external-market-data/public/exchange-rates` and the
 * socket's `exchangeRate` channel carry the same body.
 */
export const exchangeRates = z.object({
  /** When the feed published these rates (ms since the epoch). */
  ts: z.number().int(),
  quote: z.literal('HKD'),
  units: z.literal(100),
  rates: z
    .record(z.string(), z.string())
    .describe('HKD per 100 units of each asset, as decimal strings'),
});
export type ExchangeRates = z.infer<typeof exchangeRates>;
/** The public market-data calls of the mode in the runtime-mode header. */
export const MARKET_DATA_ENDPOINTS = {
  depth: get('/v1/market-data/public/depth'),
  trades: get('/v1/market-data/public/trades'),
  tickers: get('/v1/market-data/public/tickers'),
  candles: get('/v1/market-data/public/candles'),
  stats: get('/v1/market-data/public/stats'),
  chartHistory: get('/v1/market-data/public/chart-history'),
  coinInfo: get('/v1/symbol/public/coin-info'),
  exchangeRates: get('/v1/external-market-data/public/exchange-rates'),
} as const;
export const MARKET_DATA_PATHS = pathsOf(MARKET_DATA_ENDPOINTS);
export const EXCHANGE_RATES_PATH = MARKET_DATA_ENDPOINTS.exchangeRates.path;
/** Where the price feed leaves its latest rates in Redis (a connection's key prefix applies). */
export const EXCHANGE_RATES_KEY = 'market:exchange-rates';
