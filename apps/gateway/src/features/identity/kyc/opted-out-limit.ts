import { Decimal } from 'decimal.js';
import { OPTED_OUT_SPOT_LIMIT_USD_24H } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';

const DAY_MS = 24 * 3_600_000;
/** Assets counted 1:1 as US dollars when valuing an order against the limit. */
export const USD_VALUED_ASSETS: ReadonlySet<string> = new Set(['USD', 'USDT', 'USDC']);

/**
 * Reserves `usd` of an opted-out account's Real-mode spot limit (OPTED_OUT_SPOT_LIMIT_USD_24H
 * over the last 24 hours of the clock), or refuses with 7034 and what remains. Reservations of
 * one account are serialised by an advisory lock, so two orders at once cannot both pass.
 * Returns a release for a placement that did not happen.
 */
export async function reserveOptedOutSpot(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  usd: Decimal;
}): Promise<() => Promise<void>> {
  const limit = new Decimal(OPTED_OUT_SPOT_LIMIT_USD_24H);
  const now = opts.clock.date();
  const id = await opts.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`kyc-limit:${opts.userId}`}))`;
    const [row] = await tx.$queryRaw<{ used: string }[]>`
      SELECT COALESCE(SUM(usd), 0)::text AS used FROM kyc_limit_usage
      WHERE "userId" = ${opts.userId}::uuid AND "createdAt" > ${new Date(now.getTime() - DAY_MS)}`;
    const remaining = Decimal.max(0, limit.minus(row?.used ?? '0'));
    if (opts.usd.gt(remaining))
      throw new AppError('KYC_OPTED_OUT_LIMIT', {
        limitUsd: limit.toFixed(),
        remainingUsd: remaining.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
      });
    const usage = await tx.kycLimitUsage.create({
      data: { userId: opts.userId, usd: opts.usd.toFixed(), createdAt: now },
    });
    return usage.id;
  });
  return async () => {
    await opts.db.kycLimitUsage.deleteMany({ where: { id } });
  };
}
