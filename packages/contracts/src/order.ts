import { z } from 'zod';
import { moneyText } from './decimal.js';
import { text } from './text.js';
import { get, post, pathsOf } from './endpoint.js';

export const orderSide = z.enum(['BUY', 'SELL']);
export type OrderSide = z.infer<typeof orderSide>;

/** The five order types the spec offers the user. */
export const orderType = z.enum(['LIMIT', 'MARKET', 'ICEBERG', 'TRAILING', 'TRIGGER']);
export type OrderType = z.infer<typeof orderType>;

export const timeInForce = z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY']);
export type TimeInForce = z.infer<typeof timeInForce>;

/** Order statuses of spec trading-account-domain section 4, by the names the API uses. */
export const OrderStatus = {
  PENDING: 'PENDING',
  CREATED: 'CREATED',
  NEW: 'NEW',
  PARTIALLY_FILLED: 'PARTIALLY_FILLED',
  FILLED: 'FILLED',
  CANCELED: 'CANCELED',
  PARTIALLY_CANCELED: 'PARTIALLY_CANCELED',
  TRIGGERED: 'TRIGGERED',
  TRAILING: 'TRAILING',
  EXPIRED: 'EXPIRED',
  REJECTED: 'REJECTED',
  FAILED: 'FAILED',
  COMPLETED: 'COMPLETED',
  PROCESSING: 'PROCESSING',
  EXCEPTION: 'EXCEPTION',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const orderStatus = z.enum(Object.values(OrderStatus) as [OrderStatus, ...OrderStatus[]]);

/** Statuses after which an order never changes again. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'FILLED',
  'CANCELED',
  'PARTIALLY_CANCELED',
  'EXPIRED',
  'REJECTED',
  'FAILED',
  'COMPLETED',
];

/** Statuses of an order that can still trade or be cancelled (it is in "open orders"). */
export const OPEN_ORDER_STATUSES = [
  'PENDING',
  'NEW',
  'PARTIALLY_FILLED',
  'TRIGGERED',
  'TRAILING',
] as const satisfies readonly OrderStatus[];

/** Statuses of an order resting in the book at its price (a stop rests once triggered). */
export const RESTING_ORDER_STATUSES = [
  'NEW',
  'PARTIALLY_FILLED',
  'TRIGGERED',
] as const satisfies readonly OrderStatus[];

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number');

export const order = z.object({
  id: z.string(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  side: orderSide,
  type: orderType,
  timeInForce: timeInForce.nullable(),
  price: decimal.nullable(),
  amount: decimal.nullable().describe('Quantity in the base asset'),
  total: decimal.nullable().describe('Quote amount (market buy by amount)'),
  filled: decimal,
  filledTotal: decimal,
  averagePrice: decimal.nullable(),
  fee: decimal,
  feeAsset: z.string().nullable(),
  liquidity: z.enum(['MAKER', 'TAKER', 'MIXED']).nullable(),
  status: orderStatus,
  code: z
    .string()
    .nullable()
    .describe(
      'Catalogue code of why it ended early: a refusal (e.g. 3002), or 3003 for a market order that outran the book and ended part filled',
    ),
  icebergSize: decimal.nullable(),
  trailingDelta: decimal.nullable(),
  activationPrice: decimal.nullable(),
  triggerPrice: decimal.nullable(),
  triggerDirection: z.enum(['ABOVE', 'BELOW']).nullable(),
  runtimeMode: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof order>;

/** Decimals travel as strings; the service checks each rule and answers its own catalogue code. */
const decimalInput = moneyText({ format: 'bounds' });

export const placeOrderRequest = z.strictObject({
  symbol: text().max(40),
  side: orderSide,
  type: orderType,
  timeInForce: timeInForce.optional().describe('LIMIT only; default GTC'),
  price: decimalInput
    .optional()
    .describe('Limit price (LIMIT, ICEBERG; TRIGGER/TRAILING stop-limit)'),
  amount: decimalInput.optional().describe('Quantity in the base asset'),
  total: decimalInput
    .optional()
    .describe('Quote amount: market and stop-market BUY orders spend at most this'),
  icebergSize: decimalInput.optional(),
  triggerPrice: decimalInput.optional(),
  triggerDirection: z.enum(['ABOVE', 'BELOW']).optional(),
  trailingDelta: decimalInput
    .optional()
    .describe('Price distance the trigger trails the best price by'),
  activationPrice: decimalInput.optional(),
  clientOrderId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientOrderId: 1-64 letters, digits, _ or -')
    .optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const cancelOrderRequest = z.strictObject({
  orderId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  clientOrderId: text().max(64).optional(),
});
export const cancelAllRequest = z.strictObject({ symbol: text().max(40) });
export const cancelPlaceRequest = z.strictObject({
  cancelOrderId: z.string().regex(/^\d{1,18}$/),
  order: placeOrderRequest,
});

export const orderListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  symbol: text().max(40).optional(),
  side: orderSide.optional(),
  type: orderType.optional(),
  status: orderStatus.optional(),
  startTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
});

export const spotTrade = z.object({
  id: z.string(),
  symbol: z.string(),
  orderId: z.string(),
  side: orderSide,
  price: z.string(),
  amount: z.string(),
  total: z.string(),
  fee: z.string(),
  feeAsset: z.string(),
  liquidity: z.enum(['MAKER', 'TAKER']),
  createdAt: z.string(),
});
export type SpotTrade = z.infer<typeof spotTrade>;

/** A fill of one of the account's orders, pushed on the private `fills` channel as it settles. */
export const fill = spotTrade
  .omit({ id: true, createdAt: true })
  .extend({ tradeId: z.string(), ts: z.number().int() });
export type Fill = z.infer<typeof fill>;

/** The spot-order calls (REST twins of the socket's trading ops), under /v1/spot-order. */
export const SPOT_ORDER_ENDPOINTS = {
  place: post('/v1/spot-order/place'),
  cancel: post('/v1/spot-order/cancel'),
  cancelAll: post('/v1/spot-order/cancel-all'),
  cancelPlace: post('/v1/spot-order/cancel-place'),
  order: get('/v1/spot-order/order/:id'),
  openOrders: get('/v1/spot-order/open-orders'),
  history: get('/v1/spot-order/history'),
  trades: get('/v1/spot-order/trades'),
} as const;
export const SPOT_ORDER_PATHS = pathsOf(SPOT_ORDER_ENDPOINTS);
export const cancelAllResponse = z.object({ cancelled: z.number().int() });
