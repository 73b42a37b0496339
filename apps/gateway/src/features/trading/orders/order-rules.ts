import { Decimal } from 'decimal.js';
import {
  isMarketBuyByAmount,
  isMarketLike,
  orderRuleViolations,
  toUnits,
  type EngineOrderSpec,
  type OrderLimits,
  type PlaceOrderRequest,
  type SelfTradePrevention,
} from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';

export interface SymbolRules extends OrderLimits {
  code: string;
  baseAsset: string;
  quoteAsset: string;
  makerFeeRate: string;
  takerFeeRate: string;
  /** The engine shard holding the symbol's books (the catalogue's shard map). */
  engineShard: string;
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

/** A field the shared rules have accepted, in the engine's units of `unit`. */
function units(value: string, unit: string): number {
  const n = toUnits(new Decimal(value).toFixed(), unit);
  // The shared rules checked the multiple; only a number past the engine's range is left.
  if (n === null) throw new AppError('VALIDATION_FAILED', { issues: `${value} is out of range` });
  return n;
}

/** Quote amount in the engine's tick x lot units. */
function quoteUnits(total: Decimal, r: SymbolRules): number {
  const unit = new Decimal(r.tickSize).times(r.stepSize);
  const n = total.dividedToIntegerBy(unit);
  // Beyond 2^53 the engine's integer would be rounded: refused like any other field out of range.
  if (n.gt(Number.MAX_SAFE_INTEGER))
    throw new AppError('VALIDATION_FAILED', { issues: `${total.toFixed()} is out of range` });
  return n.toNumber();
}

/**
 * Checks a placement against the symbol's rules and turns it into the engine's integer spec
 * and the funds to freeze: a BUY freezes the quote it may spend (price x amount, or the total
 * of a market-type buy), a SELL freezes the base amount. `limitPrice` bounds a market buy by
 * total (the worst price it may fill at).
 */
export function checkOrder(
  req: PlaceOrderRequest,
  r: SymbolRules,
  market: {
    protectionPrice?: string | undefined;
    limitPrice?: string | undefined;
    /** CANCEL_NEWEST unless told (Rapid Buy skips the user's own orders: SKIP_OWN). */
    selfTradePrevention?: SelfTradePrevention | undefined;
  } = {},
): CheckedOrder {
  const [first] = orderRuleViolations(req, r);
  if (first) throw new AppError(first.error, first.params);
  const buy = req.side === 'BUY';
  const values: CheckedOrder['values'] = {};
  const spec: CheckedOrder['spec'] = {
    side: req.side,
    type: req.type,
    timeInForce:
      req.type === 'LIMIT' ? (req.timeInForce ?? 'GTC') : req.type === 'MARKET' ? 'IOC' : 'GTC',
    selfTradePrevention: market.selfTradePrevention ?? 'CANCEL_NEWEST',
    ...(req.clientOrderId ? { clientOrderId: req.clientOrderId } : {}),
  };
  const text = (v: string | undefined) => new Decimal(v ?? '0').toFixed();

  if (req.type === 'TRIGGER' && req.triggerPrice !== undefined && req.triggerDirection) {
    spec.triggerPrice = units(req.triggerPrice, r.tickSize);
    spec.triggerDirection = req.triggerDirection;
    values.triggerPrice = text(req.triggerPrice);
  }
  if (req.type === 'TRAILING' && req.trailingDelta !== undefined) {
    spec.trailingDelta = units(req.trailingDelta, r.tickSize);
    values.trailingDelta = text(req.trailingDelta);
    if (req.activationPrice !== undefined) {
      spec.activationPrice = units(req.activationPrice, r.tickSize);
      values.activationPrice = text(req.activationPrice);
    }
  }

  if (isMarketBuyByAmount(req)) {
    // Frozen at the protection price: the most it may cost. The engine fills up to that price
    // only; what is not spent is released when the order ends.
    if (market.protectionPrice === undefined) throw new AppError('NO_COUNTERPARTY');
    const qty = text(req.amount);
    const cost = new Decimal(market.protectionPrice).times(qty);
    if (cost.lt(r.minNotional))
      throw new AppError('NOTIONAL_BELOW_MINIMUM', { minNotional: r.minNotional });
    spec.quantity = units(qty, r.stepSize);
    spec.price = units(market.protectionPrice, r.tickSize);
    values.quantity = qty;
    return { spec, values, freezeAsset: r.quoteAsset, freezeAmount: cost.toFixed() };
  }

  if (isMarketLike(req) && buy) {
    // What a market-type buy will cost is unknown until it trades, so it is bounded by a total.
    const total = text(req.total);
    const quote = quoteUnits(new Decimal(total), r);
    if (quote <= 0) throw new AppError('FIELD_REQUIRED_POSITIVE', { field: 'total' });
    spec.quoteAmount = quote;
    values.quoteAmount = total;
    // A price protection of the caller's (Rapid Buy's quoted worst price and its tolerance):
    // the engine fills no higher and expires the rest, which is released when the order ends.
    if (req.type === 'MARKET' && market.limitPrice !== undefined) {
      spec.price = units(market.limitPrice, r.tickSize);
      values.price = market.limitPrice;
    }
    return { spec, values, freezeAsset: r.quoteAsset, freezeAmount: total };
  }

  const qty = text(req.amount);
  spec.quantity = units(qty, r.stepSize);
  values.quantity = qty;
  if (isMarketLike(req)) return { spec, values, freezeAsset: r.baseAsset, freezeAmount: qty };

  const price = text(req.price);
  spec.price = units(price, r.tickSize);
  values.price = price;
  if (req.type === 'ICEBERG') {
    spec.icebergVisible = units(text(req.icebergSize), r.stepSize);
    values.icebergSize = text(req.icebergSize);
  }
  return buy
    ? {
        spec,
        values,
        freezeAsset: r.quoteAsset,
        freezeAmount: new Decimal(price).times(qty).toFixed(),
      }
    : { spec, values, freezeAsset: r.baseAsset, freezeAmount: qty };
}
