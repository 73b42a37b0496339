import { SECURITY_LOCK_MS, type SecurityLock } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';

/** The end of a lock starting now: 24 hours of logical time (spec section 9). */
export function securityLockEnd(clock: Clock): Date {
  return new Date(clock.now() + SECURITY_LOCK_MS);
}

/** The lock as the client shows it, or null once its end has passed. */
export function lockView(until: Date | null, clock: Clock): SecurityLock | null {
  const remainingMs = (until?.getTime() ?? 0) - clock.now();
  if (!until || remainingMs <= 0) return null;
  return { lockedUntil: until.toISOString(), remainingMinutes: Math.ceil(remainingMs / 60_000) };
}

/**
 * The one check of the security lock: after a password change, e-mail change or Authenticator
 * unlink, withdrawals, internal transfers and flash remittance are refused for 24 hours. The
 * error carries the time left and the end.
 */
export async function assertNoSecurityLock(
  deps: { db: Db; clock: Clock },
  userId: string,
): Promise<void> {
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { securityLockedUntil: true },
  });
  const lock = lockView(user?.securityLockedUntil ?? null, deps.clock);
  if (!lock) return;
  const until = new Date(lock.lockedUntil);
  throw new AppError('SECURITY_LOCKED_UNTIL', {
    lockedUntil: lock.lockedUntil,
    lockedUntilUtc: `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    remainingHours: Math.floor(lock.remainingMinutes / 60),
    remainingMinutes: lock.remainingMinutes % 60,
    remainingTotalMinutes: lock.remainingMinutes,
  });
}
