import { Decimal } from 'decimal.js';
import {
  RuntimeMode,
  WHITELIST_NOTE_MAX,
  WHITELIST_NOTE_MIN,
  type KycPermission,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { requirePermission } from '../../../lib/permissions.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import { assertNoSecurityLock } from '../../identity/security/security-lock.js';
import type { OutDeps } from './withdrawal-deps.js';

/** The spec's note rule: required, 2 to 30 characters (5004); past 100, the longer message (5005). */
export function checkNote(note: string): string {
  const length = [...note.trim()].length;
  if (length > 100) throw new AppError('NOTE_TOO_LONG');
  if (length < WHITELIST_NOTE_MIN || length > WHITELIST_NOTE_MAX) throw new AppError('NOTE_LENGTH');
  return note.trim();
}

/** Money leaves only Real accounts: Demo and Trial funds are simulated. */
export function assertReal(mode: number): void {
  if (mode !== RuntimeMode.REAL) throw new AppError('REAL_MODE_ONLY');
}

/**
 * The checks before money leaves an account, in the order the user can act on them: the account
 * exists, its identity permits the feature (opted-out accounts have no withdrawal limit to apply,
 * so "limited" refuses with 7002), and no 24-hour security lock runs.
 */
export async function assertMayMoveOut(
  deps: Pick<OutDeps, 'db' | 'clock'>,
  userId: string,
  mode: number,
  permission: KycPermission,
) {
  assertReal(mode);
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { id: true, uid: true, email: true, kycLevel: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  // An opted-out account on a limited way out: the caller reserves the amount of its budget.
  const access = requirePermission(user, mode as RuntimeMode, permission, { allowLimited: true });
  await assertNoSecurityLock(deps, userId);
  return { ...user, access };
}

/** A positive amount with at most the asset's decimals; the asset must be an active coin. */
export async function checkAmount(db: Db, asset: string, amount: string) {
  const found = await db.asset.findUnique({
    where: { code: asset },
    select: {
      code: true,
      decimals: true,
      status: true,
      type: true,
      tags: true,
      maintenanceMessage: true,
    },
  });
  if (!found || found.type !== 'COIN' || !found.tags.includes('real'))
    throw new AppError('ASSET_NOT_AVAILABLE');
  // An operator's maintenance of the coin (`npm run ops -- asset maintenance`) pauses withdrawals.
  if (found.status === 'MAINTENANCE' || found.maintenanceMessage !== null)
    throw new AppError('COIN_UNDER_MAINTENANCE');
  if (found.status !== 'ACTIVE') throw new AppError('ASSET_NOT_AVAILABLE');
  let value: Decimal;
  try {
    value = new Decimal(amount);
  } catch {
    throw new AppError('AMOUNT_INVALID', { decimals: found.decimals });
  }
  if (!value.isFinite() || value.lte(0) || value.decimalPlaces() > found.decimals)
    throw new AppError('AMOUNT_INVALID', { decimals: found.decimals });
  return { value, decimals: found.decimals };
}

/** The available balance of an account's asset, locked for the caller's transaction. */
export async function lockedAvailable(
  tx: Pick<Db, '$queryRaw'>,
  userId: string,
  mode: number,
  asset: string,
): Promise<Decimal> {
  const rows = await tx.$queryRaw<{ available: string }[]>`
    SELECT available::text AS available FROM balance
    WHERE "accountId" = ${userId} AND mode = ${mode} AND asset = ${asset} FOR UPDATE`;
  return new Decimal(rows[0]?.available ?? 0);
}

/** Tells the account's pages to refetch these balances. */
export async function refreshAssets(
  deps: Pick<OutDeps, 'fanout'>,
  userId: string,
  mode: number,
  assets: string[],
): Promise<void> {
  await deps.fanout.publish(privateTopic('refreshAsset', userId, mode), { assets });
}

/** A unique-key violation (Prisma P2002, or Postgres 23505 through a raw query). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e?.code === 'P2002' || (typeof e?.message === 'string' && e.message.includes('23505'));
}

/** numeric text with trailing zeros -> plain decimal text. */
export const exact = (v: Decimal.Value | { toString(): string }) =>
  new Decimal(v.toString()).toFixed();
