import { z } from 'zod';
import { moneyText } from './decimal.js';
import { pageQuery } from './paging.js';
import { text } from './text.js';
import { get, post, fillPath } from './endpoint.js';

/**
 * Foreign exchange between two fiat currencies of the catalogue (/foreignExchange; spec
 * trading-account-domain sections 1, 2, 4, 6, 9): a quote at the feed's cross rate less the
 * spread, confirmed within its validity; the sold amount is frozen at once and the exchange
 * settles about 30 minutes later at the quoted rate. Real mode only, identity-verified users
 * (permission FOREIGN_EXCHANGE). Advertised free: no fee line, the spread is the price.
 */
export const FOREIGN_EXCHANGE_ENDPOINTS = {
  /** The fiat currencies that can be exchanged, with the available balance of each. */
  currencies: get('/v1/fiat/fx/currencies'),
  /** A quote, valid FX_QUOTE_TTL_SECONDS (15 by default). */
  quotes: post('/v1/fiat/fx/quotes'),
  /** Confirm a quote. */
  exchange: post('/v1/fiat/fx/exchanges'),
  /** The history (paged, filtered). */
  exchanges: get('/v1/fiat/fx/exchanges'),
  exchangesExport: get('/v1/fiat/fx/exchanges/export'),
  exchangeById: get('/v1/fiat/fx/exchanges/:id'),
} as const;
const FX = FOREIGN_EXCHANGE_ENDPOINTS;
export const FOREIGN_EXCHANGE_PATHS = {
  currencies: FX.currencies.path,
  quotes: FX.quotes.path,
  exchanges: FX.exchanges.path,
  exchangesExport: FX.exchangesExport.path,
  exchange: (id: string) => fillPath(FX.exchangeById.path, { id }),
} as const;

/**
 * The exchange's spread off the feed's mid rate, in its favour: the user gets
 * mid x (1 - 0.003) of the to-currency per unit sold. There is no fee on top.
 */
export const FX_SPREAD = '0.003';
/** The quoted rate keeps this many decimals, rounded down (in the exchange's favour). */
export const FX_RATE_DECIMALS = 8;
/**
 * The quoted rate from the feed's rates (HKD per 100 units of each; HKD itself is 100):
 * mid = hkdPer100(from) / hkdPer100(to), rate = mid x (1 - FX_SPREAD) rounded down to
 * FX_RATE_DECIMALS; received = amount x rate rounded DOWN to the to-currency's decimals.
 * The gateway's quote computes them (decimal.js); the page shows what it answers.
 */

/**
 * PROCESSING (the sold amount frozen, until settleAt) -> COMPLETED (the sold amount left, the
 * bought amount arrived, at the quoted rate) | REFUNDED (settlement could not happen: the
 * currency was withdrawn from the catalogue; the sold amount is back).
 */
export const FOREIGN_EXCHANGE_STATES = ['PROCESSING', 'COMPLETED', 'REFUNDED'] as const;
export const foreignExchangeState = z.enum(FOREIGN_EXCHANGE_STATES);
export type ForeignExchangeState = z.infer<typeof foreignExchangeState>;

const amount = moneyText();
const code = z.string().regex(/^[A-Z]{3,10}$/, 'must be a currency code');

export const fxCurrency = z.object({
  code: z.string(),
  name: z.string(),
  sign: z.string().nullable(),
  decimals: z.number().int(),
  available: z.string(),
});
export type FxCurrency = z.infer<typeof fxCurrency>;

export const fxQuoteRequest = z.strictObject({
  from: code,
  to: code,
  /** What is sold, in the from-currency (at most its decimals). */
  amount,
});
export type FxQuoteRequest = z.infer<typeof fxQuoteRequest>;

export const fxQuote = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  /** To-currency per 1 from-currency (the spread applied), and the feed's mid rate. */
  rate: z.string(),
  midRate: z.string(),
  spread: z.string(),
  receive: z.string(),
  /** Always 0: the service is free. */
  fee: z.string(),
  /** The available balance of the from-currency when quoted. */
  available: z.string(),
  expiresAt: z.string(),
  ttlSeconds: z.number().int(),
  /**
   * Real milliseconds the quote stays valid from this answer (the TTL on the exchange's clock
   * scale): what the page counts down.
   */
  validForMs: z.number().int(),
  /** When it would settle if confirmed now. */
  estimatedSettleAt: z.string(),
});
export type FxQuote = z.infer<typeof fxQuote>;

export const fxConfirmRequest = z.strictObject({
  quoteId: z.string().min(1).max(64),
  clientRequestId: text().min(1).max(64),
});
export type FxConfirmRequest = z.infer<typeof fxConfirmRequest>;

export const foreignExchange = z.object({
  id: z.string(),
  clientRequestId: z.string(),
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  sellAmount: z.string(),
  receiveAmount: z.string(),
  rate: z.string(),
  midRate: z.string(),
  status: foreignExchangeState,
  reason: z.string().nullable(),
  settleAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ForeignExchange = z.infer<typeof foreignExchange>;

const historyFilters = {
  from: code.optional(),
  to: code.optional(),
  status: foreignExchangeState.optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional().describe('Epoch ms'),
};
export const foreignExchangeQuery = pageQuery.extend(historyFilters);
export type ForeignExchangeQuery = z.infer<typeof foreignExchangeQuery>;
export const foreignExchangeExportQuery = z.object(historyFilters);
export type ForeignExchangeExportQuery = z.infer<typeof foreignExchangeExportQuery>;
