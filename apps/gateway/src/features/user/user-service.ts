import { KycPermission, type KycPermission as Permission, type UserInfo } from '@exchange/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';

const ALL_PERMISSIONS = Object.values(KycPermission);

/**
 * Verified accounts (kycLevel above 0) may use every feature. Accounts that opted out (-1),
 * chose to verify but are not verified yet (0), or have not chosen (null) hold none: the
 * features then answer "Insufficient KYC level permissions" or, for opted-out accounts,
 * "Customers without identity verification cannot use this feature" (Demo and Trial excepted
 * where the feature says so).
 */
export function permissionsFor(kycLevel: number | null): Permission[] {
  return kycLevel !== null && kycLevel > 0 ? [...ALL_PERMISSIONS] : [];
}

export async function getProfile(opts: { db: Db; userId: string }): Promise<UserInfo> {
  const user = await opts.db.user.findUnique({ where: { id: opts.userId } });
  if (!user) throw new AppError('UNAUTHORIZED');
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    entityType: user.entityType,
    kycLevel: user.kycLevel,
    kycPermissions: permissionsFor(user.kycLevel),
    verifications: ['EMAIL'],
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Records the account-type choice once: verify (kycLevel 0) or opt out (-1). The choice cannot
 * change; switching needs a new registration. Conditional on "not chosen yet", so two racing
 * calls cannot both win.
 */
export async function chooseAccountType(opts: { db: Db; clock: Clock; userId: string; isKyc: boolean }): Promise<UserInfo> {
  const { count } = await opts.db.user.updateMany({
    where: { id: opts.userId, kycChosenAt: null, kycLevel: null },
    data: { kycLevel: opts.isKyc ? 0 : -1, kycChosenAt: opts.clock.date() },
  });
  if (count === 0) throw new AppError('ACCOUNT_TYPE_ALREADY_CHOSEN');
  return getProfile(opts);
}

export async function changeLanguage(opts: { db: Db; userId: string; language: string }): Promise<void> {
  await opts.db.user.update({ where: { id: opts.userId }, data: { language: opts.language } });
}
