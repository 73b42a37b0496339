import {
  cmp,
  dec,
  div,
  exceedsMoneyMax,
  isDecimalText,
  MONEY_MAX,
  isMultipleOf,
  mul,
  roundToStep,
  stepDecimals,
  toFixed,
  type Dec,
} from './decimal.js';
import type { ErrorName } from './errors.js';
import type { OrderType, PlaceOrderRequest } from './order.js';

/**
 * The placement rules of spec trading-account-domain section 5, once for the gateway (which
 * refuses the first violation) and the order form (which shows each field's): the same checks,
 * the same catalogue codes, the same message variables.
 */
export interface OrderLimits {
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
  /** The most one order may carry, in the base asset; absent: only the money bound. */
  maxQty?: string | undefined;
  /** The most one order may be worth, in the quote asset; absent: only the money bound. */
  maxNotional?: string | undefined;
}

/** How the form sizes and executes an order: the API's shapes of each type. */
export interface OrderShape {
  /** A stop (TRIGGER) that executes at the market once triggered, instead of at a limit price. */
  market?: boolean;
  /** A market buy sized by an amount of the base asset, instead of by the total it spends. */
  byAmount?: boolean;
}

export type OrderRuleField =
  | 'price'
  | 'amount'
  | 'total'
  | 'icebergSize'
  | 'triggerPrice'
  | 'triggerDirection'
  | 'trailingDelta'
  | 'activationPrice'
  | 'timeInForce';

/** Fields only some order types carry; another type carrying one is refused, not reinterpreted. */
const ONLY_FOR: Partial<Record<keyof PlaceOrderRequest, readonly OrderType[]>> = {
  icebergSize: ['ICEBERG'],
  triggerPrice: ['TRIGGER'],
  triggerDirection: ['TRIGGER'],
  trailingDelta: ['TRAILING'],
  activationPrice: ['TRAILING'],
};

export interface OrderRuleViolation {
  field: OrderRuleField;
  error: ErrorName;
  params: Record<string, string>;
}

const HUNDRED: Dec = { n: 100n, scale: 0 };

/** Market-type orders trade at whatever the book offers; a buy is then bounded by its total. */
export function isMarketLike(req: Pick<PlaceOrderRequest, 'type' | 'price'>): boolean {
  return (
    req.type === 'MARKET' ||
    ((req.type === 'TRIGGER' || req.type === 'TRAILING') && req.price === undefined)
  );
}

/** A market buy sized by an amount of the base asset rather than by the quote total. */
export function isMarketBuyByAmount(
  req: Pick<PlaceOrderRequest, 'type' | 'side' | 'amount' | 'total'>,
): boolean {
  return (
    req.type === 'MARKET' &&
    req.side === 'BUY' &&
    req.total === undefined &&
    req.amount !== undefined
  );
}

/**
 * The fields a placement of this type and side carries (the form asks for these). A trailing
 * stop's activation price is optional and not listed: the form offers it apart.
 */
export function orderFields(
  type: OrderType,
  side: 'BUY' | 'SELL',
  shape: OrderShape = {},
): OrderRuleField[] {
  switch (type) {
    case 'LIMIT':
      return ['price', 'amount'];
    case 'MARKET':
      return side === 'BUY' && !shape.byAmount ? ['total'] : ['amount'];
    case 'ICEBERG':
      return ['price', 'amount', 'icebergSize'];
    case 'TRIGGER':
      if (shape.market)
        return side === 'BUY' ? ['triggerPrice', 'total'] : ['triggerPrice', 'amount'];
      return ['triggerPrice', 'price', 'amount'];
    case 'TRAILING':
      return side === 'BUY' ? ['trailingDelta', 'total'] : ['trailingDelta', 'amount'];
  }
}

/** Which way the market must move from its last price to reach a trigger price. */
export function triggerDirectionFor(
  triggerPrice: string,
  lastPrice: string | null,
): 'ABOVE' | 'BELOW' | null {
  const trigger = dec(triggerPrice);
  const last = dec(lastPrice);
  if (!trigger || !last) return null;
  return cmp(trigger, last) < 0 ? 'BELOW' : 'ABOVE';
}

/**
 * Every rule the placement breaks, in the order the gateway checks them (at most one per field):
 * an empty list means the order may be placed as far as the symbol's rules go (balances and the
 * book are checked where they are known).
 */
