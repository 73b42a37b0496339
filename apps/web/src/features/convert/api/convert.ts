import {
  CONVERT_ENDPOINTS,
  convertOrder,
  convertPairs,
  convertQuote,
  page,
  type ConvertConfirmRequest,
  type ConvertQuoteRequest,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { ordersKey } from '../../../lib/private-updates';
import { useSession } from '../../../lib/session';
import { useRuntimeMode } from '../../../lib/settings';
import { balancesKey } from '../../../lib/wallet-balances';

/**
 * Convert (CONVERT_ENDPOINTS) in the runtime mode of the page. The history sits under the
 * orders' key of the mode: the `order` and `fills` pushes that move a conversion's order read
 * it again.
 */
export const convertKeys = {
  pairs: (mode: number) => ['convert', 'pairs', mode] as const,
  list: (mode: number, pageNum: number) => [...ordersKey(mode), 'convert', pageNum] as const,
};
export const CONVERT_PAGE_SIZE = 10;
/** While a conversion is still PROCESSING the history is read again this often. */
const LIVE_REFETCH_MS = 3_000;
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export function useConvertPairs() {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({
    queryKey: convertKeys.pairs(mode),
    queryFn: ({ signal }) => call(client, CONVERT_ENDPOINTS.pairs, convertPairs, signalOf(signal)),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** Asks for a firm quote (held a few seconds); errors stay with the form. */
export function useConvertQuote() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: ConvertQuoteRequest) =>
      call(client, CONVERT_ENDPOINTS.quote, convertQuote, { body, silent: true }),
  });
}

export function useConfirmConvert() {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertConfirmRequest) =>
      call(client, CONVERT_ENDPOINTS.confirm, convertOrder, { body, silent: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKey(mode) });
      void queryClient.invalidateQueries({ queryKey: balancesKey(mode) });
    },
  });
}

export function useConverts(pageNum: number) {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({
    queryKey: convertKeys.list(mode, pageNum),
    queryFn: ({ signal }) =>
      call(client, CONVERT_ENDPOINTS.list, page(convertOrder), {
        query: { pageNum, pageSize: CONVERT_PAGE_SIZE },
        ...signalOf(signal),
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.result.some((c) => c.state === 'PROCESSING') ? LIVE_REFETCH_MS : false,
  });
}
