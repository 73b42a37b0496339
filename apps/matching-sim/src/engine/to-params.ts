import type { EngineOrderSpec } from '@exchange/contracts';
import { BUY, SELL, STP_NAMES } from './codes.js';
import { DIR_ABOVE, DIR_BELOW, TIF_NAMES, TYPE_NAMES, type PlaceParams } from './place-params.js';

/** Fills the reusable PlaceParams from a contract order; absent numbers become 0. */
export function toParams(p: PlaceParams, o: EngineOrderSpec, userId: number): PlaceParams {
  p.reset();
  p.orderId = o.orderId;
  p.userId = userId;
  p.side = o.side === 'BUY' ? BUY : SELL;
  p.type = TYPE_NAMES.indexOf(o.type);
  p.tif = TIF_NAMES.indexOf(o.timeInForce);
  p.price = o.price ?? 0;
  p.qty = o.quantity ?? 0;
  p.quote = o.quoteAmount ?? 0;
  p.visible = o.icebergVisible ?? 0;
  p.triggerPrice = o.triggerPrice ?? 0;
  p.triggerDir =
    o.triggerDirection === undefined ? -1 : o.triggerDirection === 'ABOVE' ? DIR_ABOVE : DIR_BELOW;
  p.trailingDelta = o.trailingDelta ?? 0;
  p.activationPrice = o.activationPrice ?? 0;
  p.stp = STP_NAMES.indexOf(o.selfTradePrevention);
  return p;
}
