import {
  CANCELLATION_ENDPOINTS,
  cancellationPreview,
  cancellationView,
  type CancellationRequest,
} from '@exchange/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';

/** Account cancellation (CANCELLATION_ENDPOINTS): the conditions, the request, its withdrawal. */
export const cancellationKeys = { preview: ['account', 'cancellation'] as const };

/** Under review the page looks again every minute, so a decision shows without a reload. */
const REFRESH_MS = 60_000;

export const cancellationPreviewQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: cancellationKeys.preview,
    queryFn: ({ signal }) =>
      call(client, CANCELLATION_ENDPOINTS.preview, cancellationPreview, { signal }),
    refetchInterval: (query) =>
      query.state.data?.current?.status === 'UNDER_REVIEW' ? REFRESH_MS : false,
  });

export function useCancellationPreview() {
  return useQuery(cancellationPreviewQuery(useApiClient()));
}

/** The form shows its own failures: the calls are silent. */
export function useRequestCancellation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancellationRequest) =>
      call(client, CANCELLATION_ENDPOINTS.submit, cancellationView, {
        body: input,
        silent: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cancellationKeys.preview }),
  });
}

export function useWithdrawCancellation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(client, CANCELLATION_ENDPOINTS.withdraw, cancellationView, {
        body: {},
        silent: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cancellationKeys.preview }),
  });
}
