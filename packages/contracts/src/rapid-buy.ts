import { z } from 'zod';
import { moneyText } from './decimal.js';
import { RAPID_BUY_PAIR } from './constants.js';
import { pageQuery } from './paging.js';
import { text } from './text.js';
import { get, post, fillPath } from './endpoint.js';

/**
 * Rapid Buy (/rapidBuy, spec trading-account-domain sections 1, 2, 5, 8): spend US dollars,
 * receive USDT. The "AI matching" of the spec is a walk of the live ask side of the USDT_USD book
 * of the user's runtime mode; confirming places a market buy by quote amount (IOC) with a price
 * protection through the spot order path, so the ledger and the book stay the one truth.
 */
export const RAPID_BUY_ENDPOINTS = {
  /** The catalogue's pair and whether it is offered in the mode. */
  info: get('/v1/rapid-buy/info'),
  /** ?usdAmount=: the walk of the live book for that spend. */
  quote: get('/v1/rapid-buy/quote'),
  buy: post('/v1/rapid-buy/orders'),
  /** The history (paged). */
  orders: get('/v1/rapid-buy/orders'),
  order: get('/v1/rapid-buy/orders/:id'),
  export: get('/v1/rapid-buy/orders/export'),
} as const;
const RB = RAPID_BUY_ENDPOINTS;
export const RAPID_BUY_PATHS = {
  info: RB.info.path,
  quote: RB.quote.path,
  orders: RB.orders.path,
  order: (id: string) => fillPath(RB.order.path, { id }),
  export: RB.export.path,
} as const;

/** The symbol Rapid Buy trades on: base USDT, counter USD (RAPID_BUY_PAIR). */
export const RAPID_BUY_SYMBOL = `${RAPID_BUY_PAIR.to}_${RAPID_BUY_PAIR.from}`;

/**
 * The price protection of a confirmed purchase: it may fill up to the quoted worst price plus
 * this fraction (0.5 %), rounded up to the tick, never higher; what is left beyond it is
 * returned to the user when the order ends.
 */
export const RAPID_BUY_PRICE_TOLERANCE = '0.005';
/** Ask levels the quote walks at most (the depth the trade screen's book shows). */
export const RAPID_BUY_QUOTE_LEVELS = 50;
/** The page asks for a new quote this long after the last keystroke. */
export const RAPID_BUY_QUOTE_DEBOUNCE_MS = 300;
/** Decimals of the spend (the counter asset's). */
export const RAPID_BUY_USD_DECIMALS = 2;

export const RAPID_BUY_STATES = [
  'PROCESSING',
  'FILLED',
  'PARTIALLY_FILLED',
  'NO_COUNTERPARTY',
  'FAILED',
] as const;
export const rapidBuyState = z.enum(RAPID_BUY_STATES);
export type RapidBuyState = z.infer<typeof rapidBuyState>;
export const RAPID_BUY_FINAL: readonly RapidBuyState[] = [
  'FILLED',
  'PARTIALLY_FILLED',
  'NO_COUNTERPARTY',
  'FAILED',
];

/** A spend: a positive number of dollars with at most 2 decimals. */
export const rapidBuyUsdAmount = moneyText({
  decimals: RAPID_BUY_USD_DECIMALS,
  formatMessage: 'a number of dollars with at most 2 decimals',
});

export const rapidBuyInfo = z.object({
  /** Whether Rapid Buy can be used in the mode (the pair and both assets offered). */
  available: z.boolean(),
  symbol: z.string(),
  spendAsset: z.string(),
  receiveAsset: z.string(),
  /** The smallest spend (the symbol's minimum notional). */
  minSpend: z.string(),
  tickSize: z.string(),
  stepSize: z.string(),
  /** The taker fee rate the order pays (taken from the USDT received); Rapid Buy adds none. */
  feeRate: z.string(),
  /** Under operator maintenance: its message. */
  maintenance: z.string().nullable(),
});
export type RapidBuyInfo = z.infer<typeof rapidBuyInfo>;

export const rapidBuyQuoteQuery = z.object({ usdAmount: rapidBuyUsdAmount });

export const rapidBuyQuote = z.object({
  symbol: z.string(),
  /** What was asked to spend. */
  usdAmount: z.string(),
  /** What the book lets the order spend (all of it, or less when the book ends first). */
  usdFilled: z.string(),
  /** The USDT bought before the fee, in whole steps. */
  usdtGross: z.string(),
  fee: z.string(),
  /** The USDT received: gross less the fee, rounded down to the step. */
  usdtReceived: z.string(),
  /** usdFilled / usdtGross, 8 decimals, rounded up; null when nothing fills. */
  averagePrice: z.string().nullable(),
  bestPrice: z.string().nullable(),
  worstPrice: z.string().nullable(),
  /** The protection price a confirmation would carry (worst price + tolerance, to the tick). */
  limitPrice: z.string().nullable(),
  /** Ask levels (orders at one price) the purchase takes from. */
  levels: z.number().int(),
  /** The book covers the whole amount; false: only usdFilled fills ("exceeds max supply"). */
  covered: z.boolean(),
  /** The ask side is empty: no counterparty, choose a limit order. */
  noCounterparty: z.boolean(),
  /** The USD left unspent (returned when the order ends). */
  usdUnspent: z.string(),
});
export type RapidBuyQuote = z.infer<typeof rapidBuyQuote>;

export const rapidBuyRequest = z.strictObject({
  clientRequestId: text().min(1).max(64),
  usdAmount: rapidBuyUsdAmount,
});
export type RapidBuyRequest = z.infer<typeof rapidBuyRequest>;

export const rapidBuy = z.object({
  id: z.string(),
  clientRequestId: z.string(),
  mode: z.number().int(),
  symbol: z.string(),
  usdRequested: z.string(),
  orderId: z.string().nullable(),
  /** What the quote at confirmation showed. */
  quotedPrice: z.string().nullable(),
  quotedAmount: z.string().nullable(),
  limitPrice: z.string().nullable(),
  /** What the order did: dollars spent, USDT received (after the fee), the fee. */
  usdFilled: z.string(),
  usdtReceived: z.string(),
  fee: z.string(),
  averagePrice: z.string().nullable(),
  /** Dollars returned by the order's unfreeze (requested - filled) once final. */
  usdReturned: z.string(),
  state: rapidBuyState,
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RapidBuy = z.infer<typeof rapidBuy>;

const historyFilters = {
  state: rapidBuyState.optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional(),
};
export const rapidBuyQuery = pageQuery.extend(historyFilters);
export type RapidBuyQuery = z.infer<typeof rapidBuyQuery>;
export const rapidBuyExportQuery = z.object(historyFilters);
export const rapidBuyIdParams = z.object({ id: z.uuid() });
