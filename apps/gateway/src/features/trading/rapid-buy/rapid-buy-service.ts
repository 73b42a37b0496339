import { Decimal } from 'decimal.js';
import {
  KycPermission,
  QUERY_HISTORY_MONTHS,
  RAPID_BUY_FINAL,
  RAPID_BUY_PAIR,
  RAPID_BUY_PRICE_TOLERANCE,
  RAPID_BUY_QUOTE_LEVELS,
  RAPID_BUY_SYMBOL,
  RuntimeMode,
  FINAL_ORDER_STATUSES,
  type Order,
  type Page,
  type RapidBuy,
  type RapidBuyInfo,
  type RapidBuyQuery,
  type RapidBuyQuote,
  type RapidBuyRequest,
  type RapidBuyState,
} from '@exchange/contracts';
import type { RapidBuy as Row } from '../../../db/generated/client.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { assertAccountOpen, requirePermission } from '../../../lib/permissions.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  levelsOfOthers,
  toOrder,
  type CommittedOrders,
  type OrderPath,
  type SymbolRules,
} from '../orders/index.js';
import type { Fanout } from '../../platform/socket/fanout.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import { csvRow } from '../../wallet/reports/csv.js';

export interface RapidBuyDeps {
  db: Db;
  clock: Clock;
  orders: OrderPath;
  fanout: Fanout;
  log: FastifyBaseLogger;
}

/** The client order id of a purchase's market order: how settlement's batches are recognised. */
const ORDER_PREFIX = 'rapid-';
const clientOrderIdOf = (id: string) => `${ORDER_PREFIX}${id}`;

