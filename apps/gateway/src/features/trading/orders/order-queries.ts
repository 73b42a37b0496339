import type { Order, Page, SpotTrade } from '@exchange/contracts';
import type { Db, Prisma } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { historyStart } from '../../wallet/balances/wallet-service.js';
import { OPEN_STATUSES } from './order-service.js';
import { toOrder } from './order-view.js';

export interface OrderListQuery {
  pageNum: number;
  pageSize: number;
  symbol?: string | undefined;
  side?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

function timeRange(clock: Clock, q: OrderListQuery): Prisma.DateTimeFilter {
  const earliest = historyStart(clock.date());
  if (q.startTime !== undefined && q.startTime < earliest.getTime())
    throw new AppError('HISTORY_RANGE_EXCEEDED');
  return {
    gte: q.startTime !== undefined ? new Date(q.startTime) : earliest,
    ...(q.endTime !== undefined ? { lte: new Date(q.endTime) } : {}),
  };
}

export async function getOrder(db: Db, userId: string, mode: number, id: string): Promise<Order> {
  const row = /^\d{1,18}$/.test(id)
    ? await db.spotOrder.findUnique({ where: { id: BigInt(id) } })
    : null;
  if (!row || row.userId !== userId || row.mode !== mode) throw new AppError('ORDER_NOT_FOUND');
  return toOrder(row);
}

/** Open orders (all of them in one page size) or the history of the past 6 months. */
export async function listOrders(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: number;
  open: boolean;
  q: OrderListQuery;
}): Promise<Page<Order>> {
  const { q } = opts;
  const where: Prisma.SpotOrderWhereInput = {
    userId: opts.userId,
    mode: opts.mode,
    ...(q.symbol ? { symbol: q.symbol } : {}),
    ...(q.side ? { side: q.side } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(opts.open
      ? { status: { in: OPEN_STATUSES } }
      : {
          createdAt: timeRange(opts.clock, q),
          ...(q.status ? { status: q.status } : { status: { notIn: OPEN_STATUSES } }),
        }),
  };
  return paged(q, async ({ skip, take }) =>
    (
      await opts.db.spotOrder.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
      })
    ).map(toOrder),
  );
}

/** The user's side of each trade, maker or taker. */
export async function listMyTrades(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: number;
  q: OrderListQuery;
}): Promise<Page<SpotTrade>> {
  const { q, userId } = opts;
  const createdAt = timeRange(opts.clock, q);
  return paged(q, async ({ skip, take }) => {
    const rows = await opts.db.spotTrade.findMany({
      where: {
        mode: opts.mode,
        createdAt,
        ...(q.symbol ? { symbol: q.symbol } : {}),
        OR: [{ makerUserId: userId }, { takerUserId: userId }],
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
    });
    const symbols = new Map(
      (
        await opts.db.tradingSymbol.findMany({
          select: { code: true, baseAssetCode: true, counterAssetCode: true },
        })
      ).map((s) => [s.code, s]),
    );
    return rows.map((t) => {
      const isMaker = t.makerUserId === userId && !(t.takerUserId === userId);
      const buys = isMaker ? t.takerSide === 'SELL' : t.takerSide === 'BUY';
      const s = symbols.get(t.symbol);
      return {
        id: t.id.toString(),
        symbol: t.symbol,
        orderId: (isMaker ? t.makerOrderId : t.takerOrderId).toString(),
        side: buys ? 'BUY' : 'SELL',
        price: t.price.toFixed(),
        amount: t.quantity.toFixed(),
        total: t.quoteAmount.toFixed(),
        fee: (isMaker ? t.makerFee : t.takerFee).toFixed(),
        feeAsset: (buys ? s?.baseAssetCode : s?.counterAssetCode) ?? '',
        liquidity: isMaker ? 'MAKER' : 'TAKER',
        createdAt: t.createdAt.toISOString(),
      };
    });
  });
}
