import { z } from 'zod';

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
