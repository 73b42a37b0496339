import { Decimal } from 'decimal.js';
import { parseRuntimeMode, type Order } from '@exchange/contracts';
import { notify, type NotifyDeps } from './notify.js';

/**
 * ORDER_FILLED notices, coalesced to one per order: settlement hands over the orders each
 * committed batch changed, and an order is noticed once, when it ends with something filled
 * (FILLED; or cancelled or expired after a partial fill, PARTIALLY_CANCELED). Fills before that
 * are already live on the `fills` and `order` channels; a notice per fill would bury the inbox
 * under a market maker's crumbs. The dedupe key is the order id, so a batch settled again after a
 * restart notices nothing twice. The house accounts (isHouse: the market makers) get no notices.
 * At most MAX_PENDING batches wait behind a slow insert; past that a batch's notices are dropped
 * (and logged) rather than holding settlement's memory without bound.
 */
const MAX_PENDING = 1_000;

export function orderNotices(
  deps: NotifyDeps,
): (orders: { order: Order; userId: string }[]) => void {
  const simulated = new Map<string, boolean>();
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;

  const isSimulated = async (userId: string): Promise<boolean> => {
    const known = simulated.get(userId);
    if (known !== undefined) return known;
    const user = await deps.db.user.findUnique({
      where: { id: userId },
      select: { isHouse: true },
    });
    const value = !user || user.isHouse;
    if (simulated.size > 10_000) simulated.clear();
    simulated.set(userId, value);
    return value;
  };

  const handle = async (orders: { order: Order; userId: string }[]) => {
    for (const { order, userId } of orders) {
      const status = noticeStatus(order);
      if (!status || (await isSimulated(userId))) continue;
      await notify(deps, {
        userId,
        type: 'ORDER_FILLED',
        dedupeKey: `order:${order.id}`,
        params: {
          orderId: order.id,
          symbol: order.symbol,
          side: order.side,
          mode: parseRuntimeMode(order.runtimeMode),
          status,
          quantity: order.amount ?? order.filled,
          filledQuantity: order.filled,
          averagePrice: order.averagePrice,
        },
      });
    }
  };

  return (orders) => {
    if (!orders.some(({ order }) => noticeStatus(order))) return;
    if (pending >= MAX_PENDING) {
      deps.log?.warn({ orders: orders.length }, 'order notices dropped: too many batches waiting');
      return;
    }
    pending++;
    // In batch order, off the settlement path: a slow insert never holds up the next batch.
    chain = chain
      .then(() => handle(orders))
      .catch((err: unknown) => deps.log?.warn({ err }, 'order notices failed'))
      .finally(() => pending--);
  };
}

function noticeStatus(order: Order): 'FILLED' | 'PARTIALLY_CANCELED' | null {
  if (order.status === 'FILLED') return 'FILLED';
  const ended = ['PARTIALLY_CANCELED', 'CANCELED', 'EXPIRED'].includes(order.status);
  return ended && new Decimal(order.filled).gt(0) ? 'PARTIALLY_CANCELED' : null;
}
