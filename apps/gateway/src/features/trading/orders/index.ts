import type {
  Depth,
  Order,
  PlaceOrderRequest,
  RuntimeMode,
  SelfTradePrevention,
} from '@exchange/contracts';
import type { SymbolRules } from './order-rules.js';

export { tradableSymbol } from './symbol-rules.js';
export { levelsOfOthers } from './own-levels.js';
export type { SymbolRules } from './order-rules.js';

/** An order settlement committed, with its owner (what settlement's onCommitted hands over). */
export type CommittedOrders = { order: Order; userId: string }[];

/**
 * The spot order path as other features may use it (decorated as `app.orders`): place an order
 * through the one placement path (checks, freeze, engine, settlement), read the settled book,
 * and hear of the orders each committed settlement batch changed.
 */
export interface OrderPath {
  place(input: {
    userId: string;
    mode: RuntimeMode;
    req: PlaceOrderRequest;
    limitPrice?: string;
    selfTradePrevention?: SelfTradePrevention;
  }): Promise<Order>;
  /** The settled book of a symbol in a mode, best levels first. */
  depth(mode: number, symbol: string, limit?: number): Promise<Depth>;
  /** Symbol rules when it can be traded in the mode (throws the catalogue's error otherwise). */
  rules(mode: RuntimeMode, symbol: string): Promise<SymbolRules>;
  /** Called after each committed settlement batch (in the process that settles); must not throw. */
  onSettled(listener: (orders: CommittedOrders) => void): void;
}
export { toOrder } from './order-view.js';
