import { normalizeEmail, type SecurityCodePurpose, type SecurityStatus } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { checkedEmail, checkPasswords, codeAnswer, cost, mailCode } from '../auth/auth-service.js';
import { checkEmailCode, consumeEmailCode, spendEmailCode } from '../auth/email-code-service.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { verificationsOf } from '../user/user-service.js';
import {
  assertEmailCodeFormat,
  assertGoogleCodeFormat,
  checkGoogleCode,
} from './authenticator-service.js';
import type { SecurityDeps } from './security-deps.js';
import { noticeSecurityChange, sendNotice } from './notices.js';
import { lockView, securityLockEnd } from './security-lock.js';

async function userOf(deps: SecurityDeps, userId: string) {
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

/** The security page: each method's state, the level and the lock. */
export async function securityStatus(deps: SecurityDeps, userId: string): Promise<SecurityStatus> {
  const user = await userOf(deps, userId);
  const verifications = verificationsOf(user);
  return {
    email: user.email,
    securityLevel: Math.max(1, verifications.length),
    verifications,
    authenticatorLinked: Boolean(user.totpSecret),
    authenticatorLinkedAt: user.totpLinkedAt?.toISOString() ?? null,
    hasPassword: Boolean(user.passwordHash),
    lock: lockView(user.securityLockedUntil, deps.clock),
  };
}

/**
 * E-mails a code for one security action: to the account's address, or for CHANGE_EMAIL_NEW to
 * the new address, which must be well formed, different and free.
 */
export async function requestSecurityCode(
  deps: SecurityDeps,
  userId: string,
  input: { purpose: SecurityCodePurpose; email?: string | undefined },
) {
  const user = await userOf(deps, userId);
  let to = user.email;
  if (input.purpose === 'CHANGE_EMAIL_NEW') {
    to = await freeNewEmail(deps, user.email, input.email ?? '');
  }
  // The new address's code is read in the language the owner is using now.
  await mailCode(deps, to, input.purpose, user.language);
  return codeAnswer(deps.env);
}

async function freeNewEmail(deps: SecurityDeps, current: string, raw: string): Promise<string> {
  const email = checkedEmail(raw);
  if (email === current) throw new AppError('EMAIL_UNCHANGED');
  if (await deps.db.user.findUnique({ where: { email }, select: { id: true } }))
    throw new AppError('EMAIL_TAKEN');
  return email;
}

/** With Google Authenticator linked, its code is asked too; checked, not spent yet. */
async function googleStep(
  deps: SecurityDeps,
  user: { id: string; totpSecret: string | null },
  code: string | undefined,
) {
  if (!user.totpSecret) return null;
  assertGoogleCodeFormat(code);
  return checkGoogleCode(deps, user.id, code);
}

/**
 * Changes the password with the current one and an e-mailed code (and a Google code when
 * linked), under the registration's policy. Every session ends, the 24-hour lock starts and the
 * address is told.
 */
export async function changePassword(
  deps: SecurityDeps,
  userId: string,
  input: {
    oldPassword: string;
    password: string;
    confirmPassword: string;
    emailCode: string;
    googleCode?: string | undefined;
  },
): Promise<void> {
  assertEmailCodeFormat(input.emailCode);
  const user = await userOf(deps, userId);
  checkPasswords(input.password, input.confirmPassword, user.email);
  if (user.totpSecret) assertGoogleCodeFormat(input.googleCode);
  if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword, cost(deps.env))))
    throw new AppError('PASSWORD_INCORRECT');
  if (input.password === input.oldPassword) throw new AppError('NEW_PASSWORD_SAME');
  const google = await googleStep(deps, user, input.googleCode);
  await consumeEmailCode({
    db: deps.db,
    clock: deps.clock,
    secret: deps.env.AUTH_SECRET,
    email: user.email,
    purpose: 'CHANGE_PASSWORD',
    code: input.emailCode,
  });
  await google?.commit();
  const passwordHash = await hashPassword(input.password, cost(deps.env));
  const lockedUntil = securityLockEnd(deps.clock);
  await deps.db.user.update({
    where: { id: userId },
    data: {
      passwordHash,
      passwordChangedAt: deps.clock.date(),
      securityLockedUntil: lockedUntil,
    },
  });
  await deps.sessions.revokeAll(userId, 'SECURITY_CHANGE');
  await sendNotice(deps, user.email, 'PASSWORD_CHANGED', user.language);
  await noticeSecurityChange(deps, userId, 'PASSWORD_CHANGED', lockedUntil);
}

/**
 * Moves the account to a new address with a code mailed to the old one and a code mailed to the
 * new one (and a Google code when linked). Every session ends, the 24-hour lock starts and the
 * old address is told.
 */
export async function changeEmail(
  deps: SecurityDeps,
  userId: string,
  input: {
    newEmail: string;
    oldEmailCode: string;
    newEmailCode: string;
    googleCode?: string | undefined;
  },
): Promise<void> {
  const user = await userOf(deps, userId);
  const newEmail = normalizeEmail(input.newEmail);
  checkedEmail(newEmail);
  if (newEmail === user.email) throw new AppError('EMAIL_UNCHANGED');
  assertEmailCodeFormat(input.oldEmailCode);
  assertEmailCodeFormat(input.newEmailCode);
  if (user.totpSecret) assertGoogleCodeFormat(input.googleCode);
  await freeNewEmail(deps, user.email, newEmail);
  const google = await googleStep(deps, user, input.googleCode);
  // Both codes are checked before either is spent, so a wrong one leaves the other usable.
  const codeOf = (email: string, purpose: 'CHANGE_EMAIL_OLD' | 'CHANGE_EMAIL_NEW', code: string) =>
    checkEmailCode({
      db: deps.db,
      clock: deps.clock,
      secret: deps.env.AUTH_SECRET,
      email,
      purpose,
      code,
    });
  const oldCode = await codeOf(user.email, 'CHANGE_EMAIL_OLD', input.oldEmailCode);
  const newCode = await codeOf(newEmail, 'CHANGE_EMAIL_NEW', input.newEmailCode);
  await spendEmailCode({ db: deps.db, clock: deps.clock, id: oldCode });
  await spendEmailCode({ db: deps.db, clock: deps.clock, id: newCode });
  await google?.commit();
  const lockedUntil = securityLockEnd(deps.clock);
  try {
    await deps.db.user.update({
      where: { id: userId },
      data: { email: newEmail, securityLockedUntil: lockedUntil },
    });
  } catch (err) {
    // Another account took the address in the meantime: the unique index decides.
    if ((err as { code?: string }).code === 'P2002') throw new AppError('EMAIL_TAKEN');
    throw err;
  }
  await deps.sessions.revokeAll(userId, 'SECURITY_CHANGE');
  await sendNotice(deps, user.email, 'EMAIL_CHANGED', user.language, newEmail);
  await noticeSecurityChange(deps, userId, 'EMAIL_CHANGED', lockedUntil);
}
