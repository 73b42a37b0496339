import { Decimal } from 'decimal.js';
import { toUnits, type EngineOrderSpec, type PlaceOrderRequest } from '@exchange/contracts';
import { AppError } from '../../lib/app-error.js';

export interface SymbolRules {
  code: string;
  baseAsset: string;
  quoteAsset: string;
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
  makerFeeRate: string;
  takerFeeRate: string;
}

export interface CheckedOrder {
  spec: Omit<EngineOrderSpec, 'orderId'>;
  /** Decimal fields to store on the order. */
  values: {
    price?: string;
    quantity?: string;
    quoteAmount?: string;
    icebergSize?: string;
    triggerPrice?: string;
    trailingDelta?: string;
    activationPrice?: string;
  };
  freezeAsset: string;
  freezeAmount: string;
}

const NUMBER = /^\d+(\.\d+)?$/;

/** A field that must be present and above zero (spec section 5). */
function positive(field: string, value: string | undefined): Decimal {
  if (value === undefined || value.trim() === '')
    throw new AppError('FIELD_REQUIRED_POSITIVE', { field });
  if (!NUMBER.test(value.trim())) throw new AppError('INVALID_NUMBER_FORMAT', { field });
  const d = new Decimal(value.trim());
  if (d.lte(0)) throw new AppError('FIELD_REQUIRED_POSITIVE', { field });
  return d;
}

function ticks(
  field: string,
  value: string | undefined,
  r: SymbolRules,
): { units: number; text: string } {
  const d = positive(field, value);
  const units = toUnits(d.toFixed(), r.tickSize);
  if (units === null) throw new AppError('PRICE_TICK_SIZE', { field, tickSize: r.tickSize });
  return { units, text: d.toFixed() };
}

function lots(
  field: string,
  value: string | undefined,
  r: SymbolRules,
): { units: number; text: string } {
  if (value === undefined || value.trim() === '') throw new AppError('QUANTITY_REQUIRED');
  const d = positive(field, value);
  const units = toUnits(d.toFixed(), r.stepSize);
  if (units === null) throw new AppError('QUANTITY_STEP_SIZE', { stepSize: r.stepSize });
  if (d.lt(r.minQty)) throw new AppError('QUANTITY_BELOW_MINIMUM', { minQty: r.minQty });
  return { units, text: d.toFixed() };
}

/** Quote amount in the engine's tick x lot units. */
function quoteUnits(total: Decimal, r: SymbolRules): number {
  const unit = new Decimal(r.tickSize).times(r.stepSize);
  return total.dividedToIntegerBy(unit).toNumber();
}

/**
 * Checks a placement against the symbol's rules and turns it into the engine's integer spec
 * and the funds to freeze: a BUY freezes the quote it may spend (price x amount, or the total
 * of a market-type buy), a SELL freezes the base amount.
 */
export function checkOrder(req: PlaceOrderRequest, r: SymbolRules): CheckedOrder {
  const buy = req.side === 'BUY';
  const marketLike =
    req.type === 'MARKET' ||
    ((req.type === 'TRIGGER' || req.type === 'TRAILING') && req.price === undefined);
  const values: CheckedOrder['values'] = {};
  const spec: CheckedOrder['spec'] = {
    side: req.side,
    type: req.type,
    timeInForce:
      req.type === 'LIMIT' ? (req.timeInForce ?? 'GTC') : req.type === 'MARKET' ? 'IOC' : 'GTC',
    selfTradePrevention: 'CANCEL_NEWEST',
    ...(req.clientOrderId ? { clientOrderId: req.clientOrderId } : {}),
  };

  if (req.type === 'TRIGGER') {
    const t = ticks('triggerPrice', req.triggerPrice, r);
    if (!req.triggerDirection)
      throw new AppError('VALIDATION_FAILED', {
        issues: 'triggerDirection is required (ABOVE or BELOW)',
      });
    spec.triggerPrice = t.units;
    spec.triggerDirection = req.triggerDirection;
    values.triggerPrice = t.text;
  }
  if (req.type === 'TRAILING') {
    const delta = ticks('trailingDelta', req.trailingDelta, r);
    spec.trailingDelta = delta.units;
    values.trailingDelta = delta.text;
    if (req.activationPrice !== undefined) {
      const a = ticks('activationPrice', req.activationPrice, r);
      spec.activationPrice = a.units;
      values.activationPrice = a.text;
    }
  }

  if (marketLike && buy) {
    // What a market-type buy will cost is unknown until it trades, so it is bounded by a total.
    const total = positive('total', req.total);
    if (total.lt(r.minNotional))
      throw new AppError('NOTIONAL_BELOW_MINIMUM', { minNotional: r.minNotional });
    const units = quoteUnits(total, r);
    if (units <= 0) throw new AppError('FIELD_REQUIRED_POSITIVE', { field: 'total' });
    spec.quoteAmount = units;
    values.quoteAmount = total.toFixed();
    return { spec, values, freezeAsset: r.quoteAsset, freezeAmount: total.toFixed() };
  }

  const qty = lots('amount', req.amount, r);
  spec.quantity = qty.units;
  values.quantity = qty.text;
  if (marketLike) return { spec, values, freezeAsset: r.baseAsset, freezeAmount: qty.text };

  const price = ticks('price', req.price, r);
  spec.price = price.units;
  values.price = price.text;
  const notional = new Decimal(price.text).times(qty.text);
  if (notional.lt(r.minNotional))
    throw new AppError('NOTIONAL_BELOW_MINIMUM', { minNotional: r.minNotional });
  if (req.type === 'ICEBERG') {
    const visible = lots('icebergSize', req.icebergSize, r);
    if (new Decimal(visible.text).gte(qty.text)) throw new AppError('ICEBERG_SIZE_TOO_LARGE');
    spec.icebergVisible = visible.units;
    values.icebergSize = visible.text;
  }
  return buy
    ? { spec, values, freezeAsset: r.quoteAsset, freezeAmount: notional.toFixed() }
    : { spec, values, freezeAsset: r.baseAsset, freezeAmount: qty.text };
}
