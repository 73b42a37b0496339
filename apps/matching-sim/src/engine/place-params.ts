/** Order types, time in force and trigger directions as numbers for the hot path. */
export const T_LIMIT = 0;
export const T_MARKET = 1;
export const T_ICEBERG = 2;
export const T_TRIGGER = 3;
export const T_TRAILING = 4;
export const TYPE_NAMES = ['LIMIT', 'MARKET', 'ICEBERG', 'TRIGGER', 'TRAILING'] as const;

export const TIF_GTC = 0;
export const TIF_IOC = 1;
export const TIF_FOK = 2;
export const TIF_POST_ONLY = 3;
export const TIF_NAMES = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;

export const DIR_ABOVE = 0;
export const DIR_BELOW = 1;

/**
 * One order to place, in ticks and lots; 0 means "not given". The engine's callers reuse one
 * instance per command, so placing allocates nothing.
 */
export class PlaceParams {
  orderId = 0;
  userId = 0;
  side = 0;
  type = T_LIMIT;
  tif = TIF_GTC;
  price = 0;
  qty = 0;
  quote = 0;
  visible = 0;
  triggerPrice = 0;
  triggerDir = -1;
  trailingDelta = 0;
  activationPrice = 0;
  stp = 0;

  clone(): PlaceParams {
    return Object.assign(new PlaceParams(), this);
  }

  reset(): this {
    this.orderId = this.userId = this.side = this.price = this.qty = this.quote = this.visible = 0;
    this.triggerPrice = this.trailingDelta = this.activationPrice = this.stp = 0;
    this.type = T_LIMIT;
    this.tif = TIF_GTC;
    this.triggerDir = -1;
    return this;
  }
}
