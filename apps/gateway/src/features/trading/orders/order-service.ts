import { Decimal } from 'decimal.js';
import { randomUUID } from 'node:crypto';
import {
  KycPermission,
  isMarketBuyByAmount,
  OPEN_ORDER_STATUSES,
  RuntimeMode,
  errorByCode,
  type Order,
  type PlaceOrderRequest,
  type SelfTradePrevention,
} from '@exchange/contracts';
import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Sql } from '../../../db/sql.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { AppError } from '../../../lib/app-error.js';
import { assertAccountOpen, requirePermission } from '../../../lib/permissions.js';
import { USD_VALUED_ASSETS, reserveOptedOutSpot } from '../../identity/kyc/opted-out-limit.js';
import { ensureFunded } from '../../wallet/balances/funding-service.js';
import { sendCommand } from './engine-client.js';
import type { ShardMap } from './shard-map.js';
import { checkOrder, type SymbolRules } from './order-rules.js';
import type { DepthStore } from '../market-data/depth-store.js';
import type { PlacementWriter } from './order-store.js';
import { TtlCache } from '../../../lib/ttl-cache.js';
import { toOrder } from './order-view.js';
import { tradableSymbol } from './symbol-rules.js';
import type { Verdicts } from './verdicts.js';
import { orderVerdict } from '../../../lib/metrics.js';

export interface OrderDeps {
  db: Db;
  sql: Sql;
  redis: RedisConnections;
  clock: Clock;
  env: Env;
  verdicts: Verdicts;
  placements: PlacementWriter;
  cache: OrderCaches;
  /** The settled book, for a market buy by amount's protection price. */
  depth: Pick<DepthStore, 'snapshot'>;
  /** Which engine shard holds a symbol (for commands on existing orders). */
  shards: Pick<ShardMap, 'shardOf'>;
}

/** Cancellable orders: the contracts' open statuses, as the column's plain strings. */
export const OPEN_STATUSES: string[] = [...OPEN_ORDER_STATUSES];

/** What the order path keeps between requests, per gateway (a few seconds at most). */
export interface OrderCaches {
  users: TtlCache<
    string,
    {
      engineId: number;
      kycLevel: number | null;
      cancellationUnderReview: boolean;
      cancelledAt: Date | null;
    } | null
  >;
  symbols: TtlCache<string, SymbolRules | AppError>;
  /** Accounts known to be funded in a mode: the enrolment check runs once per gateway. */
  funded: Set<string>;
}

export const createOrderCaches = (): OrderCaches => ({
  users: new TtlCache(5000),
  symbols: new TtlCache(5000),
  funded: new Set(),
});

/**
 * SPOT_TRADE through the permission guard: in Real mode verified accounts trade freely,
 * opted-out ones within their 24-hour limit (LIMITED), any other is refused (7001). Demo and
 * Trial are open to all.
 */
