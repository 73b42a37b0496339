import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import type { RedisConnections } from '../../lib/redis.js';
import { AppError } from '../../lib/app-error.js';

export interface LockPolicy {
  maxAttempts: number;
  lockMinutes: number;
}

/** Keyed by a hash of the e-mail, registered or not, so answers never reveal which exist. */
const key = (email: string, part: 'fails' | 'lock') =>
  `login:${part}:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;

/**
 * The lock holds its end in logical time (the clock's), so scaled and manual clocks apply;
 * Redis expiry only cleans up afterwards.
 */
async function lockedUntil(redis: RedisConnections, email: string): Promise<number> {
  return Number((await redis.commands.get(key(email, 'lock'))) ?? 0);
}

/** Throws ACCOUNT_LOCKED with the figures of spec section 8 while the address is locked. */
export async function assertNotLocked(
  redis: RedisConnections,
  clock: Clock,
  email: string,
  policy: LockPolicy,
): Promise<void> {
  const remainingMs = (await lockedUntil(redis, email)) - clock.now();
  if (remainingMs <= 0) return;
  throw new AppError('ACCOUNT_LOCKED', {
    failedAttempts: policy.maxAttempts,
    lockMinutes: policy.lockMinutes,
    remainingMinutes: Math.max(1, Math.ceil(remainingMs / 60_000)),
  });
}

/** Counts a wrong password; the attempt that reaches the threshold locks the address. */
export async function recordFailure(
  redis: RedisConnections,
  clock: Clock,
  email: string,
  policy: LockPolicy,
): Promise<AppError> {
  const lockMs = policy.lockMinutes * 60_000;
  const fails = key(email, 'fails');
  const replies = await redis.commands
    .multi()
    .incr(fails)
    .pexpire(fails, clock.realDelay(lockMs))
    .exec();
  const count = Number(replies?.[0]?.[1] ?? 1);
  if (count >= policy.maxAttempts) {
    await redis.commands
      .multi()
      .set(key(email, 'lock'), String(clock.now() + lockMs), 'PX', clock.realDelay(lockMs) + 60_000)
      .del(fails)
      .exec();
    return new AppError('ACCOUNT_LOCKED', {
      failedAttempts: count,
      lockMinutes: policy.lockMinutes,
      remainingMinutes: policy.lockMinutes,
    });
  }
  return new AppError('LOGIN_FAILED_ATTEMPTS', {
    failedAttempts: count,
    maxAttempts: policy.maxAttempts,
    lockMinutes: policy.lockMinutes,
  });
}

export async function clearFailures(redis: RedisConnections, email: string): Promise<void> {
  await redis.commands.del(key(email, 'fails'), key(email, 'lock'));
}
