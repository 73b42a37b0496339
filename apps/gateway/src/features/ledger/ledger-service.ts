import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Prisma } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

export type Bucket = 'AVAILABLE' | 'FROZEN';

export interface Leg {
  accountId: string;
  asset: string;
  bucket: Bucket;
  /** Signed decimal: positive credits the account's bucket. */
  amount: Decimal.Value;
}

export interface Posting {
  mode: number;
  flowType: number;
  refType: string;
  refId: string;
  legs: readonly Leg[];
  at: Date;
}

type Tx = Prisma.TransactionClient;

export const SYSTEM = {
  /** The other side of simulated Demo and Trial funds. */
  demoFunding: 'system:demo-funding',
  /** Fees collected. */
  fees: 'system:fees',
  /** The other side of money entering or leaving the exchange (deposits, withdrawals, dev credit). */
  external: 'system:external',
} as const;

const isSystem = (accountId: string) => accountId.startsWith('system:');

/**
 * Posts one double-entry transaction inside the caller's database transaction: the legs must
 * sum to zero per asset; balances move by conditional upserts in a fixed order (no deadlocks),
 * and the CHECK constraint turns any user balance going below zero into INSUFFICIENT_BALANCE,
 * which aborts the caller's whole transaction.
 */
export async function post(tx: Tx, p: Posting): Promise<string> {
  const perAsset = new Map<string, Decimal>();
  const perBalance = new Map<
    string,
    { accountId: string; asset: string; available: Decimal; frozen: Decimal }
  >();
  for (const leg of p.legs) {
    const amount = new Decimal(leg.amount);
    if (amount.isZero()) continue;
    perAsset.set(leg.asset, (perAsset.get(leg.asset) ?? new Decimal(0)).plus(amount));
    const key = `${leg.accountId}\u0000${leg.asset}`;
    const b = perBalance.get(key) ?? {
      accountId: leg.accountId,
      asset: leg.asset,
      available: new Decimal(0),
      frozen: new Decimal(0),
    };
    if (leg.bucket === 'AVAILABLE') b.available = b.available.plus(amount);
    else b.frozen = b.frozen.plus(amount);
    perBalance.set(key, b);
  }
  for (const [asset, sum] of perAsset) {
    if (!sum.isZero())
      throw new Error(
        `Unbalanced posting ${p.refType}/${p.refId}: ${asset} sums to ${sum.toFixed()}`,
      );
  }
  const txId = randomUUID();
  const ordered = [...perBalance.values()].sort((a, b) =>
    a.accountId === b.accountId
      ? a.asset.localeCompare(b.asset)
      : a.accountId.localeCompare(b.accountId),
  );
  try {
    for (const b of ordered) {
      // UPDATE first: Postgres checks an INSERT's candidate row against the CHECK constraint
      // before ON CONFLICT applies, so a debit must not go through the INSERT path.
      const updated = await tx.$executeRaw`
        UPDATE balance SET available = available + ${b.available.toFixed()}::numeric,
                           frozen = frozen + ${b.frozen.toFixed()}::numeric, "updatedAt" = ${p.at}
        WHERE "accountId" = ${b.accountId} AND mode = ${p.mode} AND asset = ${b.asset}`;
      if (updated === 0) {
        await tx.$executeRaw`
          INSERT INTO balance ("accountId", mode, asset, available, frozen, "isSystem", "updatedAt")
          VALUES (${b.accountId}, ${p.mode}, ${b.asset}, ${b.available.toFixed()}::numeric, ${b.frozen.toFixed()}::numeric, ${isSystem(b.accountId)}, ${p.at})
          ON CONFLICT ("accountId", mode, asset) DO UPDATE
          SET available = balance.available + EXCLUDED.available,
              frozen = balance.frozen + EXCLUDED.frozen,
              "updatedAt" = EXCLUDED."updatedAt"`;
      }
    }
  } catch (err) {
    if (isCheckViolation(err)) throw new AppError('INSUFFICIENT_BALANCE', null, { cause: err });
    throw err;
  }
  await tx.ledgerEntry.createMany({
    data: p.legs
      .filter((l) => !new Decimal(l.amount).isZero())
      .map((l) => ({
        txId,
        accountId: l.accountId,
        mode: p.mode,
        asset: l.asset,
        bucket: l.bucket,
        amount: new Decimal(l.amount).toFixed(),
        flowType: p.flowType,
        refType: p.refType,
        refId: p.refId,
        createdAt: p.at,
      })),
  });
  return txId;
}

/** The text of a database error, including the driver's code and message Prisma wraps. */
export function dbErrorText(err: unknown): string {
  return err instanceof Error
    ? `${err.message} ${JSON.stringify((err as { meta?: unknown }).meta ?? null)}`
    : '';
}

/** A balance would have gone below zero (the CHECK constraint refused it). */
export function isCheckViolation(err: unknown): boolean {
  const text = dbErrorText(err);
  return text.includes('23514') || text.includes('balance_non_negative');
}

/** Moves an amount between an account's available and frozen parts (order placement, cancel). */
export function freezeLegs(accountId: string, asset: string, amount: Decimal.Value): Leg[] {
  return [
    { accountId, asset, bucket: 'AVAILABLE', amount: new Decimal(amount).neg() },
    { accountId, asset, bucket: 'FROZEN', amount },
  ];
}