export function toRapidBuy(r: Row): RapidBuy {
  const final = (RAPID_BUY_FINAL as readonly string[]).includes(r.state);
  return {
    id: r.id,
    clientRequestId: r.clientRequestId,
    mode: r.mode,
    symbol: r.symbol,
    usdRequested: r.usdRequested.toFixed(),
    orderId: r.orderId === null ? null : r.orderId.toString(),
    quotedPrice: r.quotedPrice?.toFixed() ?? null,
    quotedAmount: r.quotedAmount?.toFixed() ?? null,
    limitPrice: r.limitPrice?.toFixed() ?? null,
    usdFilled: r.usdFilled.toFixed(),
    usdtReceived: r.usdtReceived.toFixed(),
    fee: r.fee.toFixed(),
    averagePrice: r.averagePrice?.toFixed() ?? null,
    usdReturned: final ? r.usdRequested.minus(r.usdFilled).toFixed() : '0',
    state: r.state as RapidBuyState,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The pair's rules in the mode, or the catalogue's reason it cannot be traded. */
async function pairRules(deps: RapidBuyDeps, mode: RuntimeMode): Promise<SymbolRules> {
  const rules = await deps.orders.rules(mode, RAPID_BUY_SYMBOL);
  if (rules.baseAsset !== RAPID_BUY_PAIR.to || rules.quoteAsset !== RAPID_BUY_PAIR.from)
    throw new AppError('RAPID_BUY_UNAVAILABLE');
  return rules;
}

/** Whether Rapid Buy is offered in the mode, with the pair's rules for the page. */
export async function rapidBuyInfo(deps: RapidBuyDeps, mode: RuntimeMode): Promise<RapidBuyInfo> {
  const base = {
    symbol: RAPID_BUY_SYMBOL,
    spendAsset: RAPID_BUY_PAIR.from,
    receiveAsset: RAPID_BUY_PAIR.to,
  };
  try {
    const r = await pairRules(deps, mode);
    return {
      ...base,
      available: true,
      minSpend: r.minNotional,
      tickSize: r.tickSize,
      stepSize: r.stepSize,
      feeRate: r.takerFeeRate,
      maintenance: null,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const maintenance =
      err.code === 1300
        ? typeof err.params?.message === 'string'
          ? err.params.message
          : ''
        : null;
    return {
      ...base,
      available: false,
      minSpend: '0',
      tickSize: '0',
      stepSize: '0',
      feeRate: '0',
      maintenance,
    };
  }
}

/**
 * The "AI matching" of the spec: a walk of the settled ask side, best price first, exactly as
 * the engine fills a market buy by quote amount: at each level as many whole steps as the dollars
 * left afford (at most the level's size); it stops at the first level where not one more step is
 * affordable. The book does not cover the amount when its asks run out with dollars left (the
 * engine then expires the rest: a partial fill). The fee is the symbol's taker rate, taken from
 * the USDT received and rounded down like settlement's.
 */
export function walkAsks(
  asks: [string, string][],
  usd: Decimal,
  rules: Pick<SymbolRules, 'stepSize' | 'tickSize' | 'takerFeeRate'>,
  baseDecimals: number,
): Omit<RapidBuyQuote, 'symbol' | 'usdAmount'> {
  const step = new Decimal(rules.stepSize);
  // The engine counts a quote amount in tick x step units.
  let left = usd.toNearest(new Decimal(rules.tickSize).times(step), Decimal.ROUND_DOWN);
  let gross = new Decimal(0);
  let spent = new Decimal(0);
  let fee = new Decimal(0);
  let levels = 0;
  let best: Decimal | null = null;
  let worst: Decimal | null = null;
  let exhausted = true;
  for (const [p, q] of asks) {
    const price = new Decimal(p);
    const lots = left.dividedToIntegerBy(price.times(step));
    const size = new Decimal(q);
    const qty = Decimal.min(size, lots.times(step));
    if (qty.lte(0)) {
      exhausted = false;
      break;
    }
    // Part of this level stays offered: the engine ends the order here as filled.
    if (qty.lt(size)) exhausted = false;
    const cost = qty.times(price);
    gross = gross.plus(qty);
    spent = spent.plus(cost);
    left = left.minus(cost);
    fee = fee.plus(qty.times(rules.takerFeeRate).toDecimalPlaces(baseDecimals, Decimal.ROUND_DOWN));
    levels += 1;
    best ??= price;
    worst = price;
  }
  const covered = gross.gt(0) && (left.isZero() || !exhausted);
  const tolerance = new Decimal(1).plus(RAPID_BUY_PRICE_TOLERANCE);
  return {
    usdFilled: spent.toFixed(),
    usdtGross: gross.toFixed(),
    fee: fee.toFixed(),
    usdtReceived: gross.minus(fee).toNearest(step, Decimal.ROUND_DOWN).toFixed(),
    averagePrice: gross.gt(0)
      ? spent.dividedBy(gross).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed()
      : null,
    bestPrice: best?.toFixed() ?? null,
    worstPrice: worst?.toFixed() ?? null,
    limitPrice: worst
      ? worst.times(tolerance).toNearest(rules.tickSize, Decimal.ROUND_UP).toFixed()
      : null,
    levels,
    covered,
    noCounterparty: asks.length === 0,
    usdUnspent: usd.minus(spent).toFixed(),
  };
}

async function baseDecimals(db: Db): Promise<number> {
  const s = await db.tradingSymbol.findUnique({
    where: { code: RAPID_BUY_SYMBOL },
    select: { baseDecimals: true },
  });
  return s?.baseDecimals ?? 8;
}

/**
 * The ask side as the user's market buy meets it: the settled depth less the user's own resting
 * sell orders (their visible part), which the purchase passes over (SKIP_OWN) rather than stop at.
 */
async function asksOfOthers(
  deps: RapidBuyDeps,
  mode: RuntimeMode,
  asks: [string, string][],
  userId: string | undefined,
): Promise<[string, string][]> {
  if (!userId) return asks;
  return levelsOfOthers(deps.db, {
    mode,
    symbol: RAPID_BUY_SYMBOL,
    userId,
    side: 'SELL',
    levels: asks,
  });
}

/**
 * Quotes a spend in the mode against the live book (no account needed beyond the session); for
 * a user, without the user's own asks, as the purchase skips them.
 */
export async function quoteRapidBuy(
  deps: RapidBuyDeps,
  mode: RuntimeMode,
  usdAmount: string,
  userId?: string,
): Promise<RapidBuyQuote> {
  const rules = await pairRules(deps, mode).catch((err: unknown) => {
    if (err instanceof AppError && err.code !== 1300) throw new AppError('RAPID_BUY_UNAVAILABLE');
    throw err;
  });
  const usd = new Decimal(usdAmount);
  if (usd.lt(rules.minNotional))
    throw new AppError('RAPID_BUY_BELOW_MINIMUM', { minSpend: rules.minNotional });
  // Enough levels to cover any spend: the walk stops where the dollars run out.
  const book = await deps.orders.depth(mode, RAPID_BUY_SYMBOL, RAPID_BUY_QUOTE_LEVELS * 10);
  const asks = await asksOfOthers(deps, mode, book.asks, userId);
  const walk = walkAsks(asks, usd, rules, await baseDecimals(deps.db));
  return { symbol: RAPID_BUY_SYMBOL, usdAmount: usd.toFixed(), ...walk };
}

/**
 * Rapid Buy's checks: an open account, RAPID_BUY (verified in Real; everyone in Demo/Trial; an
 * opted-out account within its limit: the order path reserves the spend of the spot budget).
 */
async function assertBuyer(deps: RapidBuyDeps, userId: string, mode: RuntimeMode) {
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { kycLevel: true, cancellationUnderReview: true, cancelledAt: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  assertAccountOpen(user);
  requirePermission(user, mode, KycPermission.RAPID_BUY, { allowLimited: true });
}

/** The purchase's state from its order's final state. */
function stateOf(order: Order): { state: RapidBuyState; reason: string | null } {
  const filled = new Decimal(order.filled);
  if (order.status === 'FILLED') return { state: 'FILLED', reason: null };
  if (filled.gt(0)) return { state: 'PARTIALLY_FILLED', reason: 'EXCEEDS_SUPPLY' };
  if (order.status === 'REJECTED' || order.status === 'FAILED')
    return { state: 'FAILED', reason: order.status };
  return { state: 'NO_COUNTERPARTY', reason: null };
}

/**
 * Brings a purchase to its order's final state once (a conditional update from PROCESSING: the
 * placing request and settlement's hook may both see the end) and pushes it on `rapidBuy`.
 */
export async function finishFromOrder(
  deps: RapidBuyDeps,
  order: Order,
  userId: string,
): Promise<RapidBuy | null> {
  if (!FINAL_ORDER_STATUSES.includes(order.status)) return null;
  // The purchase is named by its order's client id, so settlement may end it even before the
  // placing request has recorded the order's id.
  const id = order.clientOrderId?.startsWith(ORDER_PREFIX)
    ? order.clientOrderId.slice(ORDER_PREFIX.length)
    : null;
  if (!id) return null;
  const { state, reason } = stateOf(order);
  const gross = new Decimal(order.filled);
  const fee = order.feeAsset === RAPID_BUY_PAIR.to ? new Decimal(order.fee) : new Decimal(0);
  const done = await deps.db.rapidBuy.updateMany({
    where: { id, userId, state: 'PROCESSING' },
    data: {
      state,
      reason,
      orderId: BigInt(order.id),
      usdFilled: order.filledTotal,
      usdtReceived: gross.minus(fee).toFixed(),
      fee: fee.toFixed(),
      averagePrice: order.averagePrice === null ? null : order.averagePrice,
      updatedAt: deps.clock.date(),
    },
  });
  const row = await deps.db.rapidBuy.findUnique({ where: { id } });
  if (row?.userId !== userId) return null;
  const view = toRapidBuy(row);
  if (done.count > 0) await push(deps, view, row.userId);
  return view;
}

async function push(deps: RapidBuyDeps, view: RapidBuy, userId: string): Promise<void> {
  await deps.fanout
    .publish(privateTopic('rapidBuy', userId, view.mode), view)
    .catch((err: unknown) => deps.log.warn({ err }, 'rapid buy push failed'));
}

/** Settlement's hook: the purchases whose market order a committed batch ended. */
export function onSettled(deps: RapidBuyDeps): (orders: CommittedOrders) => void {
  return (orders) => {
    for (const { order, userId } of orders) {
      if (!order.clientOrderId?.startsWith(ORDER_PREFIX)) continue;
      if (!FINAL_ORDER_STATUSES.includes(order.status)) continue;
      finishFromOrder(deps, order, userId).catch((err: unknown) =>
        deps.log.warn({ err, orderId: order.id }, 'rapid buy not updated from its order'),
      );
    }
  };
}

/** How long a purchase may wait for its order before the start-up check looks for it. */
const RESUME_AFTER_MS = 60_000;

/**
 * At start: purchases still PROCESSING whose order ended while no process followed it (found by
 * the order's client id); one whose order never came to be (the process stopped in between) has
 * frozen nothing and is FAILED.
 */
export async function resumeRapidBuys(deps: RapidBuyDeps): Promise<number> {
  const open = await deps.db.rapidBuy.findMany({
    where: {
      state: 'PROCESSING',
      updatedAt: { lt: new Date(deps.clock.now() - RESUME_AFTER_MS) },
    },
    take: 1000,
  });
  let n = 0;
  for (const r of open) {
    const o = await deps.db.spotOrder.findUnique({
      where: {
        userId_mode_clientOrderId: {
          userId: r.userId,
          mode: r.mode,
          clientOrderId: clientOrderIdOf(r.id),
        },
      },
    });
    if (o) {
      if (await finishFromOrder(deps, toOrder(o), r.userId)) n += 1;
      continue;
    }
    const failed = await deps.db.rapidBuy.updateMany({
      where: { id: r.id, state: 'PROCESSING' },
      data: { state: 'FAILED', reason: 'NOT_PLACED', updatedAt: deps.clock.date() },
    });
    if (failed.count > 0) n += 1;
  }
  return n;
}

/**
 * Confirms a purchase: the checks, a fresh quote (an empty ask side is refused with nothing
 * changed), the request recorded PROCESSING, then a market buy by quote amount (IOC) with the
 * quote's worst price plus RAPID_BUY_PRICE_TOLERANCE as its protection, placed through the order
 * path, which freezes the dollars, trades and settles; unspent dollars are released by the
 * order's own unfreeze. A clientRequestId seen before answers the first purchase.
 */
export async function confirmRapidBuy(
  deps: RapidBuyDeps,
  input: { userId: string; mode: RuntimeMode; req: RapidBuyRequest },
): Promise<RapidBuy> {
  const { userId, mode, req } = input;
  const usd = new Decimal(req.usdAmount);
  const existing = await deps.db.rapidBuy.findUnique({
    where: { userId_mode_clientRequestId: { userId, mode, clientRequestId: req.clientRequestId } },
  });
  if (existing) return sameRequest(existing, usd);

  await assertBuyer(deps, userId, mode);
  const quote = await quoteRapidBuy(deps, mode, req.usdAmount, userId);
  if (quote.noCounterparty || quote.limitPrice === null)
    throw new AppError('RAPID_BUY_NO_COUNTERPARTY', { symbol: RAPID_BUY_SYMBOL });
  // Real balances are checked here for a clear message; Demo and Trial are funded on first use.
  const balance = await deps.db.balance.findUnique({
    where: { accountId_mode_asset: { accountId: userId, mode, asset: RAPID_BUY_PAIR.from } },
  });
  if ((balance || mode === RuntimeMode.REAL) && usd.gt(balance?.available ?? 0))
    throw new AppError('RAPID_BUY_INSUFFICIENT_BALANCE', {
      available: new Decimal(balance?.available.toFixed() ?? 0).toFixed(2, Decimal.ROUND_DOWN),
    });

  const now = deps.clock.date();
  let row: Row;
  try {
    row = await deps.db.rapidBuy.create({
      data: {
        userId,
        mode,
        clientRequestId: req.clientRequestId,
        symbol: RAPID_BUY_SYMBOL,
        usdRequested: usd.toFixed(),
        quotedPrice: quote.averagePrice === null ? null : quote.averagePrice,
        quotedAmount: quote.usdtReceived,
        limitPrice: quote.limitPrice,
        state: 'PROCESSING',
        createdAt: now,
        updatedAt: now,
      },
    });
  } catch (err) {
    // The same request twice at once: the other one recorded it.
    if ((err as { code?: string }).code === 'P2002') {
      const first = await deps.db.rapidBuy.findUniqueOrThrow({
        where: {
          userId_mode_clientRequestId: { userId, mode, clientRequestId: req.clientRequestId },
        },
      });
      return sameRequest(first, usd);
    }
    throw err;
  }
  await push(deps, toRapidBuy(row), userId);

  let order: Order;
  try {
    order = await deps.orders.place({
      userId,
      mode,
      req: {
        symbol: RAPID_BUY_SYMBOL,
        side: 'BUY',
        type: 'MARKET',
        timeInForce: 'IOC',
        total: usd.toFixed(),
        clientOrderId: clientOrderIdOf(row.id),
      },
      limitPrice: quote.limitPrice,
      // The user's own asks are passed over, not a reason to stop: the others' are bought.
      selfTradePrevention: 'SKIP_OWN',
    });
  } catch (err) {
    const placed = await deps.db.spotOrder.findUnique({
      where: {
        userId_mode_clientOrderId: { userId, mode, clientOrderId: clientOrderIdOf(row.id) },
      },
    });
    if (placed && !(FINAL_ORDER_STATUSES as readonly string[]).includes(placed.status)) {
      // Placed and frozen, but the engine has not answered (it is asked again): settlement's
      // hook ends the purchase with its order.
      await deps.db.rapidBuy.updateMany({
        where: { id: row.id, orderId: null },
        data: { orderId: placed.id },
      });
      return toRapidBuy(await deps.db.rapidBuy.findUniqueOrThrow({ where: { id: row.id } }));
    }
    // Refused (nothing frozen, or the engine's refusal released it): the caller sees the order
    // path's error; the purchase records it (the engine finding no ask: no counterparty).
    const code = err instanceof AppError ? err.code : null;
    await deps.db.rapidBuy.updateMany({
      where: { id: row.id, state: 'PROCESSING' },
      data: {
        state: code === 3002 ? 'NO_COUNTERPARTY' : 'FAILED',
        orderId: placed?.id ?? null,
        reason: code === null ? 'ERROR' : String(code),
        updatedAt: deps.clock.date(),
      },
    });
    const failed = await deps.db.rapidBuy.findUniqueOrThrow({ where: { id: row.id } });
    await push(deps, toRapidBuy(failed), userId);
    throw err;
  }
  await deps.db.rapidBuy.updateMany({
    where: { id: row.id, orderId: null },
    data: { orderId: BigInt(order.id) },
  });
  // Usually final already (settlement answered the placement); else settlement's hook ends it.
  const finished = await finishFromOrder(deps, order, userId);
  if (finished) return finished;
  return toRapidBuy(await deps.db.rapidBuy.findUniqueOrThrow({ where: { id: row.id } }));
}

function sameRequest(row: Row, usd: Decimal): RapidBuy {
  if (!new Decimal(row.usdRequested.toString()).eq(usd))
    throw new AppError('RAPID_BUY_REQUEST_REUSED');
  return toRapidBuy(row);
}

export async function getRapidBuy(
  deps: RapidBuyDeps,
  userId: string,
  mode: RuntimeMode,
  id: string,
): Promise<RapidBuy> {
  const row = await deps.db.rapidBuy.findUnique({ where: { id } });
  if (!row || row.userId !== userId || row.mode !== mode) throw new AppError('RAPID_BUY_NOT_FOUND');
  return toRapidBuy(row);
}

type Filters = Omit<RapidBuyQuery, 'pageNum' | 'pageSize'>;

function where(clock: Clock, userId: string, mode: RuntimeMode, f: Filters) {
  const earliest = clock.date();
  earliest.setUTCMonth(earliest.getUTCMonth() - QUERY_HISTORY_MONTHS);
  if (f.startTime !== undefined && f.startTime < earliest.getTime())
    throw new AppError('HISTORY_RANGE_EXCEEDED');
  return {
    userId,
    mode,
    ...(f.state ? { state: f.state } : {}),
    createdAt: {
      gte: new Date(Math.max(f.startTime ?? 0, earliest.getTime())),
      ...(f.endTime !== undefined ? { lte: new Date(f.endTime) } : {}),
    },
  };
}

/** The user's purchases in the mode of the past 6 months, newest first (paged). */
export async function listRapidBuys(
  deps: RapidBuyDeps,
  userId: string,
  mode: RuntimeMode,
  q: RapidBuyQuery,
): Promise<Page<RapidBuy>> {
  const { pageNum, pageSize, ...filters } = q;
  const rows = await deps.db.rapidBuy.findMany({
    where: where(deps.clock, userId, mode, filters),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (pageNum - 1) * pageSize,
    take: pageSize,
  });
  return { pageNum, pageSize, result: rows.map(toRapidBuy) };
}

export const RAPID_BUY_EXPORT_MAX = 10_000;
const CSV_HEADER = [
  'Time (UTC)',
  'State',
  'USD requested',
  'USD spent',
  'USD returned',
  'USDT received',
  'Fee (USDT)',
  'Average price',
  'Quoted price',
  'Order',
  'Id',
];

/** The same rows as CSV (UTF-8 with BOM). */
export async function rapidBuyCsv(
  deps: RapidBuyDeps,
  userId: string,
  mode: RuntimeMode,
  f: Filters,
): Promise<string> {
  const rows = await deps.db.rapidBuy.findMany({
    where: where(deps.clock, userId, mode, f),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: RAPID_BUY_EXPORT_MAX,
  });
  return (
    '\uFEFF' +
    csvRow(CSV_HEADER) +
    rows
      .map(toRapidBuy)
      .map((b) =>
        csvRow([
          b.createdAt,
          b.state,
          b.usdRequested,
          b.usdFilled,
          b.usdReturned,
          b.usdtReceived,
          b.fee,
          b.averagePrice,
          b.quotedPrice,
          b.orderId,
          b.id,
        ]),
      )
      .join('')
  );
}
