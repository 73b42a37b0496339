import { randomInt } from 'node:crypto';
import {
  isValidEmail,
  normalizeEmail,
  type AgreementVersion,
  type EntityType,
} from '@exchange/contracts';
import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { AppError } from '../../../lib/app-error.js';
import { codeMail, existingAccountMail } from '../../platform/mail/account-mails.js';
import type { sendMailJob } from '../../platform/mail/send-mail-job.js';
import { consumeEmailCode, createEmailCode, type CodePurpose } from './email-code-service.js';
import { assertNotLocked, clearAccountLock, clearFailures, recordFailure } from './login-guard.js';
import { LoginTickets } from './login-ticket.js';
import { hashPassword, verifyPassword } from './password.js';
import { checkPasswordPolicy } from './password-policy.js';
import { consumePuzzleToken } from './puzzle/puzzle-service.js';
import { checkAgreed } from '../../platform/legal/legal-service.js';
import type { IssuedTokens, Sessions } from './session-service.js';
import { EMAIL_CODE_TTL_MS, SECURITY_LOCK_MS } from '@exchange/contracts';

/**
 * The Google Authenticator step of the login. The security feature provides it
 * (`app.security.secondFactor`), so auth does not depend on the security settings.
 */
export interface SecondFactor {
  required(userId: string): Promise<boolean>;
  /** Accepts a code once; throws the catalogue error of a malformed, wrong or replayed code. */
  verify(userId: string, code: string): Promise<void>;
}

export interface AuthDeps {
  db: Db;
  redis: RedisConnections;
  clock: Clock;
  env: Env;
  jobs: Jobs;
  mailJob: ReturnType<typeof sendMailJob>;
  sessions: Sessions;
  secondFactor?: SecondFactor | undefined;
}

export interface ClientMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export const cost = (env: Env) => ({
  memoryKiB: env.ARGON2_MEMORY_KIB,
  iterations: env.ARGON2_ITERATIONS,
});
export const lockPolicy = (env: Env) => ({
  maxAttempts: env.LOGIN_MAX_ATTEMPTS,
  lockMinutes: env.LOGIN_LOCK_MINUTES,
  accountMaxAttempts: env.LOGIN_ACCOUNT_MAX_ATTEMPTS,
});

export function checkedEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL_FORMAT');
  return email;
}

/**
 * The password policy of every place that sets a password (registration, reset, change): see
 * checkPasswordPolicy. `email` is the account's address, which the password may not contain.
 */
export function checkPasswords(password: string, confirmPassword: string, email: string): void {
  checkPasswordPolicy({ password, confirmPassword, email });
}

/**
 * Mails a new code of a purpose to an address (rate limited per address and purpose), in the
 * language of whoever asked for it.
 */
export async function mailCode(
  deps: AuthDeps,
  email: string,
  purpose: CodePurpose,
  language?: string,
): Promise<void> {
  const code = await createEmailCode({
    db: deps.db,
    clock: deps.clock,
    secret: deps.env.AUTH_SECRET,
    email,
    purpose,
    resendAfterMs: deps.env.EMAIL_CODE_RESEND_SECONDS * 1000,
    codesPerHour: deps.env.EMAIL_CODES_PER_HOUR,
  });
  await deps.jobs.enqueue(deps.mailJob, { to: email, ...codeMail(language, purpose, code) });
}

/**
 * A registration code asked for an address that has an account: the same steps as for a new
 * address (a code row, so "a code was sent recently" comes after the same minute), but the owner
 * gets a notice instead of the code, and no one learns from the answer that the account exists.
 */
async function mailExistingAccountNotice(
  deps: AuthDeps,
  email: string,
  language: string | undefined,
): Promise<void> {
  await createEmailCode({
    db: deps.db,
    clock: deps.clock,
    secret: deps.env.AUTH_SECRET,
    email,
    purpose: 'REGISTER',
    resendAfterMs: deps.env.EMAIL_CODE_RESEND_SECONDS * 1000,
    codesPerHour: deps.env.EMAIL_CODES_PER_HOUR,
  });
  const owner = await deps.db.user.findUnique({ where: { email }, select: { language: true } });
  await deps.jobs.enqueue(deps.mailJob, {
    to: email,
    ...existingAccountMail(owner?.language ?? language),
  });
}

