import { kycPermissionsFor, type RuntimeMode, type UserInfo } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';

/**
 * The verifications an account has linked; their count is its security level (at least 1, the
 * e-mail every account has). Identity verification joins them when KYC lands.
 */
/** The linked verifications, in order: the security level is their count. */
export function verificationsOf(user: {
  totpSecret: string | null;
  kycLevel: number | null;
}): UserInfo['verifications'] {
  const kinds: UserInfo['verifications'] = ['EMAIL'];
  if (user.totpSecret) kinds.push('GOOGLE_AUTHENTICATOR');
  if (user.kycLevel !== null && user.kycLevel > 0) kinds.push('IDENTITY');
  return kinds;
}

/**
 * The user info of the session in a runtime mode: its permission list follows
 * `kycPermissionsFor` (Real by verification; Demo and Trial may always trade).
 */
export async function getProfile(opts: {
  db: Db;
  userId: string;
  mode: RuntimeMode;
}): Promise<UserInfo> {
  const user = await opts.db.user.findUnique({ where: { id: opts.userId } });
  if (!user) throw new AppError('UNAUTHORIZED');
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    entityType: user.entityType,
    kycLevel: user.kycLevel,
    kycPermissions: kycPermissionsFor(user.kycLevel, opts.mode),
    verifications: verificationsOf(user),
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Records the account-type choice once: verify (kycLevel 0) or opt out (-1). The choice cannot
 * change; switching needs a new registration. Conditional on "not chosen yet", so two racing
 * calls cannot both win.
 */
export async function chooseAccountType(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  isKyc: boolean;
  mode: RuntimeMode;
}): Promise<UserInfo> {
  const { count } = await opts.db.user.updateMany({
    where: { id: opts.userId, kycChosenAt: null, kycLevel: null },
    data: { kycLevel: opts.isKyc ? 0 : -1, kycChosenAt: opts.clock.date() },
  });
  if (count === 0) throw new AppError('ACCOUNT_TYPE_ALREADY_CHOSEN');
  return getProfile(opts);
}

export async function changeLanguage(opts: {
  db: Db;
  userId: string;
  language: string;
}): Promise<void> {
  await opts.db.user.update({ where: { id: opts.userId }, data: { language: opts.language } });
}
