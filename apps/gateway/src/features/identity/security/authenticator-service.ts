import { isGoogleCodeFormat, EMAIL_CODE_LENGTH } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { AppError } from '../../../lib/app-error.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { consumeEmailCode } from '../auth/email-code-service.js';
import type { SecondFactor } from '../auth/auth-service.js';
import type { SecurityDeps } from './security-deps.js';
import { noticeSecurityChange, sendNotice } from './notices.js';
import { securityLockEnd } from './security-lock.js';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.js';
import {
  assertGoogleCodesAllowed,
  clearWrongGoogleCodes,
  recordWrongGoogleCode,
} from './totp-guard.js';

/** How long a secret shown for linking waits for its confirming code. */
export const SETUP_TTL_MS = 10 * 60_000;

interface TotpDeps {
  db: Db;
  redis: RedisConnections;
  clock: Clock;
  box: SecretBox;
}

export function assertEmailCodeFormat(code: string): void {
  if (!new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code.trim()))
    throw new AppError('EMAIL_CODE_FORMAT');
}

export function assertGoogleCodeFormat(code: string | undefined): asserts code is string {
  if (code === undefined || !isGoogleCodeFormat(code)) throw new AppError('GOOGLE_CODE_FORMAT');
}

/**
 * A checked Google code of a user, not yet spent: `commit` records its time step (conditional
 * on no newer step being recorded, so two requests racing with one code cannot both pass).
 * Callers check everything else first and commit last, so a refused request spends no code.
 */
export async function checkGoogleCode(
  deps: TotpDeps,
  userId: string,
  code: string,
): Promise<{ commit(): Promise<void> }> {
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpLastStep: true },
  });
  if (!user?.totpSecret) throw new AppError('GOOGLE_AUTH_REQUIRED');
  await assertGoogleCodesAllowed(deps.redis, deps.clock, userId);
  let step: number;
  try {
    step = matchTotp({
      secret: deps.box.open(user.totpSecret, userId),
      code,
      clock: deps.clock,
      lastStep: user.totpLastStep,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 8005)
      throw await recordWrongGoogleCode(deps.redis, deps.clock, userId);
    throw err;
  }
  return {
    async commit() {
      const { count } = await deps.db.user.updateMany({
        where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
        data: { totpLastStep: step },
      });
      if (count !== 1) throw new AppError('GOOGLE_CODE_USED');
      await clearWrongGoogleCodes(deps.redis, userId);
    },
  };
}

/** The login's second step, for the auth feature. */
export function loginSecondFactor(deps: TotpDeps): SecondFactor {
  return {
    async required(userId) {
      const user = await deps.db.user.findUnique({
        where: { id: userId },
        select: { totpSecret: true },
      });
      return Boolean(user?.totpSecret);
    },
    async verify(userId, code) {
      await (await checkGoogleCode(deps, userId, code)).commit();
    },
  };
}

/**
 * Starts linking: a new secret (kept sealed until a code confirms it) and its otpauth:// URI for
 * the QR code. Asking again replaces the secret shown before.
 */
export async function startAuthenticatorSetup(deps: SecurityDeps, userId: string) {
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { email: true, totpSecret: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.totpSecret) throw new AppError('AUTHENTICATOR_ALREADY_LINKED');
  const secret = newTotpSecret();
  await deps.db.user.update({
    where: { id: userId },
    data: {
      totpPendingSecret: deps.box.seal(secret, userId),
      totpPendingExpiresAt: new Date(deps.clock.now() + SETUP_TTL_MS),
    },
  });
  return {
    secret,
    otpauthUrl: otpauthUrl(secret, user.email),
    expiresInSeconds: SETUP_TTL_MS / 1000,
  };
}

/** Links the Authenticator shown by the setup once a code from it is right. */
export async function linkAuthenticator(
  deps: SecurityDeps,
  userId: string,
  input: { googleCode: string },
): Promise<void> {
  assertGoogleCodeFormat(input.googleCode);
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpPendingSecret: true, totpPendingExpiresAt: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.totpSecret) throw new AppError('AUTHENTICATOR_ALREADY_LINKED');
  if (
    !user.totpPendingSecret ||
    !user.totpPendingExpiresAt ||
    user.totpPendingExpiresAt.getTime() <= deps.clock.now()
  )
    throw new AppError('AUTHENTICATOR_SETUP_EXPIRED');
  const step = matchTotp({
    secret: deps.box.open(user.totpPendingSecret, userId),
    code: input.googleCode,
    clock: deps.clock,
    lastStep: null,
  });
  const { count } = await deps.db.user.updateMany({
    where: { id: userId, totpSecret: null, totpPendingSecret: user.totpPendingSecret },
    data: {
      totpSecret: user.totpPendingSecret,
      totpLinkedAt: deps.clock.date(),
      totpLastStep: step,
      totpPendingSecret: null,
      totpPendingExpiresAt: null,
    },
  });
  if (count !== 1) throw new AppError('AUTHENTICATOR_ALREADY_LINKED');
  await noticeSecurityChange(deps, userId, 'AUTHENTICATOR_LINKED', null);
}

/**
 * Unlinks with a Google code and an e-mailed code; starts the 24-hour security lock and tells
 * the account's address.
 */
export async function unlinkAuthenticator(
  deps: SecurityDeps,
  userId: string,
  input: { googleCode: string; emailCode: string },
): Promise<void> {
  assertGoogleCodeFormat(input.googleCode);
  assertEmailCodeFormat(input.emailCode);
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { email: true, language: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  const google = await checkGoogleCode(deps, userId, input.googleCode);
  await consumeEmailCode({
    db: deps.db,
    clock: deps.clock,
    secret: deps.env.AUTH_SECRET,
    email: user.email,
    purpose: 'UNLINK_AUTHENTICATOR',
    code: input.emailCode,
  });
  await google.commit();
  const lockedUntil = securityLockEnd(deps.clock);
  await deps.db.user.update({
    where: { id: userId },
    data: {
      totpSecret: null,
      totpLinkedAt: null,
      totpLastStep: null,
      securityLockedUntil: lockedUntil,
    },
  });
  await sendNotice(deps, user.email, 'AUTHENTICATOR_UNLINKED', user.language);
  await noticeSecurityChange(deps, userId, 'AUTHENTICATOR_UNLINKED', lockedUntil);
}
