import { z } from 'zod';
import { RuntimeMode } from './runtime-mode.js';

export const EntityType = { INDIVIDUAL: 'INDIVIDUAL', INSTITUTION: 'INSTITUTION' } as const;
export type EntityType = (typeof EntityType)[keyof typeof EntityType];
export const entityType = z.enum(['INDIVIDUAL', 'INSTITUTION']);

/** Features an identity-verified account may use (spec trading-account-domain section 6). */
export const KycPermission = {
  FIAT_DEPOSIT: 'FIAT_DEPOSIT',
  SPOT_TRADE: 'SPOT_TRADE',
  RAPID_BUY: 'RAPID_BUY',
  CRYPTO_DEPOSIT: 'CRYPTO_DEPOSIT',
  CRYPTO_WITHDRAWAL: 'CRYPTO_WITHDRAWAL',
  FIAT_WITHDRAWAL: 'FIAT_WITHDRAWAL',
  FOREIGN_EXCHANGE: 'FOREIGN_EXCHANGE',
  FLASH_REMITTANCE: 'FLASH_REMITTANCE',
  INTERNAL_TRANSFER: 'INTERNAL_TRANSFER',
} as const;
export type KycPermission = (typeof KycPermission)[keyof typeof KycPermission];
export const kycPermission = z.enum(
  Object.values(KycPermission) as [KycPermission, ...KycPermission[]],
);

/**
 * The features an account may use in a runtime mode. Real mode follows identity verification:
 * a verified account (kycLevel above 0) has every feature, any other none. Demo and Trial trade
 * simulated funds on their own books, so every account may trade there (SPOT_TRADE) whatever
 * its verification; features that move real money stay with verification in every mode.
 * The gateway answers the profile's `kycPermissions` with this and checks orders by it; the
 * client shows the Spot Trade label by it.
 */
export function kycPermissionsFor(kycLevel: number | null, mode: RuntimeMode): KycPermission[] {
  if (kycLevel !== null && kycLevel > 0) return Object.values(KycPermission);
  return mode === RuntimeMode.REAL ? [] : [KycPermission.SPOT_TRADE];
}

/** How an opted-out account sees each feature in the account-type modal. */
export const OPTED_OUT_FEATURE_ACCESS: Record<KycPermission, 'prohibited' | 'limited'> = {
  FIAT_DEPOSIT: 'prohibited',
  FIAT_WITHDRAWAL: 'prohibited',
  SPOT_TRADE: 'limited',
  RAPID_BUY: 'limited',
  CRYPTO_DEPOSIT: 'limited',
  CRYPTO_WITHDRAWAL: 'limited',
  FOREIGN_EXCHANGE: 'limited',
  FLASH_REMITTANCE: 'limited',
  INTERNAL_TRANSFER: 'limited',
};

/** null: not chosen yet; -1: opted out; 0: chose to verify, not verified; above 0: verified. */
export const KycLevel = { NOT_CHOSEN: null, OPTED_OUT: -1, UNVERIFIED: 0, VERIFIED: 1 } as const;
export const kycLevel = z.number().int().min(-1).nullable();

export const verificationKind = z.enum(['EMAIL', 'GOOGLE_AUTHENTICATOR', 'PASSWORD']);

export const userInfo = z.object({
  id: z.string(),
  uid: z.string().describe('Public numeric identifier, used for internal transfers'),
  email: z.string(),
  entityType,
  kycLevel,
  kycPermissions: z.array(kycPermission),
  verifications: z
    .array(verificationKind)
    .min(1)
    .describe('Bound verification methods; its length is the security level'),
  language: z.string(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export function securityLevel(user: Pick<UserInfo, 'verifications'>): number {
  return Math.max(1, user.verifications.length);
}

export function isVerified(user: Pick<UserInfo, 'kycLevel'>): boolean {
  return user.kycLevel !== null && user.kycLevel > 0;
}