/** The answer to a code request: how long the code lives, how soon another may be asked for. */
export const codeAnswer = (env: { EMAIL_CODE_RESEND_SECONDS: number }) => ({
  expiresInSeconds: EMAIL_CODE_TTL_MS / 1000,
  resendAfterSeconds: env.EMAIL_CODE_RESEND_SECONDS,
});

/**
 * Step one of registration: proves the address. It answers alike whether or not the address has
 * an account (that owner is told by e-mail instead), so it cannot be used to find accounts.
 */
export async function requestRegisterCode(
  deps: AuthDeps,
  input: { email: string; puzzleToken: string; language?: string | undefined },
) {
  const email = checkedEmail(input.email);
  await consumePuzzleToken(deps.redis, input.puzzleToken, 'REGISTER');
  if (await deps.db.user.findUnique({ where: { email }, select: { id: true } }))
    await mailExistingAccountNotice(deps, email, input.language);
  else await mailCode(deps, email, 'REGISTER', input.language);
  return codeAnswer(deps.env);
}

/** A new public 8-digit uid, unused so far (the unique index still guards a race). */
export async function newUid(db: Db): Promise<string> {
  for (;;) {
    const uid = String(randomInt(10_000_000, 100_000_000));
    if (!(await db.user.findUnique({ where: { uid }, select: { id: true } }))) return uid;
  }
}

/** Step two: creates the account with a valid code and signs it in. */
export async function register(
  deps: AuthDeps,
  input: {
    email: string;
    code: string;
    password: string;
    confirmPassword: string;
    entityType: EntityType;
    acceptedAgreements: readonly AgreementVersion[];
  },
  meta: ClientMeta,
): Promise<IssuedTokens & { userId: string }> {
  const email = checkedEmail(input.email);
  checkPasswords(input.password, input.confirmPassword, email);
  // Before the code is used up: a refusal here leaves the code good for the corrected form.
  const agreed = await checkAgreed(deps.db, input.acceptedAgreements, { all: true });
  // The code first: only whoever holds a code mailed to the address learns it has an account
  // (no code is mailed to an existing account, so that is a registration racing this one).
  await consumeEmailCode({
    db: deps.db,
    clock: deps.clock,
    secret: deps.env.AUTH_SECRET,
    email,
    purpose: 'REGISTER',
    code: input.code,
  });
  if (await deps.db.user.findUnique({ where: { email }, select: { id: true } }))
    throw new AppError('ACCOUNT_EXISTS');
  const passwordHash = await hashPassword(input.password, cost(deps.env));
  let user;
  try {
    user = await deps.db.user.create({
      data: {
        email,
        uid: await newUid(deps.db),
        passwordHash,
        entityType: input.entityType,
        createdAt: deps.clock.date(),
        agreements: {
          create: agreed.map((a) => ({ ...a, acceptedAt: deps.clock.date(), ip: meta.ip ?? null })),
        },
      },
    });
  } catch (err) {
    // Two registrations of one address racing: the unique index decides.
    if ((err as { code?: string }).code === 'P2002') throw new AppError('ACCOUNT_EXISTS');
    throw err;
  }
  const tokens = await deps.sessions.start({ userId: user.id, ...meta });
  return { ...tokens, userId: user.id };
}

export type LoginOutcome =
  | ({ kind: 'session' } & IssuedTokens & { userId: string })
  | { kind: 'second-step'; ticket: string; expiresInSeconds: number };

/**
 * Password login. Unknown addresses and wrong passwords answer alike, counted per e-mail and
 * client address (and per e-mail overall, see login-guard), and the locks apply to both, so the
 * answers never reveal whether an account exists. With Google Authenticator linked, the right
 * password yields only a ticket for the code step; the failure count is kept until the code is
 * right, so the password cannot reset the code's tries.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; puzzleToken: string },
  meta: ClientMeta,
): Promise<LoginOutcome> {
  const email = checkedEmail(input.email);
  await consumePuzzleToken(deps.redis, input.puzzleToken, 'LOGIN');
  const who = { email, ip: meta.ip };
  await assertNotLocked(deps.redis, deps.clock, who, lockPolicy(deps.env));
  const user = await deps.db.user.findUnique({
    where: { email },
    select: { id: true, passwordHash: true },
  });
  // A cancelled account's address is free (a tombstone took its place); with its right password
  // the answer says the account was cancelled, and a wrong one answers like any other.
  const closed = user
    ? null
    : await deps.db.user.findFirst({
        where: { cancelledEmail: email, cancelledAt: { not: null } },
        orderBy: { cancelledAt: 'desc' },
        select: { id: true, passwordHash: true },
      });
  const hash = user?.passwordHash ?? closed?.passwordHash;
  if (!(await verifyPassword(hash, input.password, cost(deps.env))) || !(user ?? closed)) {
    throw await recordFailure(deps.redis, deps.clock, who, lockPolicy(deps.env));
  }
  if (!user) {
    await clearFailures(deps.redis, who);
    throw new AppError('ACCOUNT_CANCELLED');
  }
  if (deps.secondFactor && (await deps.secondFactor.required(user.id))) {
    const issued = await new LoginTickets(deps.redis, deps.clock).issue({ userId: user.id, email });
    return { kind: 'second-step', ...issued };
  }
  await clearFailures(deps.redis, who);
  const tokens = await deps.sessions.start({ userId: user.id, ...meta });
  return { kind: 'session', ...tokens, userId: user.id };
}

/**
 * The login's second step: the password step's ticket and a Google code. A wrong or replayed
 * code counts toward the address's lockout like a wrong password; the lock ends the ticket.
 */
