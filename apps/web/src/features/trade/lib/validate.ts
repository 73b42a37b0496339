import type { OrderSide, OrderType, PlaceOrderRequest } from '@exchange/contracts';
import {
  cmp,
  dec,
  div,
  isDecimalText,
  isMultipleOf,
  mul,
  roundToStep,
  stepDecimals,
  toFixed,
  toText,
  type Dec,
} from './decimal';

/** Spec trading-account-domain section 5, with the server's catalogue codes as message keys. */
export type OrderField =
  | 'price'
  | 'amount'
  | 'total'
  | 'icebergSize'
  | 'triggerPrice'
  | 'trailingDelta'
  | 'form';

export interface FieldError {
  /** Catalogue code: 3001 balance, 3002 counterparty, 3004 required > 0, 3006 step, 3007 min qty, 3008 min notional, 3009 iceberg, 3010 tick, 3012 format. */
  code: string;
  params?: Record<string, string>;
  /** The server's own text, used when no translation exists. */
  message?: string;
}

export interface OrderFormValues {
  type: OrderType;
  side: OrderSide;
  price: string;
  amount: string;
  total: string;
  icebergSize: string;
  triggerPrice: string;
  trailingDelta: string;
}

export interface SymbolRules {
  symbol: string;
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
  counterDecimals: number;
}

export interface MarketContext {
  availableBase: string | null;
  availableQuote: string | null;
  bestBid: string | null;
  bestAsk: string | null;
  lastPrice: string | null;
}

export type OrderErrors = Partial<Record<OrderField, FieldError | undefined>>;

/** The fields each type and side asks for. */
export function fieldsFor(type: OrderType, side: OrderSide): OrderField[] {
  switch (type) {
    case 'LIMIT':
      return ['price', 'amount'];
    case 'MARKET':
      return side === 'BUY' ? ['total'] : ['amount'];
    case 'ICEBERG':
      return ['price', 'amount', 'icebergSize'];
    case 'TRIGGER':
      return ['triggerPrice', 'price', 'amount'];
    case 'TRAILING':
      return side === 'BUY' ? ['trailingDelta', 'total'] : ['trailingDelta', 'amount'];
  }
}

/**
 * Quantity moved down to a multiple of the step size; a quantity that already is one, "" and
 * unreadable text stay as typed.
 */
export function adjustToStep(amount: string, stepSize: string): string {
  const a = dec(amount);
  const step = dec(stepSize);
  if (!a || !step || step.n <= 0n || isMultipleOf(a, step)) return amount;
  return toFixed(roundToStep(a, step, 'down'), stepDecimals(stepSize));
}

/** Quantity that `percent` of the available balance buys or sells. */
export function amountForPercent(
  percent: number,
  side: OrderSide,
  rules: SymbolRules,
  ctx: MarketContext,
  price: string,
): string {
  const pct: Dec = { n: BigInt(Math.round(percent)), scale: 2 };
  const step = dec(rules.stepSize) ?? { n: 0n, scale: 8 };
  const places = stepDecimals(rules.stepSize);
  if (side === 'SELL') {
    const base = dec(ctx.availableBase);
    if (!base) return '';
    return toFixed(roundToStep(mul(base, pct), step, 'down'), places);
  }
  const quote = dec(ctx.availableQuote);
  const p = dec(price);
  if (!quote || !p || p.n <= 0n) return '';
  const qty = div(mul(quote, pct), p, places + 2);
  return qty ? toFixed(roundToStep(qty, step, 'down'), places) : '';
}

/** Quote amount for `percent` of the available quote balance (market and trailing buys). */
export function totalForPercent(percent: number, rules: SymbolRules, ctx: MarketContext): string {
  const quote = dec(ctx.availableQuote);
  if (!quote) return '';
  return toFixed(mul(quote, { n: BigInt(Math.round(percent)), scale: 2 }), rules.counterDecimals);
}

function positive(value: string, errors: OrderErrors, field: OrderField): Dec | null {
  if (value.trim() === '') {
    errors[field] = { code: field === 'amount' ? '3005' : '3004', params: { field } };
    return null;
  }
  if (!isDecimalText(value)) {
    errors[field] = { code: '3012' };
    return null;
  }
  const d = dec(value);
  if (!d || d.n <= 0n) {
    errors[field] = { code: '3004', params: { field } };
    return null;
  }
  return d;
}

