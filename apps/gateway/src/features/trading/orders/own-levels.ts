import { Decimal } from 'decimal.js';
import { RESTING_ORDER_STATUSES } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';

/**
 * One side of the settled book as a user's order meets it when it passes over the user's own
 * resting orders (SKIP_OWN: Rapid Buy, Convert): each level less the visible part of the user's
 * orders resting at it on that side; levels left empty are dropped.
 */
export async function levelsOfOthers(
  db: Db,
  o: {
    mode: number;
    symbol: string;
    userId: string;
    /** The side the levels are (the asks: SELL). */
    side: 'BUY' | 'SELL';
    levels: [string, string][];
  },
): Promise<[string, string][]> {
  const own = await db.spotOrder.findMany({
    where: {
      userId: o.userId,
      mode: o.mode,
      symbol: o.symbol,
      side: o.side,
      status: { in: [...RESTING_ORDER_STATUSES] },
      price: { not: null },
    },
    select: { price: true, quantity: true, filledQuantity: true, icebergSize: true },
  });
  if (own.length === 0) return o.levels;
  const mine = new Map<string, Decimal>();
  for (const r of own) {
    const left = new Decimal(r.quantity?.toFixed() ?? 0).minus(r.filledQuantity.toFixed());
    const shown = r.icebergSize ? Decimal.min(left, r.icebergSize.toFixed()) : left;
    const key = new Decimal(r.price!.toFixed()).toFixed();
    mine.set(key, (mine.get(key) ?? new Decimal(0)).plus(Decimal.max(shown, 0)));
  }
  return o.levels.flatMap(([price, qty]): [string, string][] => {
    const left = new Decimal(qty).minus(mine.get(new Decimal(price).toFixed()) ?? 0);
    return left.gt(0) ? [[price, left.toFixed()]] : [];
  });
}
