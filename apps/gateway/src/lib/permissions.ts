import { kycAccessFor, type KycPermission, type RuntimeMode } from '@exchange/contracts';
import { AppError } from './app-error.js';

/**
 * The one permission guard of the gateway (spec trading-account-domain section 6): whether the
 * account may use `permission` in `mode`, by `kycAccessFor` of the contracts.
 * - Verified accounts, and spot trading in Demo and Trial: 'FULL'.
 * - Opted-out accounts on a limited feature: 'LIMITED' when the caller enforces that feature's
 *   limit (`allowLimited`), otherwise 7002 like a prohibited one.
 * - Opted-out accounts on fiat deposit and withdrawal: 7002 "Customers without identity
 *   verification cannot use this feature".
 * - Any other account: 7001 "Insufficient KYC level permissions".
 */
export function requirePermission(
  user: { kycLevel: number | null },
  mode: RuntimeMode,
  permission: KycPermission,
  opts: { allowLimited?: boolean } = {},
): 'FULL' | 'LIMITED' {
  const access = kycAccessFor(user.kycLevel, mode, permission);
  if (access === 'FULL') return 'FULL';
  if (access === 'LIMITED' && opts.allowLimited) return 'LIMITED';
  if (access === 'INSUFFICIENT') throw new AppError('KYC_LEVEL_INSUFFICIENT');
  throw new AppError('KYC_OPTED_OUT');
}