async function tradingUser(deps: OrderDeps, userId: string, mode: RuntimeMode) {
  // Through node-postgres: a miss comes once per user every few seconds, on the hot path.
  const user = await deps.cache.users.get(userId, async () => {
    const res = await deps.sql.query<{
      engineId: number;
      kycLevel: number | null;
      cancellationUnderReview: boolean;
      cancelledAt: Date | null;
    }>({
      name: 'order-trading-user',
      text: 'SELECT "engineId", "kycLevel", "cancellationUnderReview", "cancelledAt" FROM app_user WHERE id = $1::uuid',
      values: [userId],
    });
    return res.rows[0] ?? null;
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  // No new orders in any mode while a cancellation is under review, nor after it.
  assertAccountOpen(user);
  const access = requirePermission(user, mode, KycPermission.SPOT_TRADE, { allowLimited: true });
  return { ...user, access };
}

/**
 * The order's value in US dollars for an opted-out account's limit: what a buy freezes of the
 * quote, or a sell's amount at its price (a market sell at the best bid). Only books quoted in
 * dollars or a dollar stablecoin can be valued; others are refused to opted-out accounts (7002).
 */
async function orderValueUsd(
  deps: OrderDeps,
  mode: number,
  rules: SymbolRules,
  checked: ReturnType<typeof checkOrder>,
): Promise<Decimal> {
  if (!USD_VALUED_ASSETS.has(rules.quoteAsset)) throw new AppError('KYC_OPTED_OUT');
  if (checked.freezeAsset === rules.quoteAsset) return new Decimal(checked.freezeAmount);
  const price =
    checked.values.price ?? (await deps.depth.snapshot(mode, rules.code, 1)).bids[0]?.[0];
  if (price === undefined) throw new AppError('NO_COUNTERPARTY');
  return new Decimal(price).times(checked.freezeAmount);
}

/**
 * The worst price a market buy by amount may fill at: the best ask and the protection margin
 * (MARKET_PRICE_PROTECTION, 5 %), rounded up to the tick. Undefined when nothing is offered.
 */
async function protectionPrice(
  deps: OrderDeps,
  mode: number,
  rules: SymbolRules,
): Promise<string | undefined> {
  const ask = (await deps.depth.snapshot(mode, rules.code, 1)).asks[0]?.[0];
  if (ask === undefined) return undefined;
  return new Decimal(ask)
    .times(1 + deps.env.MARKET_PRICE_PROTECTION)
    .toNearest(rules.tickSize, Decimal.ROUND_UP)
    .toFixed();
}

function fundingPlan(env: Env, mode: number) {
  return mode === RuntimeMode.TRIAL ? env.TRIAL_FUNDING : env.DEMO_FUNDING;
}

/**
 * Places an order: checks permission, symbol and every rule, then in one transaction inserts
 * the order and freezes its funds (the CHECK constraint refuses an overdraft), then hands the
 * command to the engine and waits briefly for its verdict. A clientOrderId seen before returns
 * the first order and changes nothing.
 */
export async function placeOrder(
  deps: OrderDeps,
  input: {
    userId: string;
    mode: RuntimeMode;
    req: PlaceOrderRequest;
    replaces?: bigint;
    /** A market buy by total fills no higher than this (Rapid Buy's price protection). */
    limitPrice?: string;
    /** Rapid Buy's SKIP_OWN: the market buy passes over the user's own asks. */
    selfTradePrevention?: SelfTradePrevention;
  },
): Promise<Order> {
  const arrived = performance.now();
  const { userId, mode, req } = input;
  const user = await tradingUser(deps, userId, mode);
  const rules = await deps.cache.symbols.get(`${mode}:${req.symbol}`, () =>
    tradableSymbol(deps.db, mode, req.symbol).catch((e: unknown) => {
      if (e instanceof AppError) return e;
      throw e;
    }),
  );
  if (rules instanceof AppError) throw rules;
  const checked = checkOrder(req, rules, {
    protectionPrice: isMarketBuyByAmount(req)
      ? await protectionPrice(deps, mode, rules)
      : undefined,
    limitPrice: input.limitPrice,
    selfTradePrevention: input.selfTradePrevention,
  });
  if (!deps.cache.funded.has(`${userId}:${mode}`)) {
    await ensureFunded({
      db: deps.db,
      clock: deps.clock,
      userId,
      mode,
      plan: fundingPlan(deps.env, mode),
    });
    deps.cache.funded.add(`${userId}:${mode}`);
  }

  const release =
    user.access === 'LIMITED'
      ? await reserveOptedOutSpot({
          db: deps.db,
          clock: deps.clock,
          userId,
          usd: await orderValueUsd(deps, mode, rules, checked),
        })
      : undefined;
  const now = deps.clock.date();
  const placed = await deps.placements
    .place({
      userId,
      mode,
      symbol: rules.code,
      clientOrderId: req.clientOrderId ?? null,
      side: req.side,
      type: req.type,
      timeInForce: req.type === 'LIMIT' ? (req.timeInForce ?? 'GTC') : null,
      triggerDirection: req.type === 'TRIGGER' ? (req.triggerDirection ?? null) : null,
      checked,
      at: now,
    })
    .catch(async (err: unknown) => {
      await release?.();
      throw err;
    });
  // A clientOrderId seen before: the answer is the first order, and nothing changed.
  if (placed.outcome === 'DUPLICATE') {
    await release?.();
    return toOrder(await deps.db.spotOrder.findUniqueOrThrow({ where: { id: placed.id } }));
  }
  const orderId = placed.id;
  const order = { id: orderId };

  const commandId = `place:${order.id}`;
  const verdict = deps.verdicts.wait(commandId, deps.env.ORDER_VERDICT_TIMEOUT_MS);
  const base = {
    commandId,
    runtimeMode: mode,
    symbol: rules.code,
    userId: user.engineId,
    ts: now.getTime(),
  };
  try {
    await sendCommand(
      deps.redis,
      rules.engineShard,
      input.replaces === undefined
        ? { kind: 'place', ...base, orderId: Number(order.id), ...checked.spec }
        : {
            kind: 'cancel-place',
            ...base,
            cancelOrderId: Number(input.replaces),
            order: { orderId: Number(order.id), ...checked.spec },
          },
    );
  } catch (err) {
    verdict.cancel();
    throw err;
  }
  const result = await verdict.promise;
  orderVerdict.observe(
    { outcome: result === null ? 'timeout' : result.accepted ? 'accepted' : 'rejected' },
    (performance.now() - arrived) / 1000,
  );
  if (result && !result.accepted && result.code) throw rejection(result.code, order.id.toString());
  // Settlement sends the order as it settled it; without a verdict in time it is still PENDING.
  if (result?.order) return result.order;
  return toOrder(await deps.db.spotOrder.findUniqueOrThrow({ where: { id: order.id } }));
}

/** The engine's reason as the catalogue's error (its code is a trading code of the catalogue). */
function rejection(code: number, orderId: string): AppError {
  const def = errorByCode(code);
  return new AppError(
    def && def.code >= 3000 && def.code < 4000 ? def.name : 'SYMBOL_NOT_AVAILABLE',
    { orderId },
  );
}

/** Asks the engine to cancel an open order; settlement unfreezes what it leaves. */
export async function cancelOrder(
  deps: OrderDeps,
  input: {
    userId: string;
    mode: RuntimeMode;
    orderId?: string | undefined;
    clientOrderId?: string | undefined;
  },
): Promise<Order> {
  const where = input.orderId
    ? { id: BigInt(input.orderId) }
    : input.clientOrderId
      ? {
          userId_mode_clientOrderId: {
            userId: input.userId,
            mode: input.mode,
            clientOrderId: input.clientOrderId,
          },
        }
      : null;
  if (!where)
    throw new AppError('VALIDATION_FAILED', { issues: 'orderId or clientOrderId is required' });
  const order = await deps.db.spotOrder.findUnique({ where });
  if (!order || order.userId !== input.userId || order.mode !== input.mode)
    throw new AppError('ORDER_NOT_FOUND');
  if (!OPEN_STATUSES.includes(order.status)) throw new AppError('ORDER_NOT_CANCELLABLE');
  const user = await deps.db.user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { engineId: true },
  });
  // Unique per request: two cancels in one millisecond are two commands, each answered.
  const commandId = `cancel:${order.id}:${randomUUID()}`;
  const verdict = deps.verdicts.wait(commandId, deps.env.ORDER_VERDICT_TIMEOUT_MS);
  await sendCommand(deps.redis, await deps.shards.shardOf(order.symbol), {
    kind: 'cancel',
    commandId,
    runtimeMode: input.mode,
    symbol: order.symbol,
    userId: user.engineId,
    ts: deps.clock.now(),
    orderId: Number(order.id),
  });
  const result = await verdict.promise;
  if (result && !result.accepted) throw new AppError('ORDER_NOT_CANCELLABLE');
  return toOrder((await deps.db.spotOrder.findUnique({ where: { id: order.id } })) ?? order);
}

