import { Decimal } from 'decimal.js';
import { parseRuntimeMode, type Order } from '@exchange/contracts';
import { notifyMany, type NotifyDeps } from './notify.js';

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

  /** The house's accounts and unknown users get no notices; unknown users are read in one go. */
  const simulatedOf = async (userIds: string[]): Promise<Map<string, boolean>> => {
    const ids = [...new Set(userIds)];
    const missing = ids.filter((id) => !simulated.has(id));
    const rows = missing.length
      ? await deps.db.user.findMany({
          where: { id: { in: missing } },
          select: { id: true, isHouse: true },
        })
      : [];
    const house = new Map(rows.map((u) => [u.id, u.isHouse]));
    const out = new Map(ids.map((id) => [id, simulated.get(id) ?? house.get(id) ?? true]));
    if (simulated.size + missing.length > 10_000) simulated.clear();
    for (const id of missing) simulated.set(id, out.get(id) ?? true);
    return out;
  };

  /** One batch's notices with one notifyMany (a fixed number of statements per batch). */
  const handle = async (orders: { order: Order; userId: string }[]) => {
    const noticed = orders.flatMap(({ order, userId }) => {
      const status = noticeStatus(order);
      return status ? [{ order, userId, status }] : [];
    });
    const isSimulated = await simulatedOf(noticed.map((n) => n.userId));
    await notifyMany(
      deps,
      noticed
        .filter(({ userId }) => isSimulated.get(userId) === false)
        .map(({ order, userId, status }) => ({
          userId,
          type: 'ORDER_FILLED' as const,
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
        })),
    );
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
