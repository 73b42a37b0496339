import {
  KYC_ENDPOINTS,
  RuntimeMode,
  kycAccessFor,
  optedOutBudgetOf,
  optedOutLimits,
  type KycPermission,
  type OptedOutLimit,
} from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { useProfile } from './profile';
import { useRuntimeMode } from './settings';

/** Query key of the account's opted-out budgets (read again after each use of one). */
export const optedOutLimitsKey = ['opted-out-limits'] as const;

/**
 * An opted-out account's budget of the feature in Real mode (limit, used and remaining in USD
 * over the last 24 hours), or null for an account the feature does not limit.
 */
export function useOptedOutLimit(permission: KycPermission): {
  limited: boolean;
  budget: OptedOutLimit | null;
} {
  const client = useApiClient();
  const profile = useProfile();
  // Only Real mode limits: Demo and Trial trade simulated funds freely.
  const limited =
    useRuntimeMode() === RuntimeMode.REAL &&
    kycAccessFor(profile.data?.kycLevel ?? null, RuntimeMode.REAL, permission) === 'LIMITED';
  const budgetOf = optedOutBudgetOf(permission);
  const query = useQuery({
    queryKey: optedOutLimitsKey,
    queryFn: ({ signal }) =>
      call(client, KYC_ENDPOINTS.optedOutLimits, optedOutLimits, { silent: true, signal }),
    enabled: limited && budgetOf !== null,
    // Kept current while the page is open: each use of the feature spends some of it.
    refetchInterval: 15_000,
  });
  return {
    limited,
    budget: query.data?.find((b) => b.permission === budgetOf) ?? null,
  };
}