export function hasErrors(errors: OrderErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export interface ValidationResult {
  errors: OrderErrors;
  /** The request to send when there are no errors. */
  request: PlaceOrderRequest | null;
}

export function validateOrder(
  values: OrderFormValues,
  rules: SymbolRules,
  ctx: MarketContext,
): ValidationResult {
  const errors: OrderErrors = {};
  const fields = fieldsFor(values.type, values.side);
  const parsed: Partial<Record<OrderField, Dec>> = {};
  for (const field of fields) {
    const d = positive(values[field as Exclude<OrderField, 'form'>], errors, field);
    if (d) parsed[field] = d;
  }

  const tick = dec(rules.tickSize);
  for (const field of ['price', 'triggerPrice'] as const) {
    const p = parsed[field];
    if (p && tick && !isMultipleOf(p, tick))
      errors[field] = { code: '3010', params: { tickSize: rules.tickSize } };
  }

  const step = dec(rules.stepSize);
  const minQty = dec(rules.minQty);
  const amount = parsed.amount;
  if (amount) {
    if (step && !isMultipleOf(amount, step))
      errors.amount = { code: '3006', params: { stepSize: rules.stepSize } };
    else if (minQty && cmp(amount, minQty) < 0)
      errors.amount = { code: '3007', params: { minQty: rules.minQty } };
  }
  const iceberg = parsed.icebergSize;
  if (iceberg && amount) {
    if (cmp(iceberg, amount) >= 0) errors.icebergSize = { code: '3009' };
    else if (step && !isMultipleOf(iceberg, step))
      errors.icebergSize = { code: '3006', params: { stepSize: rules.stepSize } };
  }

  // Notional: price x amount for priced orders, the total for market-style buys.
  const price = parsed.price;
  const minNotional = dec(rules.minNotional);
  const notional = price && amount ? mul(price, amount) : (parsed.total ?? null);
  const notionalField: OrderField = parsed.total ? 'total' : 'amount';
  if (notional && minNotional && cmp(notional, minNotional) < 0 && !errors[notionalField]) {
    errors[notionalField] = { code: '3008', params: { minNotional: rules.minNotional } };
  }

  // Balance of the side that pays.
  if (!hasErrors(errors)) {
    if (values.side === 'BUY') {
      const cost = price && amount ? mul(price, amount) : (parsed.total ?? null);
      const have = dec(ctx.availableQuote) ?? { n: 0n, scale: 0 };
      if (cost && cmp(cost, have) > 0) errors.form = { code: '3001' };
    } else if (amount) {
      const have = dec(ctx.availableBase) ?? { n: 0n, scale: 0 };
      if (cmp(amount, have) > 0) errors.form = { code: '3001' };
    }
  }

  // A market order needs someone on the other side.
  if (!errors.form && values.type === 'MARKET') {
    const other = values.side === 'BUY' ? ctx.bestAsk : ctx.bestBid;
    if (!other) errors.form = { code: '3002' };
  }

  if (hasErrors(errors)) return { errors, request: null };

  const request: PlaceOrderRequest = { symbol: rules.symbol, side: values.side, type: values.type };
  if (parsed.price) request.price = toText(parsed.price);
  if (parsed.amount) request.amount = toText(parsed.amount);
  if (parsed.total) request.total = toText(parsed.total);
  if (parsed.icebergSize) request.icebergSize = toText(parsed.icebergSize);
  if (parsed.trailingDelta) request.trailingDelta = toText(parsed.trailingDelta);
  if (parsed.triggerPrice) {
    request.triggerPrice = toText(parsed.triggerPrice);
    const last = dec(ctx.lastPrice);
    request.triggerDirection = last && cmp(parsed.triggerPrice, last) < 0 ? 'BELOW' : 'ABOVE';
  }
  if (values.type === 'LIMIT') request.timeInForce = 'GTC';
  return { errors: {}, request };
}

/** The catalogue code of a server answer mapped onto the form field it is about. */
export function fieldOfServerCode(code: string, data: unknown): OrderField {
  const field =
    typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined;
  if (
    code === '3004' &&
    typeof field === 'string' &&
    ['price', 'amount', 'total', 'icebergSize', 'triggerPrice', 'trailingDelta'].includes(field)
  ) {
    return field as OrderField;
  }
  if (code === '3005' || code === '3006' || code === '3007') return 'amount';
  if (code === '3009') return 'icebergSize';
  if (code === '3010') return 'price';
  return 'form';
}
