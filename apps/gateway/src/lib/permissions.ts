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

/**
 * The account-cancellation guard for actions that bring money or risk in (placing orders, new
 * deposits, incoming transfers): refused while a cancellation is under review (2107) and after
 * it succeeded (2106). Withdrawing funds and cancelling orders stay allowed under review.
 */
export function assertAccountOpen(user: {
  cancellationUnderReview: boolean;
  cancelledAt: Date | null;
}): void {
  if (user.cancelledAt) throw new AppError('ACCOUNT_CANCELLED');
  if (user.cancellationUnderReview) throw new AppError('CANCELLATION_BLOCKS_ACTION');
}
