import {
  QUERY_HISTORY_MONTHS,
  SPOT_ORDER_ENDPOINTS,
  cancelAllResponse,
  order,
  page,
  spotTrade,
  type Order,
  type Page,
  type PlaceOrderRequest,
  type SpotTrade,
} from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { useRuntimeMode } from '../../../lib/settings';
import { ordersKey } from '../../../lib/private-updates';
import { balancesKey } from '../../../lib/wallet-balances';

export type OrderListKind = 'open' | 'history' | 'trades';

export interface OrderFilters {
  symbol?: string | undefined;
  side?: string | undefined;
  type?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

const orderPage = page(order);
const tradePage = page(spotTrade);

export type OrderListRow<K extends OrderListKind> = K extends 'trades' ? SpotTrade : Order;

export async function fetchOrderList<K extends OrderListKind>(
  client: ApiClient,
  kind: K,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Page<OrderListRow<K>>> {
  const opts = { query, ...(signal ? { signal } : {}) };
  // Each kind is read with its own schema: trades for `trades`, orders otherwise.
  const rows: Page<Order> | Page<SpotTrade> =
    kind === 'trades'
      ? await call(client, SPOT_ORDER_ENDPOINTS.trades, tradePage, opts)
      : await call(
          client,
          kind === 'open' ? SPOT_ORDER_ENDPOINTS.openOrders : SPOT_ORDER_ENDPOINTS.history,
          orderPage,
          opts,
        );
  return rows as Page<OrderListRow<K>>;
}

export function useOrderList<K extends OrderListKind>(
  kind: K,
  filters: OrderFilters,
  pageNum: number,
  pageSize = 10,
) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({
    queryKey: [...ordersKey(mode), kind, filters, pageNum, pageSize] as const,
    queryFn: ({ signal }) => {
      const query: Record<string, string | number> = { pageNum, pageSize };
      for (const [k, v] of Object.entries(filters))
        if (v !== undefined && v !== '') query[k] = v as string | number;
      return fetchOrderList(client, kind, query, signal);
    },
    enabled: token !== null,
    // The previous page or filter stays on screen while the next loads, but never another
    // list's rows: an order drawn as a trade (or the reverse) shows wrong columns.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === kind ? previous : undefined,
  });
}

/** After an order changes: its lists and the balances it froze or released. */
function useOrdersChanged() {
  const queryClient = useQueryClient();
  const mode = useRuntimeMode();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ordersKey(mode) });
    void queryClient.invalidateQueries({ queryKey: balancesKey(mode) });
  };
}

/** Places an order (the caller checks it with the shared rules first); errors stay silent. */
export function usePlaceOrder(options: { onSuccess?: (placed: Order) => void } = {}) {
  const client = useApiClient();
  const changed = useOrdersChanged();
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) =>
      call(client, SPOT_ORDER_ENDPOINTS.place, order, {
        body: request,
        silent: true,
      }),
    onSuccess: (placed) => {
      changed();
      options.onSuccess?.(placed);
    },
  });
}

export function useCancelOrder() {
  const client = useApiClient();
  const changed = useOrdersChanged();
  return useMutation({
    mutationFn: (orderId: string) =>
      call(client, SPOT_ORDER_ENDPOINTS.cancel, order, {
        body: { orderId },
        silent: true,
      }),
    onSuccess: changed,
  });
}

/**
 * Modifies a resting limit order in place: cancel-place replaces it by one with the new price
 * and amount in one step (all or nothing: if the new one is refused, the old one stays).
 */
export function useModifyOrder() {
  const client = useApiClient();
  const changed = useOrdersChanged();
  return useMutation({
    mutationFn: (input: { cancelOrderId: string; order: PlaceOrderRequest }) =>
      call(client, SPOT_ORDER_ENDPOINTS.cancelPlace, order, {
        body: input,
        silent: true,
      }),
    onSuccess: changed,
  });
}

export function useCancelAllOrders() {
  const client = useApiClient();
  const changed = useOrdersChanged();
  return useMutation({
    mutationFn: (symbol: string) =>
      call(client, SPOT_ORDER_ENDPOINTS.cancelAll, cancelAllResponse, {
        body: { symbol },
        silent: true,
      }),
    onSuccess: changed,
  });
}

/** A margin for clock skew: the gateway refuses a start even a moment before its own limit. */
const HISTORY_MARGIN_MS = 5 * 60_000;

/** Start of the past 6 months (spec: query history covers only the past 6 months). */
export function sixMonthsAgo(now = new Date()): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - QUERY_HISTORY_MONTHS);
  return d.getTime() + HISTORY_MARGIN_MS;
}
