import { z } from 'zod';
import { moneyText } from './decimal.js';
import { get, pathsOf, post } from './endpoint.js';
import { text } from './text.js';

/**
 * Convert (`/trade/swap`), as Binance and OKX offer it: pick two assets that trade against each
 * other, get a firm quote for a few seconds, confirm, and the exchange executes it against the
 * book at the quoted price or better (price protection: the quote's worst price is the order's
 * limit). What the book can no longer give at that price is not taken: the rest stays with the
 * user (3003), never at a worse price. Every mode; in Real mode it needs spot trading.
 */

/** How long a quote holds (ms): confirm within it, or ask again. */
export const CONVERT_QUOTE_TTL_MS = 10_000;

export const CONVERT_STATES = [
  'PROCESSING',
  'FILLED',
  'PARTIALLY_FILLED',
  'NO_COUNTERPARTY',
  'FAILED',
] as const;
export const convertState = z.enum(CONVERT_STATES);
export type ConvertState = z.infer<typeof convertState>;

/** Two assets that convert, one way or the other (a listed pair of the mode). */
export const convertPair = z.object({
  symbol: z.string(),
  base: z.string(),
  counter: z.string(),
});
export type ConvertPair = z.infer<typeof convertPair>;
export const convertPairs = z.array(convertPair);

export const convertQuoteRequest = z.strictObject({
  from: text().min(1).max(16),
  to: text().min(1).max(16),
  amount: moneyText({ format: 'bounds' }).describe('How much of `from` to convert'),
});
export type ConvertQuoteRequest = z.infer<typeof convertQuoteRequest>;

export const convertQuote = z.object({
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  /** What is converted: the amount asked for, on the pair's step (a sell) or tick (a buy). */
  fromAmount: z.string(),
  /** What the user receives at least, after the fee, if the book still holds the quote. */
  toAmount: z.string(),
  /** `to` per one `from`, on average over the book levels the quote walks. */
  price: z.string(),
  /** The worst book price the conversion takes (its protection), in the pair's own terms. */
  limitPrice: z.string(),
  fee: z.string(),
  expiresAt: z.string(),
  validForMs: z.number().int(),
});
export type ConvertQuote = z.infer<typeof convertQuote>;

export const convertConfirmRequest = z.strictObject({
  quoteId: z.string().min(1).max(64),
  clientRequestId: text().min(1).max(64),
});
export type ConvertConfirmRequest = z.infer<typeof convertConfirmRequest>;

export const convertOrder = z.object({
  id: z.string(),
  clientRequestId: z.string(),
  from: z.string(),
  to: z.string(),
  fromAmount: z.string(),
  quotedToAmount: z.string(),
  state: convertState,
  /** What left and arrived so far (the order's fills, after the fee). */
  fromSpent: z.string(),
  toReceived: z.string(),
  orderId: z.string().nullable(),
  /** The catalogue code of a failure (e.g. 3002), else null. */
  code: z.string().nullable(),
  runtimeMode: z.number().int(),
  createdAt: z.string(),
});
export type ConvertOrder = z.infer<typeof convertOrder>;

export const convertListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** Convert's calls (the runtime-mode header picks the mode). */
export const CONVERT_ENDPOINTS = {
  pairs: get('/v1/convert/pairs'),
  quote: post('/v1/convert/quote'),
  confirm: post('/v1/convert/orders'),
  list: get('/v1/convert/orders'),
  order: get('/v1/convert/orders/:id'),
} as const;
export const CONVERT_PATHS = pathsOf(CONVERT_ENDPOINTS);
