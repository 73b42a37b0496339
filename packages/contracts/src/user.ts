import { z } from 'zod';
import { RuntimeMode } from './runtime-mode.js';
import { get } from './endpoint.js';

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

/**
 * How an account may use a feature in a runtime mode; the one rule of the gateway's permission
 * guard, the profile's `kycPermissions` and the client's Spot Trade label:
 * - FULL: a verified account (kycLevel above 0) in every mode, and every account's spot trading
 *   and Rapid Buy in Demo and Trial (simulated funds on separate books).
 * - LIMITED: an opted-out account (kycLevel -1) on a feature the account-type modal shows as
 *   limited; the feature applies its limit (spot trading: `OPTED_OUT_SPOT_LIMIT_USD_24H` of
 *   kyc.ts in Real mode); a feature without a limit of its own refuses it with 7002.
 * - OPTED_OUT: an opted-out account on a prohibited feature (fiat deposit and withdrawal): 7002.
 * - INSUFFICIENT: not verified (not chosen yet, or chose to verify and is not yet approved): 7001.
 */
export type KycAccess = 'FULL' | 'LIMITED' | 'OPTED_OUT' | 'INSUFFICIENT';

export function kycAccessFor(
  kycLevel: number | null,
  mode: RuntimeMode,
  permission: KycPermission,
): KycAccess {
  if (kycLevel !== null && kycLevel > 0) return 'FULL';
  // Rapid Buy is a spot market buy: on simulated funds it is open like spot trading.
  if (
    mode !== RuntimeMode.REAL &&
    (permission === KycPermission.SPOT_TRADE || permission === KycPermission.RAPID_BUY)
  )
    return 'FULL';
  if (kycLevel === -1)
    return OPTED_OUT_FEATURE_ACCESS[permission] === 'prohibited' ? 'OPTED_OUT' : 'LIMITED';
  return 'INSUFFICIENT';
}

/**
 * The features an account may use in a runtime mode, fully or within a limit (see
 * `kycAccessFor`): a verified account has every feature; an opted-out one the limited ones; any
 * other account in Real none, and in Demo and Trial spot trading.
 */
export function kycPermissionsFor(kycLevel: number | null, mode: RuntimeMode): KycPermission[] {
  return Object.values(KycPermission).filter((p) => {
    const access = kycAccessFor(kycLevel, mode, p);
    return access === 'FULL' || access === 'LIMITED';
  });
}

/** null: not chosen yet; -1: opted out; 0: chose to verify, not verified; above 0: verified. */
export const KycLevel = { NOT_CHOSEN: null, OPTED_OUT: -1, UNVERIFIED: 0, VERIFIED: 1 } as const;
export const kycLevel = z.number().int().min(-1).nullable();

/** What raises the security level: the e-mail, Google Authenticator, a verified identity. */
export const verificationKind = z.enum(['EMAIL', 'GOOGLE_AUTHENTICATOR', 'IDENTITY', 'PASSWORD']);

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

export const USER_ENDPOINTS = {
  profile: get('/v1/user/profile'),
  changeLanguage: get('/v1/user/change-language'),
} as const;
