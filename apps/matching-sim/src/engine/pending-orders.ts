import { BUY } from './codes.js';
import { DIR_ABOVE, T_TRAILING, type PlaceParams } from './place-params.js';

/** A stop or trailing order waiting for the last trade price to reach it. */
export interface PendingOrder {
  params: PlaceParams;
  /** Trailing: activated, and the best last price seen since (highest for a sell). */
  active: boolean;
  extreme: number;
}

/**
 * Trailing orders follow the last trade price: a sell's trigger sits trailingDelta below the
 * highest price since activation and fires when the price falls back to it (a buy mirrors
 * this). Without an activation price the order is active from the first known price.
 * Returns true when the order became active now.
 */
export function followPrice(o: PendingOrder, last: number): boolean {
  const p = o.params;
  if (p.type !== T_TRAILING || last < 0) return false;
  if (!o.active) {
    const reached =
      p.activationPrice === 0 ||
      (p.side === BUY ? last <= p.activationPrice : last >= p.activationPrice);
    if (!reached) return false;
    o.active = true;
    o.extreme = last;
    return true;
  }
  o.extreme = p.side === BUY ? Math.min(o.extreme, last) : Math.max(o.extreme, last);
  return false;
}

/** Whether the order fires at last trade price `last`. */
export function fires(o: PendingOrder, last: number): boolean {
  if (last < 0) return false;
  const p = o.params;
  if (p.type === T_TRAILING) {
    if (!o.active) return false;
    return p.side === BUY
      ? last >= o.extreme + p.trailingDelta
      : last <= o.extreme - p.trailingDelta;
  }
  return p.triggerDir === DIR_ABOVE ? last >= p.triggerPrice : last <= p.triggerPrice;
}
