import { generateSecret, generateURI, verifySync } from 'otplib';
import { GOOGLE_CODE_LENGTH, GOOGLE_CODE_STEP_MS, isGoogleCodeFormat } from '@exchange/contracts';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';

const PERIOD_SECONDS = GOOGLE_CODE_STEP_MS / 1000;
/** One step either side of now, for the phone's clock drift and typing time (RFC 6238 5.2). */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export const ISSUER = 'Exchange';

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(secret: string, account: string): string {
  return generateURI({ issuer: ISSUER, label: account, secret, period: PERIOD_SECONDS });
}

/**
 * The RFC 6238 time step a 6-digit code matches at the clock's time, or a catalogue error:
 * 8007 malformed, 8005 wrong or outside the window, 8008 that step or an older one was already
 * accepted (`lastStep`), so a code works once.
 */
export function matchTotp(opts: {
  secret: string;
  code: string;
  clock: Clock;
  lastStep: number | null;
}): number {
  const token = opts.code.trim();
  if (!isGoogleCodeFormat(token)) throw new AppError('GOOGLE_CODE_FORMAT');
  const result = verifySync({
    secret: opts.secret,
    token,
    digits: GOOGLE_CODE_LENGTH,
    period: PERIOD_SECONDS,
    epoch: Math.floor(opts.clock.now() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  // A TOTP verification always reports its step; the HOTP variant of the union has none.
  if (!result.valid || !('timeStep' in result)) throw new AppError('GOOGLE_CODE_INVALID');
  if (opts.lastStep !== null && result.timeStep <= opts.lastStep)
    throw new AppError('GOOGLE_CODE_USED');
  return result.timeStep;
}
