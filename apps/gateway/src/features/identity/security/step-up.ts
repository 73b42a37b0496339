import { AppError } from '../../../lib/app-error.js';
import { consumeEmailCode } from '../auth/email-code-service.js';
import {
  assertEmailCodeFormat,
  assertGoogleCodeFormat,
  checkGoogleCode,
} from './authenticator-service.js';
import type { SecurityDeps } from './security-deps.js';
import { assertNoSecurityLock } from './security-lock.js';

export interface StepUpCodes {
  /** A code of the linked Google Authenticator. */
  totp?: string | undefined;
  /** A code mailed for the STEP_UP purpose (POST /v1/security/email-code). */
  emailCode?: string | undefined;
}

/**
 * The check before an action that moves money out (withdrawals, internal transfers, flash
 * remittance): Google Authenticator must be linked (8001), both codes given (8002), no security
 * lock running (8006), then the Google code (once only) and a STEP_UP e-mail code must be right.
 * Nothing is spent unless every check passes up to the e-mail code.
 */
export async function requireStepUp(
  deps: Pick<SecurityDeps, 'db' | 'redis' | 'clock' | 'box' | 'env'>,
  userId: string,
  codes: StepUpCodes,
): Promise<void> {
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { email: true, totpSecret: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!user.totpSecret) throw new AppError('GOOGLE_AUTH_REQUIRED');
  if (!codes.totp?.trim() || !codes.emailCode?.trim())
    throw new AppError('GOOGLE_AND_EMAIL_REQUIRED');
  await assertNoSecurityLock(deps, userId);
  assertGoogleCodeFormat(codes.totp);
  assertEmailCodeFormat(codes.emailCode);
  const google = await checkGoogleCode(deps, userId, codes.totp);
  await consumeEmailCode({
    db: deps.db,
    clock: deps.clock,
    secret: deps.env.AUTH_SECRET,
    email: user.email,
    purpose: 'STEP_UP',
    code: codes.emailCode,
  });
  await google.commit();
}