export function orderRuleViolations(
  req: PlaceOrderRequest,
  limits: OrderLimits,
): OrderRuleViolation[] {
  const out: OrderRuleViolation[] = [];
  const fail = (field: OrderRuleField, error: ErrorName, params: Record<string, string> = {}) => {
    if (!out.some((v) => v.field === field)) out.push({ field, error, params });
  };
  const tick = dec(limits.tickSize);
  const step = dec(limits.stepSize);
  const minQty = dec(limits.minQty);
  const minNotional = dec(limits.minNotional);
  const maxQty = limits.maxQty ? dec(limits.maxQty) : null;
  const maxNotional = limits.maxNotional ? dec(limits.maxNotional) : null;
  /** The allowed range of a quantity (3011), as the form shows it. */
  const qtyRange = { min: limits.minQty, max: limits.maxQty ?? MONEY_MAX };
  const notionalRange = { min: limits.minNotional, max: limits.maxNotional ?? MONEY_MAX };

  /** A field that must be present and above zero. */
  const positive = (field: OrderRuleField, value: string | undefined): Dec | null => {
    if (value === undefined || value.trim() === '') {
      fail(field, field === 'amount' ? 'QUANTITY_REQUIRED' : 'FIELD_REQUIRED_POSITIVE', { field });
      return null;
    }
    if (!isDecimalText(value)) {
      fail(field, 'INVALID_NUMBER_FORMAT', { field });
      return null;
    }
    const d = dec(value);
    if (!d || d.n <= 0n) {
      fail(field, 'FIELD_REQUIRED_POSITIVE', { field });
      return null;
    }
    return d;
  };
  const priced = (field: OrderRuleField, value: string | undefined): Dec | null => {
    const d = positive(field, value);
    if (d && tick && !isMultipleOf(d, tick)) {
      fail(field, 'PRICE_TICK_SIZE', { field, tickSize: limits.tickSize });
      return null;
    }
    return d;
  };
  const sized = (field: OrderRuleField, value: string | undefined): Dec | null => {
    const d = positive(field, value);
    if (!d) return null;
    if (step && !isMultipleOf(d, step)) {
      fail(field, 'QUANTITY_STEP_SIZE', { stepSize: limits.stepSize });
      return null;
    }
    if (minQty && cmp(d, minQty) < 0) {
      fail(field, 'QUANTITY_BELOW_MINIMUM', { minQty: limits.minQty });
      return null;
    }
    if (maxQty && cmp(d, maxQty) > 0) {
      fail(field, 'NUMBER_OUT_OF_RANGE', { field, ...qtyRange });
      return null;
    }
    return d;
  };
  const aboveNotional = (value: Dec) =>
    (maxNotional !== null && cmp(value, maxNotional) > 0) || exceedsMoneyMax(value);
  const belowNotional = (value: Dec) => minNotional !== null && cmp(value, minNotional) < 0;

  for (const [field, types] of Object.entries(ONLY_FOR))
    if (req[field as keyof PlaceOrderRequest] !== undefined && !types.includes(req.type))
      fail(field as OrderRuleField, 'ORDER_FIELD_NOT_ALLOWED', { field });
  // Time in force is a limit order's choice; a market order is immediate-or-cancel by nature.
  if (
    req.timeInForce !== undefined &&
    req.type !== 'LIMIT' &&
    !(req.type === 'MARKET' && req.timeInForce === 'IOC')
  )
    fail('timeInForce', 'ORDER_FIELD_NOT_ALLOWED', { field: 'timeInForce' });

  if (req.type === 'TRIGGER') {
    priced('triggerPrice', req.triggerPrice);
    if (!req.triggerDirection)
      fail('triggerDirection', 'VALIDATION_FAILED', {
        issues: 'triggerDirection is required (ABOVE or BELOW)',
      });
  }
  if (req.type === 'TRAILING') {
    priced('trailingDelta', req.trailingDelta);
    if (req.activationPrice !== undefined) priced('activationPrice', req.activationPrice);
  }

  const marketLike = isMarketLike(req);
  // A market buy is sized by the quote it may spend, or by an amount (the gateway then freezes
  // the amount at a protection price above the best ask and refuses fills beyond it).
  if (isMarketBuyByAmount(req)) {
    sized('amount', req.amount);
    return out;
  }
  if (marketLike && req.side === 'BUY') {
    const total = positive('total', req.total);
    if (total && belowNotional(total))
      fail('total', 'NOTIONAL_BELOW_MINIMUM', { minNotional: limits.minNotional });
    else if (total && aboveNotional(total))
      fail('total', 'NUMBER_OUT_OF_RANGE', { field: 'total', ...notionalRange });
    return out;
  }

  const amount = sized('amount', req.amount);
  if (marketLike) return out;
  const price = priced('price', req.price);
  if (price && amount && belowNotional(mul(price, amount)))
    fail('amount', 'NOTIONAL_BELOW_MINIMUM', { minNotional: limits.minNotional });
  // Price x amount is what a buy freezes: it stays within the symbol's maximum and the money
  // bound of every column.
  if (price && amount && aboveNotional(mul(price, amount)))
    fail('amount', 'NUMBER_OUT_OF_RANGE', { field: 'total', ...notionalRange });
  if (req.type === 'ICEBERG') {
    const visible = sized('icebergSize', req.icebergSize);
    if (visible && amount && cmp(visible, amount) >= 0)
      fail('icebergSize', 'ICEBERG_SIZE_TOO_LARGE');
    // At most 100 slices (the engine refuses thinner ones): 1/100 of the amount, on the step.
    const hundredth = amount ? div(amount, HUNDRED, 12) : null;
    const least = hundredth && step ? roundToStep(hundredth, step, 'up') : null;
    if (visible && least && cmp(visible, least) < 0)
      fail('icebergSize', 'ICEBERG_SIZE_TOO_SMALL', {
        minIcebergSize: toFixed(least, stepDecimals(limits.stepSize)),
      });
  }
  return out;
}
