import { SPOT_ORDER_ENDPOINTS, order, type Order } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { useRuntimeMode } from '../../../lib/settings';

/** Under the order lists' key: the private order pushes that refresh them refresh it too. */
export const orderDetailKey = (mode: number, id: string) =>
  ['spot-orders', mode, 'detail', id] as const;

/** One order of the account, as transaction history links to it. */
export const fetchOrder = (client: ApiClient, id: string, signal?: AbortSignal): Promise<Order> =>
  call(client, SPOT_ORDER_ENDPOINTS.order, order, {
    params: { id },
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const orderDetailQueryOptions = (
  client: ApiClient,
  id: string,
  mode: number = client.runtimeMode(),
) =>
  queryOptions({
    queryKey: orderDetailKey(mode, id),
    queryFn: ({ signal }) => fetchOrder(client, id, signal),
  });

export function useOrderDetail(id: string) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({ ...orderDetailQueryOptions(client, id, mode), enabled: token !== null });
}
