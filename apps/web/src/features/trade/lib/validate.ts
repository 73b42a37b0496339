import {
  ErrorCode,
  orderFields,
  orderRuleViolations,
  triggerDirectionFor,
  type OrderRuleField,
  type OrderShape,
  type OrderSide,
  type OrderType,
  type PlaceOrderRequest,
} from '@exchange/contracts';
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
} from '@exchange/contracts/decimal';

/** Spec trading-account-domain section 5, with the server's catalogue codes as message keys. */
export type OrderField =
  | 'price'
  | 'amount'
  | 'total'
  | 'icebergSize'
  | 'triggerPrice'
  | 'trailingDelta'
  | 'activationPrice'
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
  /** A trailing stop's optional activation price ("" for none). */
  activationPrice: string;
  /** Stop-market instead of stop-limit; a market buy by amount instead of by total. */
  shape?: OrderShape;
}

export interface SymbolRules {
  symbol: string;
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
  maxQty?: string | undefined;
  maxNotional?: string | undefined;
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

/** The fields each type, side and shape asks for (a trailing stop's activation price besides). */
export function fieldsFor(type: OrderType, side: OrderSide, shape: OrderShape = {}): OrderField[] {
  const fields = orderFields(type, side, shape).flatMap((f) => {
    const field = FIELD_OF[f];
    return field ? [field] : [];
  });
  return type === 'TRAILING' ? [...fields, 'activationPrice'] : fields;
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

export function hasErrors(errors: OrderErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export interface ValidationResult {
  errors: OrderErrors;
  /** The request to send when there are no errors. */
  request: PlaceOrderRequest | null;
}

/** The form field a rule's field is shown at (the direction follows the trigger price). */
const FIELD_OF: Partial<Record<OrderRuleField, OrderField>> = {
  price: 'price',
  amount: 'amount',
  total: 'total',
  icebergSize: 'icebergSize',
  triggerPrice: 'triggerPrice',
  triggerDirection: 'triggerPrice',
  trailingDelta: 'trailingDelta',
  activationPrice: 'activationPrice',
};

/**
 * The form's values as the request the gateway receives: the shared rules decide what is wrong
 * (the same codes and variables the gateway answers), then the balance of the paying side and,
 * for a market order, the other side of the book.
 */
export function validateOrder(
  values: OrderFormValues,
  rules: SymbolRules,
  ctx: MarketContext,
): ValidationResult {
  const request: PlaceOrderRequest = { symbol: rules.symbol, side: values.side, type: values.type };
  const asked = orderFields(values.type, values.side, values.shape);
  const given = (field: Exclude<OrderField, 'form'>) =>
    asked.includes(field) ? values[field].trim() : undefined;
  const put = (field: Exclude<OrderField, 'form'>, key: keyof PlaceOrderRequest) => {
    const v = given(field);
    if (v !== undefined) Object.assign(request, { [key]: isDecimalText(v) ? canonical(v) : v });
  };
  put('price', 'price');
  put('amount', 'amount');
  put('total', 'total');
  put('icebergSize', 'icebergSize');
  put('trailingDelta', 'trailingDelta');
  put('triggerPrice', 'triggerPrice');
  // Optional: sent only when given.
  const activation = values.type === 'TRAILING' ? values.activationPrice.trim() : '';
  if (activation !== '')
    request.activationPrice = isDecimalText(activation) ? canonical(activation) : activation;
  if (request.triggerPrice !== undefined) {
    // A stop triggers when the market moves from where it trades now (the last trade, else the
    // book) to the trigger price; with neither, the rules report the direction as missing.
    const now = ctx.lastPrice ?? ctx.bestAsk ?? ctx.bestBid;
    const direction = triggerDirectionFor(request.triggerPrice, now);
    if (direction) request.triggerDirection = direction;
  }
  if (values.type === 'LIMIT') request.timeInForce = 'GTC';
  // Every field the type asks for is sent, empty ones as "" so the rules name them.
  for (const field of asked)
    if (FIELD_OF[field] && request[field as keyof PlaceOrderRequest] === undefined)
      Object.assign(request, { [field]: '' });

  const errors: OrderErrors = {};
  for (const v of orderRuleViolations(request, rules)) {
    const field = FIELD_OF[v.field] ?? 'form';
    errors[field] ??= {
      code: String(ErrorCode[v.error].code),
      ...(Object.keys(v.params).length > 0 ? { params: v.params } : {}),
    };
  }

  // Balance of the side that pays.
  if (!hasErrors(errors)) {
    const price = dec(request.price);
    const amount = dec(request.amount);
    if (values.side === 'BUY') {
      // A market buy by amount costs about the amount at the best ask (the gateway freezes it
      // at a protection price a little above).
      const ask = dec(ctx.bestAsk);
      const cost =
        price && amount
          ? mul(price, amount)
          : amount && ask && request.total === undefined
            ? mul(ask, amount)
            : dec(request.total);
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
  return { errors: {}, request };
}

/** A decimal as the API writes it: no leading or trailing zeros beyond the value's own. */
function canonical(text: string): string {
  const d = dec(text);
  return d ? toText(d) : text;
}

/** The catalogue code of a server answer mapped onto the form field it is about. */
export function fieldOfServerCode(code: string, data: unknown): OrderField {
  const field =
    typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined;
  if (
    code === '3004' &&
    typeof field === 'string' &&
    [
      'price',
      'amount',
      'total',
      'icebergSize',
      'triggerPrice',
      'trailingDelta',
      'activationPrice',
    ].includes(field)
  ) {
    return field as OrderField;
  }
  if (code === '3005' || code === '3006' || code === '3007') return 'amount';
  // Out of range: the field the range is about (the total for a value, else the amount).
  if (code === '3011' && (field === 'total' || field === 'amount')) return field;
  if (code === '3009') return 'icebergSize';
  if (code === '3010') return 'price';
  return 'form';
}
