import type { EngineOrderSpec } from '@exchange/contracts';
import { BUY, SELL, STP_NAMES } from './codes.js';
import { DIR_ABOVE, DIR_BELOW, TIF_NAMES, TYPE_NAMES, type PlaceParams } from './place-params.js';

/**
 * Fills the reusable PlaceParams from a contract order; absent numbers become 0. Only the
 * fields the order has are read (a walk over its own keys): asking an object for each of the
 * many fields a spec may lack cost more than matching the order. The clientOrderId, not a
 * number, goes to `named` when given.
 */
export function toParams(
  p: PlaceParams,
  o: EngineOrderSpec,
  userId: number,
  named?: { clientOrderId: string | undefined },
): PlaceParams {
  p.reset();
  p.userId = userId;
  p.side = SELL;
  p.type = -1;
  p.tif = -1;
  p.stp = -1;
  const spec = o as unknown as Record<string, unknown>;
  for (const key in spec) {
    const v = spec[key];
    switch (key) {
      case 'orderId':
        p.orderId = v as number;
        break;
      case 'clientOrderId':
        if (named !== undefined) named.clientOrderId = v as string | undefined;
        break;
      case 'side':
        p.side = v === 'BUY' ? BUY : SELL;
        break;
      case 'type':
        p.type = TYPE_NAMES.indexOf(v as EngineOrderSpec['type']);
        break;
      case 'timeInForce':
        p.tif = TIF_NAMES.indexOf(v as EngineOrderSpec['timeInForce']);
        break;
      case 'price':
        p.price = (v as number | undefined) ?? 0;
        break;
      case 'quantity':
        p.qty = (v as number | undefined) ?? 0;
        break;
      case 'quoteAmount':
        p.quote = (v as number | undefined) ?? 0;
        break;
      case 'icebergVisible':
        p.visible = (v as number | undefined) ?? 0;
        break;
      case 'triggerPrice':
        p.triggerPrice = (v as number | undefined) ?? 0;
        break;
      case 'triggerDirection':
        p.triggerDir = v === undefined ? -1 : v === 'ABOVE' ? DIR_ABOVE : DIR_BELOW;
        break;
      case 'trailingDelta':
        p.trailingDelta = (v as number | undefined) ?? 0;
        break;
      case 'activationPrice':
        p.activationPrice = (v as number | undefined) ?? 0;
        break;
      case 'selfTradePrevention':
        p.stp = STP_NAMES.indexOf(v as EngineOrderSpec['selfTradePrevention']);
        break;
    }
  }
  return p;
}
