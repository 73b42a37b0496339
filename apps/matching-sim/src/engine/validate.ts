import { ErrorCode } from '@exchange/contracts';
import { MAX_PRICE, STP_SKIP_OWN } from './codes.js';
import {
  T_ICEBERG,
  T_LIMIT,
  T_MARKET,
  T_TRAILING,
  T_TRIGGER,
  TIF_FOK,
  TIF_IOC,
  TIF_POST_ONLY,
  type PlaceParams,
} from './place-params.js';
import type { SymbolLimits } from './symbol-engine.js';

const REQUIRED = ErrorCode.FIELD_REQUIRED_POSITIVE.code;
const BELOW_MIN_QTY = ErrorCode.QUANTITY_BELOW_MINIMUM.code;
const BELOW_MIN_NOTIONAL = ErrorCode.NOTIONAL_BELOW_MINIMUM.code;
const ICEBERG_TOO_LARGE = ErrorCode.ICEBERG_SIZE_TOO_LARGE.code;
const OUT_OF_RANGE = ErrorCode.NUMBER_OUT_OF_RANGE.code;
const ICEBERG_TOO_SMALL = ErrorCode.ICEBERG_SIZE_TOO_SMALL.code;
const FIELD_NOT_ALLOWED = ErrorCode.ORDER_FIELD_NOT_ALLOWED.code;

/**
 * Static rules of spec section 5 (fields required and positive, minimum quantity and notional,
 * iceberg size below the amount). Returns an error code of the catalogue, 0 when valid.
 * Tick and step multiples are checked where decimals become ticks and lots (toUnits).
 */
export function validatePlace(p: PlaceParams, limits: SymbolLimits): number {
  if (p.orderId <= 0 || p.userId <= 0) return REQUIRED;
  const priced = p.type === T_LIMIT || p.type === T_ICEBERG;
  if (priced && p.price <= 0) return REQUIRED;
  if (p.type === T_TRIGGER && (p.triggerPrice <= 0 || p.triggerDir < 0)) return REQUIRED;
  if (p.type === T_TRAILING && p.trailingDelta <= 0) return REQUIRED;
  // A market order, and a stop or trailing order without a limit price (it becomes one when
  // triggered), takes a quantity or a quote amount (a buy by total); every other a quantity.
  const marketLike =
    p.type === T_MARKET || ((p.type === T_TRIGGER || p.type === T_TRAILING) && p.price === 0);
  if (marketLike && p.qty > 0 === p.quote > 0) return REQUIRED;
  if (!marketLike && (p.qty <= 0 || p.quote > 0)) return REQUIRED;
  if (p.qty > 0 && p.qty < limits.minQty) return BELOW_MIN_QTY;
  if (p.quote > 0 && p.quote < limits.minNotional) return BELOW_MIN_NOTIONAL;
  // Notional must stay an exact integer: price x lots below 2^53.
  if (p.price > 0 && p.qty > 0 && p.price * p.qty > MAX_PRICE) return OUT_OF_RANGE;
  if (p.price > 0 && p.qty > 0 && p.price * p.qty < limits.minNotional) return BELOW_MIN_NOTIONAL;
  // Contradictory fields are refused, not reinterpreted: a market order cannot be
  // fill-or-kill or post-only, nor can a stop or trailing order without a limit price (it
  // becomes a market order when triggered), and only an iceberg shows part of its amount.
  if (marketLike && (p.tif === TIF_FOK || p.tif === TIF_POST_ONLY)) return FIELD_NOT_ALLOWED;
  if (p.type !== T_ICEBERG && p.visible > 0) return FIELD_NOT_ALLOWED;
  // Skipping one's own orders is for takers that never rest: resting, it would cross the book.
  const neverRests =
    p.type === T_MARKET || (p.type === T_LIMIT && (p.tif === TIF_IOC || p.tif === TIF_FOK));
  if (p.stp === STP_SKIP_OWN && !neverRests) return FIELD_NOT_ALLOWED;
  if (p.type === T_ICEBERG && (p.visible <= 0 || p.visible >= p.qty)) return ICEBERG_TOO_LARGE;
  // At most 100 slices: each refill is a book change, and a 1-lot slice of a huge order would
  // turn one command into millions of events.
  if (p.type === T_ICEBERG && (p.visible < limits.minQty || p.visible * 100 < p.qty))
    return ICEBERG_TOO_SMALL;
  return 0;
}
