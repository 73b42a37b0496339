import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Prisma } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import {
  addLegs,
  checkedLegs,
  compareBalanceKeys,
  isSystemAccount,
  type BalanceChange,
  type Leg,
  type Posting,
} from './posting.js';

export { SYSTEM, type Bucket, type Leg, type Posting } from './posting.js';

type Tx = Prisma.TransactionClient;

/**
 * Posts one double-entry transaction inside the caller's database transaction: the legs must
 * sum to zero per asset; balances move by conditional upserts in the ledger's one key order
 * (`compareBalanceKeys`, the order `settle_batch` and `place_orders` lock them in too, so no two
 * writers deadlock), and the CHECK constraint turns any user balance going below zero into INSUFFICIENT_BALANCE,
 * which aborts the caller's whole transaction.
 */
export async function post(tx: Tx, p: Posting): Promise<string> {
  const legs = checkedLegs(p);
  const changes = new Map<string, BalanceChange>();
  addLegs(changes, p, legs);
  const txId = randomUUID();
  const ordered = [...changes.values()].sort(compareBalanceKeys);
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
          VALUES (${b.accountId}, ${p.mode}, ${b.asset}, ${b.available.toFixed()}::numeric, ${b.frozen.toFixed()}::numeric, ${isSystemAccount(b.accountId)}, ${p.at})
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
    data: legs.map((l) => ({
      txId,
      accountId: l.accountId,
      mode: p.mode,
      asset: l.asset,
      bucket: l.bucket,
      amount: l.amount.toFixed(),
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
