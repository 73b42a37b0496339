import { KycPermission, type KycPermission as Permission, type UserInfo } from '@exchange/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

const ALL_PERMISSIONS = Object.values(KycPermission);

/** Verified accounts (kycLevel above 0) may use every feature; others none until verified. */
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
