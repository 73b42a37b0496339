import {
  DEFAULT_PAGE_SIZE,
  WALLET_ENDPOINTS,
  page,
  transactionTypeList,
  walletTransaction,
  type Page,
  type TransactionType,
  type WalletTransaction,
} from '@exchange/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { useRuntimeMode } from '../../../lib/settings';
import { useSocketChannel } from '../../../lib/socket/socket-context';

/**
 * Transaction history, one line per user action (a fill with its fee, a funding, a reset), paged
 * 10 lines a page; and the types a spot user can have in the mode, for its filter.
 */
export interface TransactionFilters {
  asset?: string | undefined;
  type?: Exclude<TransactionType, 'OTHER'> | undefined;
  startTime: number;
  endTime?: number | undefined;
}

export const walletHistoryKeys = {
  all: (mode: number) => ['wallet-history', mode] as const,
  transactions: (mode: number, filters: TransactionFilters, pageNum: number, pageSize: number) =>
    [...walletHistoryKeys.all(mode), 'transactions', filters, pageNum, pageSize] as const,
  types: (mode: number) => [...walletHistoryKeys.all(mode), 'types'] as const,
};

const transactionPage = page(walletTransaction);

function filterQuery(filters: TransactionFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { startTime: filters.startTime };
  if (filters.asset) query.asset = filters.asset;
  if (filters.type) query.type = filters.type;
  if (filters.endTime !== undefined) query.endTime = filters.endTime;
  return query;
}

export const fetchTransactions = (
  client: ApiClient,
  filters: TransactionFilters,
  pageNum: number,
  pageSize: number = DEFAULT_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<Page<WalletTransaction>> =>
  call(client, WALLET_ENDPOINTS.transactions, transactionPage, {
    query: { ...filterQuery(filters), pageNum, pageSize },
    ...(signal ? { signal } : {}),
  });

export const transactionsQueryOptions = (
  client: ApiClient,
  filters: TransactionFilters,
  pageNum: number,
  pageSize: number = DEFAULT_PAGE_SIZE,
  mode: number = client.runtimeMode(),
) =>
  queryOptions({
    queryKey: walletHistoryKeys.transactions(mode, filters, pageNum, pageSize),
    queryFn: ({ signal }) => fetchTransactions(client, filters, pageNum, pageSize, signal),
    placeholderData: keepPreviousData,
  });

/** The page of lines; a fill or a balance push makes it load again (a new line may lead it). */
export function useTransactions(
  filters: TransactionFilters,
  pageNum: number,
  pageSize: number = DEFAULT_PAGE_SIZE,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: walletHistoryKeys.all(mode) });
  useSocketChannel('fills', refresh);
  useSocketChannel('refreshAsset', refresh);
  return useQuery({
    ...transactionsQueryOptions(client, filters, pageNum, pageSize, mode),
    enabled: token !== null,
  });
}

/** Every line of the past 6 months for the export, page by page (at most 100 pages of 100). */
export async function fetchAllTransactions(
  client: ApiClient,
  filters: TransactionFilters,
): Promise<WalletTransaction[]> {
  const out: WalletTransaction[] = [];
  for (let pageNum = 1; pageNum <= 100; pageNum += 1) {
    const got = await fetchTransactions(client, filters, pageNum, 100);
    out.push(...got.result);
    if (got.result.length < 100) break;
  }
  return out;
}

export const fetchTransactionTypes = (client: ApiClient, signal?: AbortSignal) =>
  call(client, WALLET_ENDPOINTS.transactionTypes, transactionTypeList, {
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const transactionTypesQueryOptions = (
  client: ApiClient,
  mode: number = client.runtimeMode(),
) =>
  queryOptions({
    queryKey: walletHistoryKeys.types(mode),
    queryFn: ({ signal }) => fetchTransactionTypes(client, signal),
    staleTime: Infinity,
  });

export function useTransactionTypes() {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({ ...transactionTypesQueryOptions(client, mode), enabled: token !== null });
}
