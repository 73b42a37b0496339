import { engineCancelReason, engineOrderStatus, selfTradePrevention } from '@exchange/contracts';
/**
 * Numeric codes the hot path uses instead of strings; they are mapped to the contract's names
 * only when events leave the engine.
 */
export const BUY = 0;
export const SELL = 1;
export type SideCode = 0 | 1;

/** Event record kinds in the EventBuffer. */
export const EV_ACCEPTED = 1;
export const EV_REJECTED = 2;
export const EV_TRADE = 3;
export const EV_STATUS = 4;
export const EV_DELTA = 5;
export const EV_STATE = 6;

/** Order status codes, indexes into STATUS_NAMES. */
export const ST_NEW = 0;
export const ST_PARTIALLY_FILLED = 1;
export const ST_FILLED = 2;
export const ST_CANCELED = 3;
export const ST_TRIGGERED = 4;
export const ST_TRAILING = 5;
export const ST_EXPIRED = 6;
export const ST_REJECTED = 7;
/** The contract's names, in code order (the enum's order is the codes' order). */
export const STATUS_NAMES = engineOrderStatus.options;

/** Cancel reason codes, indexes into REASON_NAMES (0 = none). */
export const RS_NONE = 0;
export const RS_USER = 1;
export const RS_REPLACED = 2;
export const RS_IOC_REMAINDER = 3;
export const RS_MARKET_REMAINDER = 4;
export const RS_SELF_TRADE = 5;
export const REASON_NAMES = [undefined, ...engineCancelReason.options] as const;

/** Self-trade prevention modes. */
export const STP_CANCEL_NEWEST = 0;
export const STP_CANCEL_OLDEST = 1;
export const STP_CANCEL_BOTH = 2;
export const STP_NONE = 3;
/** The taker passes over the same user's resting orders (they stay) and trades behind them. */
export const STP_SKIP_OWN = 4;
export const STP_NAMES = selfTradePrevention.options;

/** Price bounds a market order matches within: any price at all. */
export const MAX_PRICE = Number.MAX_SAFE_INTEGER;
export const MIN_PRICE = 0;