export async function loginWithGoogleCode(
  deps: AuthDeps,
  input: { ticket: string; googleCode: string },
  meta: ClientMeta,
): Promise<IssuedTokens & { userId: string }> {
  const tickets = new LoginTickets(deps.redis, deps.clock);
  const owner = await tickets.peek(input.ticket);
  if (!owner || !deps.secondFactor) throw new AppError('LOGIN_TICKET_INVALID');
  const who = { email: owner.email, ip: meta.ip };
  try {
    await assertNotLocked(deps.redis, deps.clock, who, lockPolicy(deps.env));
  } catch (err) {
    await tickets.spend(input.ticket);
    throw err;
  }
  try {
    await deps.secondFactor.verify(owner.userId, input.googleCode);
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== 8005 && err.code !== 8008)) throw err;
    const failure = await recordFailure(deps.redis, deps.clock, who, lockPolicy(deps.env));
    if (failure.code === 2002) throw new AppError('LOGIN_GOOGLE_CODE_FAILED', failure.params);
    await tickets.spend(input.ticket);
    throw failure;
  }
  if (!(await tickets.spend(input.ticket))) throw new AppError('LOGIN_TICKET_INVALID');
  await clearFailures(deps.redis, who);
  const tokens = await deps.sessions.start({ userId: owner.userId, ...meta });
  return { ...tokens, userId: owner.userId };
}

/** Always answers the same; a code goes out only when the account exists. */
export async function requestResetCode(
  deps: AuthDeps,
  input: { email: string; puzzleToken: string; language?: string | undefined },
) {
  const email = checkedEmail(input.email);
  await consumePuzzleToken(deps.redis, input.puzzleToken, 'RESET_PASSWORD');
  const user = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
  if (user) {
    try {
      await mailCode(deps, email, 'RESET_PASSWORD', input.language);
    } catch (err) {
      // "Too soon" would reveal the account; the earlier code is still on its way.
      if (!(err instanceof AppError && err.code === 2014)) throw err;
    }
  }
  return codeAnswer(deps.env);
}

/**
 * Sets a new password with a valid code, ends every session of the account and starts the
 * 24-hour security lock.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; code: string; password: string; confirmPassword: string },
  meta: ClientMeta = {},
): Promise<void> {
  const email = checkedEmail(input.email);
  checkPasswords(input.password, input.confirmPassword, email);
  await consumeEmailCode({
    db: deps.db,
    clock: deps.clock,
    secret: deps.env.AUTH_SECRET,
    email,
    purpose: 'RESET_PASSWORD',
    code: input.code,
  });
  const user = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new AppError('EMAIL_CODE_INVALID');
  const passwordHash = await hashPassword(input.password, cost(deps.env));
  await deps.db.user.update({
    where: { id: user.id },
    // A new password, like a change in the security settings, pauses withdrawals for 24 hours.
    data: {
      passwordHash,
      passwordChangedAt: deps.clock.date(),
      securityLockedUntil: new Date(deps.clock.now() + SECURITY_LOCK_MS),
    },
  });
  await deps.sessions.revokeAll(user.id, 'PASSWORD_RESET');
  // The owner's own address and the account-wide lock; other addresses' locks run their course.
  await clearFailures(deps.redis, { email, ip: meta.ip });
  await clearAccountLock(deps.redis, email);
}