/**
 * Cancel-and-place in one engine step, all or nothing: the engine judges the new order as if the
 * old one were gone and either cancels the old order and places the new one, or refuses (the
 * old order still open, untouched; the new one REJECTED with the engine's reason, which this
 * request answers). The new order's funds are frozen first, like any placement.
 */
export async function cancelPlace(
  deps: OrderDeps,
  input: { userId: string; mode: RuntimeMode; cancelOrderId: string; req: PlaceOrderRequest },
): Promise<Order> {
  const old = await deps.db.spotOrder.findUnique({ where: { id: BigInt(input.cancelOrderId) } });
  if (!old || old.userId !== input.userId || old.mode !== input.mode)
    throw new AppError('ORDER_NOT_FOUND');
  if (!OPEN_STATUSES.includes(old.status)) throw new AppError('ORDER_NOT_CANCELLABLE');
  if (old.symbol !== input.req.symbol)
    throw new AppError('VALIDATION_FAILED', {
      issues: 'the new order must be for the same symbol',
    });
  return placeOrder(deps, {
    userId: input.userId,
    mode: input.mode,
    req: input.req,
    replaces: old.id,
  });
}

/** Cancels every open order of the user in one symbol; answers how many were asked to cancel. */
export async function cancelAll(
  deps: OrderDeps,
  input: { userId: string; mode: RuntimeMode; symbol: string },
): Promise<number> {
  const open = await deps.db.spotOrder.findMany({
    where: {
      userId: input.userId,
      mode: input.mode,
      symbol: input.symbol,
      status: { in: OPEN_STATUSES },
    },
    select: { id: true },
  });
  const results = await Promise.allSettled(
    open.map((o) =>
      cancelOrder(deps, { userId: input.userId, mode: input.mode, orderId: o.id.toString() }),
    ),
  );
  return results.filter((r) => r.status === 'fulfilled').length;
}
