import { createHash } from 'node:crypto';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { AppError } from '../../../lib/app-error.js';

export interface LockPolicy {
  /** Wrong passwords for one e-mail from one client address that lock that pair. */
  maxAttempts: number;
  lockMinutes: number;
  /**
   * Wrong passwords for one e-mail from all addresses together that lock the account for every
   * address it has not signed in from: the ceiling for a guesser spread over many addresses.
   * Five times `maxAttempts` when not given.
   */
  accountMaxAttempts?: number;
}

/** Who is trying: the e-mail (registered or not) and the client's address. */
export interface LoginAttempt {
  email: string;
  ip?: string | undefined;
}

/** Addresses an account signed in from stay exempt from its account-wide lock this long. */
const KNOWN_ADDRESS_MS = 30 * 86_400_000;

const digest = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);

/**
 * Keyed by hashes of the e-mail, registered or not, so answers never reveal which exist: per
 * e-mail and address (`fails`, `lock`), per e-mail alone (`account-fails`, `account-lock`), and
 * the addresses the account signed in from (`known`).
 */
function keys(who: string | LoginAttempt) {
  const { email, ip } = typeof who === 'string' ? { email: who, ip: undefined } : who;
  const address = ip ?? '-';
  const pair = digest(email, address);
  const account = digest(email);
  // Every key of one e-mail carries its hash tag: the MULTIs and MGET below mix the pair's and
  // the account's keys, which a Redis Cluster allows within one slot only.
  const tag = `{${account}}`;
  return {
    fails: `login:${tag}:fails:${pair}`,
    lock: `login:${tag}:lock:${pair}`,
    accountFails: `login:${tag}:account-fails`,
    accountLock: `login:${tag}:account-lock`,
    known: `login:${tag}:known`,
    address: ip === undefined ? null : digest(address),
  };
}

const accountMax = (policy: LockPolicy) => policy.accountMaxAttempts ?? policy.maxAttempts * 5;

/**
 * Time left on the lock that applies to this attempt: its own address's, and the account-wide
 * one unless the account has signed in from this address before (so a lock that others caused
 * never keeps the owner out at home). Locks hold their end in logical time (the clock's), so
 * scaled and manual clocks apply; Redis expiry only cleans up afterwards.
 */
async function remainingLockMs(
  redis: RedisConnections,
  clock: Clock,
  who: string | LoginAttempt,
): Promise<number> {
  const k = keys(who);
  const [pairUntil, accountUntil] = await redis.commands.mget(k.lock, k.accountLock);
  const now = clock.now();
  const pairLeft = Number(pairUntil ?? 0) - now;
  let accountLeft = Number(accountUntil ?? 0) - now;
  if (accountLeft > 0 && k.address && (await redis.commands.sismember(k.known, k.address)))
    accountLeft = 0;
  return Math.max(pairLeft, accountLeft, 0);
}

/** Throws ACCOUNT_LOCKED with the figures of spec section 8 while this attempt is locked out. */
export async function assertNotLocked(
  redis: RedisConnections,
  clock: Clock,
  who: string | LoginAttempt,
  policy: LockPolicy,
): Promise<void> {
  const remainingMs = await remainingLockMs(redis, clock, who);
  if (remainingMs <= 0) return;
  throw new AppError('ACCOUNT_LOCKED', {
    failedAttempts: policy.maxAttempts,
    lockMinutes: policy.lockMinutes,
    remainingMinutes: Math.max(1, Math.ceil(remainingMs / 60_000)),
  });
}

/**
 * Counts a wrong password for the e-mail from this address and for the e-mail overall. The
 * attempt that reaches the address's threshold locks that pair; the one that reaches the looser
 * account-wide ceiling locks the e-mail for every address it has not signed in from.
 */
export async function recordFailure(
  redis: RedisConnections,
  clock: Clock,
  who: string | LoginAttempt,
  policy: LockPolicy,
): Promise<AppError> {
  const k = keys(who);
  const lockMs = policy.lockMinutes * 60_000;
  const ttl = clock.realDelay(lockMs);
  const replies = await redis.commands
    .multi()
    .incr(k.fails)
    .pexpire(k.fails, ttl)
    .incr(k.accountFails)
    .pexpire(k.accountFails, ttl)
    .exec();
  const count = Number(replies?.[0]?.[1] ?? 1);
  const accountCount = Number(replies?.[2]?.[1] ?? 1);
  const until = String(clock.now() + lockMs);
  if (accountCount >= accountMax(policy)) {
    await redis.commands
      .multi()
      .set(k.accountLock, until, 'PX', ttl + 60_000)
      .del(k.accountFails)
      .exec();
  }
  if (count >= policy.maxAttempts) {
    await redis.commands
      .multi()
      .set(k.lock, until, 'PX', ttl + 60_000)
      .del(k.fails)
      .exec();
    return new AppError('ACCOUNT_LOCKED', {
      failedAttempts: count,
      lockMinutes: policy.lockMinutes,
      remainingMinutes: policy.lockMinutes,
    });
  }
  const remainingMs = await remainingLockMs(redis, clock, who);
  if (remainingMs > 0) {
    return new AppError('ACCOUNT_LOCKED', {
      failedAttempts: count,
      lockMinutes: policy.lockMinutes,
      remainingMinutes: Math.max(1, Math.ceil(remainingMs / 60_000)),
    });
  }
  return new AppError('LOGIN_FAILED_ATTEMPTS', {
    failedAttempts: count,
    maxAttempts: policy.maxAttempts,
    lockMinutes: policy.lockMinutes,
  });
}

/**
 * A successful sign-in: clears this address's count and lock and remembers the address as the
 * account's own. The account-wide count stays: the owner signing in does not stop a guesser.
 */
export async function clearFailures(
  redis: RedisConnections,
  who: string | LoginAttempt,
): Promise<void> {
  const k = keys(who);
  const m = redis.commands.multi().del(k.fails, k.lock);
  if (k.address) m.sadd(k.known, k.address).pexpire(k.known, KNOWN_ADDRESS_MS);
  await m.exec();
}

/** A new password makes earlier guesses moot: clears the account-wide count and lock. */
export async function clearAccountLock(redis: RedisConnections, email: string): Promise<void> {
  const k = keys(email);
  await redis.commands.del(k.accountFails, k.accountLock);
}
