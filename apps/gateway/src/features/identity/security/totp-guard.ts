import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { AppError } from '../../../lib/app-error.js';

/**
 * Wrong Google codes per user: five within 15 minutes stop every Google code check of that user
 * (step-up, unlink, changes, login) for 15 minutes, so a session cannot guess its way through the
 * million codes. The end is kept in logical time; Redis expiry only cleans up.
 */
export const MAX_WRONG_GOOGLE_CODES = 5;
export const GOOGLE_CODE_LOCK_MS = 15 * 60_000;

/** A user's counter and lock share a hash tag (one MULTI touches both on a Redis Cluster). */
const key = (userId: string, part: 'fails' | 'lock') => `totp:{${userId}}:${part}`;

export async function assertGoogleCodesAllowed(
  redis: RedisConnections,
  clock: Clock,
  userId: string,
): Promise<void> {
  const until = Number((await redis.commands.get(key(userId, 'lock'))) ?? 0);
  const remainingMs = until - clock.now();
  if (remainingMs > 0)
    throw new AppError('GOOGLE_CODE_LOCKED', {
      remainingMinutes: Math.max(1, Math.ceil(remainingMs / 60_000)),
    });
}

/** Counts a wrong code; the one that reaches the limit starts the pause (and says so). */
export async function recordWrongGoogleCode(
  redis: RedisConnections,
  clock: Clock,
  userId: string,
): Promise<AppError> {
  const fails = key(userId, 'fails');
  const replies = await redis.commands
    .multi()
    .incr(fails)
    .pexpire(fails, clock.realDelay(GOOGLE_CODE_LOCK_MS))
    .exec();
  const count = Number(replies?.[0]?.[1] ?? 1);
  if (count < MAX_WRONG_GOOGLE_CODES) return new AppError('GOOGLE_CODE_INVALID');
  await redis.commands
    .multi()
    .set(
      key(userId, 'lock'),
      String(clock.now() + GOOGLE_CODE_LOCK_MS),
      'PX',
      clock.realDelay(GOOGLE_CODE_LOCK_MS) + 60_000,
    )
    .del(fails)
    .exec();
  return new AppError('GOOGLE_CODE_LOCKED', { remainingMinutes: GOOGLE_CODE_LOCK_MS / 60_000 });
}

export async function clearWrongGoogleCodes(redis: RedisConnections, userId: string) {
  await redis.commands.del(key(userId, 'fails'));
}
