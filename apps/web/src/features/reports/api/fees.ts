import {
  FEES_ENDPOINTS,
  feeSchedule,
  feesPaid,
  type FeeSchedule,
  type FeesPaid,
  type RuntimeMode,
} from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useRuntimeMode } from '../../../lib/settings';

export const feeKeys = {
  schedule: (mode: RuntimeMode) => ['fees', 'schedule', mode] as const,
  paid: (mode: RuntimeMode, period: 'DAY' | 'MONTH') => ['fees', 'paid', mode, period] as const,
};

/** The public schedule: spot markets of the client's mode with their rates, and every channel. */
export const fetchFeeSchedule = (client: ApiClient, signal?: AbortSignal): Promise<FeeSchedule> =>
  call(client, FEES_ENDPOINTS.schedule, feeSchedule, signal ? { signal } : {});

export const feeScheduleQueryOptions = (client: ApiClient, mode: RuntimeMode) =>
  queryOptions({
    queryKey: feeKeys.schedule(mode),
    queryFn: ({ signal }) => fetchFeeSchedule(client, signal),
  });

export const useFeeSchedule = () =>
  useQuery(feeScheduleQueryOptions(useApiClient(), useRuntimeMode()));

/** The user's fees per Hong Kong day or month in a chosen mode (the page starts in Real). */
export const fetchFeesPaid = (
  client: ApiClient,
  mode: RuntimeMode,
  period: 'DAY' | 'MONTH',
  signal?: AbortSignal,
): Promise<FeesPaid> =>
  call(client, FEES_ENDPOINTS.paid, feesPaid, {
    query: { mode: String(mode), period },
    ...(signal ? { signal } : {}),
  });

export const useFeesPaid = (mode: RuntimeMode, period: 'DAY' | 'MONTH', enabled: boolean) => {
  const client = useApiClient();
  return useQuery({
    queryKey: feeKeys.paid(mode, period),
    queryFn: ({ signal }) => fetchFeesPaid(client, mode, period, signal),
    enabled,
  });
};
