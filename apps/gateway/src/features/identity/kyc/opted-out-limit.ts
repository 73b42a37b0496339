import { Decimal } from 'decimal.js';
import {
  EXCHANGE_RATES_KEY,
  LIMITED_PERMISSIONS,
  OPTED_OUT_LIMITS_USD_24H,
  exchangeRates,
  type LimitedPermission,
  type OptedOutLimit,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import type { RedisConnections } from '../../../lib/redis.js';

const DAY_MS = 24 * 3_600_000;
/** Assets counted 1:1 as US dollars when valuing an order against the limit. */
export const USD_VALUED_ASSETS: ReadonlySet<string> = new Set(['USD', 'USDT', 'USDC']);

/**
 * `amount` of `asset` in US dollars: 1:1 for the dollar and its stablecoins, otherwise at the
 * price feed's latest rates (HKD per 100 units of each; 6403 while the feed has none).
 */
export async function usdValue(
  redis: RedisConnections,
  asset: string,
  amount: Decimal.Value,
): Promise<Decimal> {
  if (USD_VALUED_ASSETS.has(asset)) return new Decimal(amount);
  const raw = await redis.commands.get(EXCHANGE_RATES_KEY);
  const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
  const rates = parsed?.success ? parsed.data.rates : {};
  const of = (code: string) => (code === 'HKD' ? new Decimal(100) : new Decimal(rates[code] ?? 0));
  const [a, usd] = [of(asset), of('USD')];
  if (!a.isFinite() || a.lte(0)) throw new AppError('FX_RATE_UNAVAILABLE', { currency: asset });
  if (!usd.isFinite() || usd.lte(0)) throw new AppError('FX_RATE_UNAVAILABLE', { currency: 'USD' });
  return new Decimal(amount).times(a).dividedBy(usd);
}

/** What the account used of the feature's budget in the 24 hours before `now`. */
async function used(
  db: Pick<Db, '$queryRaw'>,
  userId: string,
  permission: LimitedPermission,
  now: Date,
): Promise<Decimal> {
  const [row] = await db.$queryRaw<{ used: string }[]>`
    SELECT COALESCE(SUM(usd), 0)::text AS used FROM kyc_limit_usage
    WHERE "userId" = ${userId}::uuid AND permission = ${permission}
      AND "createdAt" > ${new Date(now.getTime() - DAY_MS)}`;
  return new Decimal(row?.used ?? '0');
}

/**
 * Reserves `usd` of an opted-out account's Real-mode budget of a limited feature
 * (OPTED_OUT_LIMITS_USD_24H over the last 24 hours of the clock), or refuses with what remains:
 * 7034 for spot trading (its own message), 7036 for the others. Reservations of one account are
 * serialised by an advisory lock, so two requests at once cannot both pass. Returns a release
 * for an operation that did not happen.
 */
export async function reserveOptedOut(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  permission: LimitedPermission;
  usd: Decimal;
}): Promise<() => Promise<void>> {
  const limit = new Decimal(OPTED_OUT_LIMITS_USD_24H[opts.permission]);
  const now = opts.clock.date();
  const id = await opts.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`kyc-limit:${opts.userId}`}))`;
    const remaining = Decimal.max(
      0,
      limit.minus(await used(tx, opts.userId, opts.permission, now)),
    );
    if (opts.usd.gt(remaining))
      throw new AppError(
        opts.permission === 'SPOT_TRADE' ? 'KYC_OPTED_OUT_LIMIT' : 'KYC_OPTED_OUT_FEATURE_LIMIT',
        {
          limitUsd: limit.toFixed(),
          remainingUsd: remaining.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
        },
      );
    const usage = await tx.kycLimitUsage.create({
      data: {
        userId: opts.userId,
        permission: opts.permission,
        usd: opts.usd.toFixed(),
        createdAt: now,
      },
    });
    return usage.id;
  });
  return async () => {
    await opts.db.kycLimitUsage.deleteMany({ where: { id } });
  };
}

/** Spot trading's reservation (the order path's name for it). */
export const reserveOptedOutSpot = (opts: { db: Db; clock: Clock; userId: string; usd: Decimal }) =>
  reserveOptedOut({ ...opts, permission: 'SPOT_TRADE' });

/** Each limited feature's budget of an account: limit, used and remaining in the last 24 hours. */
export async function optedOutLimits(
  db: Db,
  clock: Clock,
  userId: string,
): Promise<OptedOutLimit[]> {
  const now = clock.date();
  return Promise.all(
    LIMITED_PERMISSIONS.map(async (permission) => {
      const limit = new Decimal(OPTED_OUT_LIMITS_USD_24H[permission]);
      const spent = await used(db, userId, permission, now);
      return {
        permission,
        limitUsd: limit.toFixed(),
        usedUsd: spent.toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(),
        remainingUsd: Decimal.max(0, limit.minus(spent))
          .toDecimalPlaces(2, Decimal.ROUND_DOWN)
          .toFixed(),
      };
    }),
  );
}

/**
 * Runs `operation` within an opted-out account's budget: for a LIMITED access, `asset` x
 * `amount` is valued in USD and reserved first (refused past the limit with nothing done), and
 * released if the operation throws; for any other access it just runs.
 */
export async function withinOptedOutLimit<T>(
  deps: { db: Db; clock: Clock; redis: RedisConnections },
  input: {
    access: string;
    userId: string;
    permission: LimitedPermission;
    asset: string;
    amount: Decimal.Value;
  },
  operation: () => Promise<T>,
): Promise<T> {
  if (input.access !== 'LIMITED') return operation();
  const release = await reserveOptedOut({
    db: deps.db,
    clock: deps.clock,
    userId: input.userId,
    permission: input.permission,
    usd: await usdValue(deps.redis, input.asset, input.amount),
  });
  try {
    return await operation();
  } catch (err) {
    await release();
    throw err;
  }
}
