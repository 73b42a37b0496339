import { Decimal } from 'decimal.js';
import { RuntimeMode } from '@exchange/contracts';
import type { Db, Prisma } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { withdrawalLockedAmount } from '../crypto-deposit/deposit-service.js';
import { lockedAvailable } from './money-out-checks.js';

/**
 * How much of a balance may leave the exchange now (contracts `withdrawal.ts`, "Holds"): the
 * available balance minus what holds still block. The one answer every way out asks (crypto and
 * fiat withdrawal, internal transfer, flash remittance); trading and conversions inside the
 * account do not ask it.
 */
export interface Leavable {
  /** The available balance of the asset. */
  available: Decimal;
  /** What holds block now (crypto deposits credited less than 24 hours ago). */
  held: Decimal;
  /** available - held, never below 0: what may be withdrawn or sent to another user. */
  withdrawable: Decimal;
}

type Reader = Db | Prisma.TransactionClient;

/** What holds block of (user, mode, asset) at `now`. Holds exist in Real mode only. */
async function heldAmount(
  db: Reader,
  userId: string,
  mode: number,
  asset: string,
  now: Date | number,
): Promise<Decimal> {
  if (mode !== RuntimeMode.REAL) return new Decimal(0);
  return withdrawalLockedAmount(db, userId, asset, now);
}

function leavable(available: Decimal, held: Decimal): Leavable {
  return { available, held, withdrawable: Decimal.max(0, available.minus(held)) };
}

/** How much of (user, mode, asset) may leave the exchange now (a plain read). */
export async function withdrawable(
  db: Reader,
  userId: string,
  mode: number,
  asset: string,
  now: Date | number,
): Promise<Leavable> {
  const row = await db.balance.findUnique({
    where: { accountId_mode_asset: { accountId: userId, mode, asset } },
    select: { available: true },
  });
  const available = new Decimal(row?.available.toString() ?? 0);
  return leavable(available, await heldAmount(db, userId, mode, asset, now));
}

/**
 * The same answer under the balance row's lock, for the transaction that then moves the money:
 * a concurrent request may have taken part of it since the first check.
 */
export async function lockedWithdrawable(
  tx: Prisma.TransactionClient,
  userId: string,
  mode: number,
  asset: string,
  now: Date | number,
): Promise<Leavable> {
  const available = await lockedAvailable(tx, userId, mode, asset);
  return leavable(available, await heldAmount(tx, userId, mode, asset, now));
}

/**
 * Refuses an amount above what may leave: 5001 when the balance itself is short, 5216 (with the
 * withdrawable figure) when holds make it short. Nothing has been written when it throws.
 */
export function assertWithdrawable(amount: Decimal.Value, l: Leavable, asset: string): void {
  if (l.withdrawable.gte(amount)) return;
  if (l.held.isZero() || l.available.lt(amount))
    throw new AppError('INSUFFICIENT_AVAILABLE_BALANCE');
  throw new AppError('WITHDRAWAL_DEPOSIT_FROZEN', {
    withdrawable: l.withdrawable.toFixed(),
    asset,
  });
}
