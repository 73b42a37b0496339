import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  CONVERT_QUOTE_TTL_MS,
  FINAL_ORDER_STATUSES,
  type ConvertConfirmRequest,
  type ConvertOrder,
  type ConvertPair,
  type ConvertQuote,
  type ConvertQuoteRequest,
  type ConvertState,
  type Page,
  type RuntimeMode,
} from '@exchange/contracts';
import type { ConvertOrder as Row, SpotOrder } from '../../../db/generated/client.js';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { availableSymbols } from '../../platform/catalogue/catalogue-service.js';
import { levelsOfOthers, type OrderPath, type SymbolRules } from '../orders/index.js';

export interface ConvertDeps {
  db: Db;
  clock: Clock;
  redis: RedisConnections;
  orders: OrderPath;
}

/** Book levels a quote may walk (the deepest conversion the page offers stops well before). */
const QUOTE_LEVELS = 200;
const quoteKey = (id: string) => `convert:quote:${id}`;
/** The client order id of a conversion's order: its row is found from the order and back. */
export const convertClientOrderId = (id: string) => `convert-${id}`;

const storedQuote = z.object({
  userId: z.string(),
  mode: z.number().int(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  from: z.string(),
  to: z.string(),
  fromAmount: z.string(),
  toAmount: z.string(),
  limitPrice: z.string(),
  expiresAt: z.number().int(),
});
type StoredQuote = z.infer<typeof storedQuote>;

/** The trading symbols of the mode that convert (active, not under maintenance). */
async function convertible(deps: ConvertDeps, mode: RuntimeMode) {
  return (await availableSymbols({ db: deps.db, mode })).filter(
    (s) => s.status === 'ACTIVE' && !s.maintenance,
  );
}

/** The pairs of the mode (each converts both ways). */
export async function convertPairs(deps: ConvertDeps, mode: RuntimeMode): Promise<ConvertPair[]> {
  return (await convertible(deps, mode)).map((s) => ({
    symbol: s.code,
    base: s.baseAssetCode,
    counter: s.counterAssetCode,
  }));
}

/** The pair and side that turn `from` into `to`: buying the base with the counter, or selling it. */
async function route(deps: ConvertDeps, mode: RuntimeMode, from: string, to: string) {
  const pair = (await convertible(deps, mode)).find(
    (s) =>
      (s.baseAssetCode === from && s.counterAssetCode === to) ||
      (s.baseAssetCode === to && s.counterAssetCode === from),
  );
  if (!pair) throw new AppError('CONVERT_PAIR_UNSUPPORTED', { from, to });
  // The catalogue row already carries the decimals; the order path's rules add fees and bounds.
  const rules = await deps.orders.rules(mode, pair.code);
  const decimals = { baseDecimals: pair.baseDecimals, counterDecimals: pair.counterDecimals };
  return {
    side: pair.baseAssetCode === from ? ('SELL' as const) : ('BUY' as const),
    rules,
    decimals,
  };
}

function amountInvalid(asset: string, min: string, max: string, decimals: number): AppError {
  return new AppError('CONVERT_AMOUNT_INVALID', {
    asset,
    min: new Decimal(min).toFixed(),
    max: new Decimal(max).toFixed(),
    decimals,
  });
}

/**
 * What the book gives for `amount` of `from` now: a buy spends the counter asset level by level
 * up the asks (in the engine's tick x step units), a sell sells the base down the bids; the fee
 * (the pair's taker rate) comes off what is received. The worst level taken is the limit the
 * order gets: it fills at the quote or better, or not at all.
 */
export function walkBook(
  side: 'BUY' | 'SELL',
  levels: [string, string][],
  amount: Decimal,
  rules: Pick<SymbolRules, 'tickSize' | 'stepSize' | 'takerFeeRate'>,
  decimals: { baseDecimals: number; counterDecimals: number },
): { fromAmount: Decimal; toAmount: Decimal; fee: Decimal; worst: Decimal | null } {
  const step = new Decimal(rules.stepSize);
  let fromUsed = new Decimal(0);
  let gross = new Decimal(0);
  let worst: Decimal | null = null;
  if (side === 'BUY') {
    // The engine counts a buy's total in tick x step units.
    const total = amount.toNearest(new Decimal(rules.tickSize).times(step), Decimal.ROUND_DOWN);
    let left = total;
    let exhausted = true;
    for (const [p, q] of levels) {
      const price = new Decimal(p);
      const size = new Decimal(q);
      const qty = Decimal.min(size, left.dividedToIntegerBy(price.times(step)).times(step));
      if (qty.lte(0)) {
        exhausted = false;
        break;
      }
      if (qty.lt(size)) exhausted = false;
      gross = gross.plus(qty);
      fromUsed = fromUsed.plus(qty.times(price));
      left = left.minus(qty.times(price));
      worst = price;
    }
    const fee = gross
      .times(rules.takerFeeRate)
      .toDecimalPlaces(decimals.baseDecimals, Decimal.ROUND_DOWN);
    return {
      // The whole amount, unless the book ran out first: then what the book holds.
      fromAmount: exhausted ? fromUsed : total,
      toAmount: gross.minus(fee).toNearest(step, Decimal.ROUND_DOWN),
      fee,
      worst,
    };
  }
  let left = amount.toNearest(step, Decimal.ROUND_DOWN);
  for (const [p, q] of levels) {
    const price = new Decimal(p);
    const qty = Decimal.min(new Decimal(q), left);
    if (qty.lte(0)) break;
    fromUsed = fromUsed.plus(qty);
    gross = gross.plus(qty.times(price));
    left = left.minus(qty);
    worst = price;
  }
  const fee = gross
    .times(rules.takerFeeRate)
    .toDecimalPlaces(decimals.counterDecimals, Decimal.ROUND_DOWN);
  return {
    fromAmount: fromUsed,
    toAmount: gross.minus(fee).toDecimalPlaces(decimals.counterDecimals, Decimal.ROUND_DOWN),
    fee,
    worst,
  };
}

/**
 * A firm quote for converting `amount` of `from` into `to` in the mode, held for
 * CONVERT_QUOTE_TTL_MS. The amount must be within the pair's rules (minimum, maximum, decimals);
 * an empty book side is 3002; a book too thin for the whole amount quotes what it holds.
 */
export async function quoteConvert(
  deps: ConvertDeps,
  input: { userId: string; mode: RuntimeMode; req: ConvertQuoteRequest },
): Promise<ConvertQuote> {
  const { userId, mode, req } = input;
  const { side, rules, decimals } = await route(deps, mode, req.from, req.to);
  const amount = new Decimal(req.amount);
  const places = side === 'BUY' ? decimals.counterDecimals : decimals.baseDecimals;
  const [min, max] =
    side === 'BUY'
      ? [rules.minNotional, rules.maxNotional ?? rules.minNotional]
      : [rules.minQty, rules.maxQty ?? rules.minQty];
  if (!amount.isFinite() || amount.decimalPlaces() > places || amount.lt(min) || amount.gt(max))
    throw amountInvalid(req.from, min, max, places);
  const book = await deps.orders.depth(mode, rules.code, QUOTE_LEVELS);
  // The order passes over the user's own resting orders, so the quote leaves them out.
  const levels = await levelsOfOthers(deps.db, {
    mode,
    symbol: rules.code,
    userId,
    side: side === 'BUY' ? 'SELL' : 'BUY',
    levels: side === 'BUY' ? book.asks : book.bids,
  });
  if (levels.length === 0) throw new AppError('NO_COUNTERPARTY');
  const walked = walkBook(side, levels, amount, rules, decimals);
  if (walked.worst === null || walked.toAmount.lte(0)) throw new AppError('NO_COUNTERPARTY');
  const now = deps.clock.now();
  const quote: StoredQuote = {
    userId,
    mode,
    symbol: rules.code,
    side,
    from: req.from,
    to: req.to,
    fromAmount: walked.fromAmount.toFixed(),
    toAmount: walked.toAmount.toFixed(),
    limitPrice: walked.worst.toFixed(),
    expiresAt: now + CONVERT_QUOTE_TTL_MS,
  };
  const quoteId = randomUUID();
  await deps.redis.commands.set(
    quoteKey(quoteId),
    JSON.stringify(quote),
    'PX',
    CONVERT_QUOTE_TTL_MS,
  );
  return {
    quoteId,
    from: quote.from,
    to: quote.to,
    fromAmount: quote.fromAmount,
    toAmount: quote.toAmount,
    price: walked.toAmount
      .dividedBy(walked.fromAmount)
      .toSignificantDigits(10, Decimal.ROUND_DOWN)
      .toFixed(),
    limitPrice: quote.limitPrice,
    fee: walked.fee.toFixed(),
    expiresAt: new Date(quote.expiresAt).toISOString(),
    validForMs: CONVERT_QUOTE_TTL_MS,
  };
}

/**
 * Confirms a quote within its time: the conversion is recorded, then placed through the order
 * path as one order with the quote's worst price as its limit (a buy: a market buy of the
 * amount with that protection; a sell: a limit sell at it, immediate or cancel). The order path
 * checks and freezes the balance and settles it. The same clientRequestId answers the first.
 */
export async function confirmConvert(
  deps: ConvertDeps,
  input: { userId: string; mode: RuntimeMode; req: ConvertConfirmRequest },
): Promise<ConvertOrder> {
  const { userId, mode, req } = input;
  const existing = await deps.db.convertOrder.findUnique({
    where: { userId_mode_clientRequestId: { userId, mode, clientRequestId: req.clientRequestId } },
  });
  if (existing) return sameRequest(deps, existing, req.quoteId);
  const raw = await deps.redis.commands.get(quoteKey(req.quoteId));
  const parsed = raw ? storedQuote.safeParse(JSON.parse(raw)) : null;
  const q = parsed?.success ? parsed.data : null;
  if (!q || q.userId !== userId || q.mode !== mode || q.expiresAt < deps.clock.now())
    throw new AppError('CONVERT_QUOTE_EXPIRED');

  let row: Row;
  try {
    row = await deps.db.convertOrder.create({
      data: {
        userId,
        mode,
        clientRequestId: req.clientRequestId,
        quoteId: req.quoteId,
        symbol: q.symbol,
        side: q.side,
        fromAsset: q.from,
        toAsset: q.to,
        fromAmount: q.fromAmount,
        quotedToAmount: q.toAmount,
        limitPrice: q.limitPrice,
        createdAt: deps.clock.date(),
      },
    });
  } catch (err) {
    if ((err as { code?: string }).code !== 'P2002') throw err;
    // The same request at the same instant, or this quote confirmed before.
    const first = await deps.db.convertOrder.findUnique({
      where: {
        userId_mode_clientRequestId: { userId, mode, clientRequestId: req.clientRequestId },
      },
    });
    if (first) return sameRequest(deps, first, req.quoteId);
    throw new AppError('CONVERT_QUOTE_USED');
  }

  const clientOrderId = convertClientOrderId(row.id);
  try {
    const order = await deps.orders.place({
      userId,
      mode,
      req:
        q.side === 'BUY'
          ? {
              symbol: q.symbol,
              side: 'BUY',
              type: 'MARKET',
              timeInForce: 'IOC',
              total: q.fromAmount,
              clientOrderId,
            }
          : {
              symbol: q.symbol,
              side: 'SELL',
              type: 'LIMIT',
              timeInForce: 'IOC',
              price: q.limitPrice,
              amount: q.fromAmount,
              clientOrderId,
            },
      ...(q.side === 'BUY' ? { limitPrice: q.limitPrice } : {}),
      // The user's own resting orders are passed over, as the quote left them out.
      selfTradePrevention: 'SKIP_OWN',
    });
    row = await deps.db.convertOrder.update({
      where: { id: row.id },
      data: { orderId: BigInt(order.id) },
    });
  } catch (err) {
    const placed = await deps.db.spotOrder.findUnique({
      where: { userId_mode_clientOrderId: { userId, mode, clientOrderId } },
      select: { id: true, status: true },
    });
    if (placed && !(FINAL_ORDER_STATUSES as readonly string[]).includes(placed.status)) {
      // Placed and frozen, but the engine has not answered yet: the order carries on.
      row = await deps.db.convertOrder.update({
        where: { id: row.id },
        data: { orderId: placed.id },
      });
      return view(row, await orderOf(deps, row));
    }
    await deps.db.convertOrder.update({
      where: { id: row.id },
      data: {
        orderId: placed?.id ?? null,
        failureCode: err instanceof AppError ? err.code : 1000,
      },
    });
    throw err;
  }
  return view(row, await orderOf(deps, row));
}

async function sameRequest(deps: ConvertDeps, row: Row, quoteId: string): Promise<ConvertOrder> {
  if (row.quoteId !== quoteId) throw new AppError('CONVERT_REQUEST_REUSED');
  return view(row, await orderOf(deps, row));
}

async function orderOf(deps: ConvertDeps, row: Row): Promise<SpotOrder | null> {
  return row.orderId === null ? null : deps.db.spotOrder.findUnique({ where: { id: row.orderId } });
}

/** A conversion as its order stands: what left, what arrived (after the fee), and its state. */
export function view(row: Row, order: SpotOrder | null): ConvertOrder {
  const buy = row.side === 'BUY';
  const filled = new Decimal(order?.filledQuantity.toFixed() ?? 0);
  const filledQuote = new Decimal(order?.filledQuote.toFixed() ?? 0);
  const fee = new Decimal(order?.fee.toFixed() ?? 0);
  const state: ConvertState =
    row.failureCode !== null
      ? row.failureCode === 3002
        ? 'NO_COUNTERPARTY'
        : 'FAILED'
      : !order || !(FINAL_ORDER_STATUSES as readonly string[]).includes(order.status)
        ? 'PROCESSING'
        : order.status === 'FILLED'
          ? 'FILLED'
          : filled.gt(0)
            ? 'PARTIALLY_FILLED'
            : order.status === 'REJECTED' || order.status === 'FAILED'
              ? 'FAILED'
              : 'NO_COUNTERPARTY';
  return {
    id: row.id,
    clientRequestId: row.clientRequestId,
    from: row.fromAsset,
    to: row.toAsset,
    fromAmount: new Decimal(row.fromAmount.toFixed()).toFixed(),
    quotedToAmount: new Decimal(row.quotedToAmount.toFixed()).toFixed(),
    state,
    fromSpent: (buy ? filledQuote : filled).toFixed(),
    toReceived: (buy ? filled.minus(fee) : filledQuote.minus(fee)).toFixed(),
    orderId: row.orderId?.toString() ?? null,
    code:
      row.failureCode !== null
        ? String(row.failureCode)
        : order?.rejectCode != null
          ? String(order.rejectCode)
          : null,
    runtimeMode: row.mode,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getConvert(
  deps: ConvertDeps,
  userId: string,
  mode: RuntimeMode,
  id: string,
): Promise<ConvertOrder> {
  const row = z.uuid().safeParse(id).success
    ? await deps.db.convertOrder.findFirst({ where: { id, userId, mode } })
    : null;
  if (!row) throw new AppError('CONVERT_NOT_FOUND');
  return view(row, await orderOf(deps, row));
}

/** The account's conversions in the mode, newest first, each with its order's state. */
export async function listConverts(
  deps: ConvertDeps,
  userId: string,
  mode: RuntimeMode,
  q: { pageNum: number; pageSize: number },
): Promise<Page<ConvertOrder>> {
  const rows = await deps.db.convertOrder.findMany({
    where: { userId, mode },
    orderBy: { createdAt: 'desc' },
    skip: (q.pageNum - 1) * q.pageSize,
    take: q.pageSize,
  });
  const ids = rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId]));
  const orders = ids.length ? await deps.db.spotOrder.findMany({ where: { id: { in: ids } } }) : [];
  const byId = new Map(orders.map((o) => [o.id.toString(), o]));
  return {
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    result: rows.map((r) =>
      view(r, r.orderId === null ? null : (byId.get(r.orderId.toString()) ?? null)),
    ),
  };
}
