import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MS } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';

/** What a code proves; a code is checked only for its own purpose. */
export type CodePurpose =
  | 'REGISTER'
  | 'RESET_PASSWORD'
  | 'CHANGE_PASSWORD'
  | 'CHANGE_EMAIL_OLD'
  | 'CHANGE_EMAIL_NEW'
  | 'UNLINK_AUTHENTICATOR'
  | 'STEP_UP';
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_AFTER_MS = 60_000;
/** Default CODES_PER_HOUR (EMAIL_CODES_PER_HOUR): codes of one purpose to one address. */
export const CODES_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

function hashCode(secret: string, id: string, code: string): string {
  return createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
}

/**
 * Creates a 6-digit code valid for 10 minutes; a newer code replaces older ones. Codes are
 * stored as keyed hashes. Another code of a purpose waits a minute while the last one is still
 * unused (a resend); once it was used, the next operation's code is sent at once (a whitelisted
 * address then a withdrawal need not wait), and an address gets at most `codesPerHour` codes of
 * a purpose in an hour. Per purpose: a stranger asking for registration or reset codes to someone's
 * address cannot use up the codes that person's withdrawals need.
 */
export async function createEmailCode(opts: {
  db: Db;
  clock: Clock;
  secret: string;
  email: string;
  purpose: CodePurpose;
  /** Default RESEND_AFTER_MS (EMAIL_CODE_RESEND_SECONDS). */
  resendAfterMs?: number;
  /** Default CODES_PER_HOUR (EMAIL_CODES_PER_HOUR). */
  codesPerHour?: number;
}): Promise<string> {
  const resendAfterMs = opts.resendAfterMs ?? RESEND_AFTER_MS;
  const codesPerHour = opts.codesPerHour ?? CODES_PER_HOUR;
  const now = opts.clock.now();
  // One query answers both rules: the newest codes of the purpose, as many as the hourly cap.
  const recent = await opts.db.emailCode.findMany({
    where: {
      email: opts.email,
      purpose: opts.purpose,
      createdAt: { gt: new Date(now - Math.max(HOUR_MS, resendAfterMs)) },
    },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true, consumedAt: true },
    take: codesPerHour,
  });
  const last = recent[0];
  if (last && last.consumedAt === null && now - last.createdAt.getTime() < resendAfterMs)
    throw new AppError('EMAIL_CODE_TOO_SOON', {
      retryAfterSeconds: Math.ceil((last.createdAt.getTime() + resendAfterMs - now) / 1000),
    });
  // The next may go when the oldest of the hour's last `codesPerHour` is an hour old (newest
  // first: when the hour holds that many, they are the first `codesPerHour` rows).
  const oldest = recent.filter((c) => now - c.createdAt.getTime() < HOUR_MS)[codesPerHour - 1];
  if (oldest)
    throw new AppError('EMAIL_CODE_HOURLY_LIMIT', {
      retryAfterMinutes: Math.ceil((oldest.createdAt.getTime() + HOUR_MS - now) / 60_000),
    });
  const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
  await opts.db.$transaction(async (tx) => {
    await tx.emailCode.updateMany({
      where: { email: opts.email, purpose: opts.purpose, consumedAt: null },
      data: { consumedAt: new Date(now) },
    });
    const id = randomUUID();
    await tx.emailCode.create({
      data: {
        id,
        email: opts.email,
        purpose: opts.purpose,
        codeHash: hashCode(opts.secret, id, code),
        expiresAt: new Date(now + EMAIL_CODE_TTL_MS),
        createdAt: new Date(now),
      },
    });
  });
  return code;
}

interface CodeCheck {
  db: Db;
  clock: Clock;
  secret: string;
  email: string;
  purpose: CodePurpose;
  code: string;
}

/**
 * Whether `code` matches the newest live code of the address, without spending it: the id of
 * that code, or the catalogue error. Each wrong guess counts; after five the code is dead and a
 * new one is needed. Expired and used codes never match.
 */
export async function checkEmailCode(opts: CodeCheck): Promise<string> {
  const now = new Date(opts.clock.now());
  const row = await opts.db.emailCode.findFirst({
    where: { email: opts.email, purpose: opts.purpose, consumedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: 'desc' },
  });
  if (!row) throw new AppError('EMAIL_CODE_INVALID');
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('EMAIL_CODE_TOO_MANY_ATTEMPTS');
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(opts.secret, row.id, opts.code.trim()), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) return row.id;
  const updated = await opts.db.emailCode.update({
    where: { id: row.id },
    data: { attempts: { increment: 1 } },
  });
  throw new AppError(
    updated.attempts >= MAX_CODE_ATTEMPTS ? 'EMAIL_CODE_TOO_MANY_ATTEMPTS' : 'EMAIL_CODE_INVALID',
  );
}

/** Spends a code checked by `checkEmailCode`; of two concurrent requests only one spends it. */
export async function spendEmailCode(opts: { db: Db; clock: Clock; id: string }): Promise<void> {
  // Conditional: two concurrent requests with the right code cannot both spend it.
  const spent = await opts.db.emailCode.updateMany({
    where: { id: opts.id, consumedAt: null },
    data: { consumedAt: new Date(opts.clock.now()) },
  });
  if (spent.count !== 1) throw new AppError('EMAIL_CODE_INVALID');
}

/** Spends the newest live code of the address if `code` matches (see `checkEmailCode`). */
export async function consumeEmailCode(opts: CodeCheck): Promise<void> {
  await spendEmailCode({ ...opts, id: await checkEmailCode(opts) });
}
