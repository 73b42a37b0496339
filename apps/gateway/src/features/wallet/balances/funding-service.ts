import { Decimal } from 'decimal.js';
import { FlowType, RuntimeMode } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { post, SYSTEM, type Leg } from '../ledger/ledger-service.js';

export type FundingPlan = Record<string, string>;

/**
 * Credits the simulated funds the first time a user enters Demo or Trial. The enrollment row is
 * inserted in the same transaction as the credit, so concurrent first requests fund once.
 */
export async function ensureFunded(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: number;
  plan: FundingPlan;
}): Promise<boolean> {
  if (opts.mode === RuntimeMode.REAL) return false;
  const existing = await opts.db.modeEnrollment.findUnique({
    where: { userId_mode: { userId: opts.userId, mode: opts.mode } },
  });
  if (existing) return false;
  return opts.db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO mode_enrollment ("userId", mode, "fundedAt", "resetCount")
      VALUES (${opts.userId}::uuid, ${opts.mode}, ${opts.clock.date()}, 0) ON CONFLICT DO NOTHING`;
    if (inserted === 0) return false;
    await post(tx, {
      mode: opts.mode,
      flowType: FlowType.DEMO_FUNDING,
      refType: 'DEMO_FUNDING',
      refId: opts.userId,
      at: opts.clock.date(),
      legs: Object.entries(opts.plan).flatMap(([asset, amount]): Leg[] => [
        {
          accountId: SYSTEM.demoFunding,
          asset,
          bucket: 'AVAILABLE',
          amount: new Decimal(amount).neg(),
        },
        { accountId: opts.userId, asset, bucket: 'AVAILABLE', amount },
      ]),
    });
    return true;
  });
}

/**
 * Restores the simulated funds: every asset of the account in the mode is set back to the
 * plan (zero for assets outside it). Open orders must be cancelled first: frozen funds block it.
 */
export async function resetFunds(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: number;
  plan: FundingPlan;
}): Promise<void> {
  if (opts.mode === RuntimeMode.REAL)
    throw new AppError('VALIDATION_FAILED', { issues: 'only Demo and Trial funds can be reset' });
  await ensureFunded(opts);
  await opts.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ asset: string; available: string; frozen: string }[]>`
      SELECT asset, available::text, frozen::text FROM balance
      WHERE "accountId" = ${opts.userId} AND mode = ${opts.mode} FOR UPDATE`;
    if (rows.some((r) => !new Decimal(r.frozen).isZero())) {
      throw new AppError('VALIDATION_FAILED', {
        issues: 'cancel open orders before resetting the funds',
      });
    }
    const assets = new Set([...rows.map((r) => r.asset), ...Object.keys(opts.plan)]);
    const legs: Leg[] = [];
    for (const asset of assets) {
      const current = new Decimal(rows.find((r) => r.asset === asset)?.available ?? 0);
      const delta = new Decimal(opts.plan[asset] ?? 0).minus(current);
      if (delta.isZero()) continue;
      legs.push({ accountId: opts.userId, asset, bucket: 'AVAILABLE', amount: delta });
      legs.push({ accountId: SYSTEM.demoFunding, asset, bucket: 'AVAILABLE', amount: delta.neg() });
    }
    await post(tx, {
      mode: opts.mode,
      flowType: FlowType.DEMO_RESET,
      refType: 'DEMO_RESET',
      refId: opts.userId,
      at: opts.clock.date(),
      legs,
    });
    await tx.modeEnrollment.update({
      where: { userId_mode: { userId: opts.userId, mode: opts.mode } },
      data: { resetCount: { increment: 1 } },
    });
  });
}
