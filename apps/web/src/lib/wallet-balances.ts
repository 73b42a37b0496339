import { WALLET_ENDPOINTS, balanceItem, type BalanceItem } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { useSession } from './session';
import { useRuntimeMode } from './settings';

/**
 * Balances of the request's runtime mode, every offered asset with its available and frozen
 * parts. The key is the one the trade screen's private pushes update (`refreshAsset`).
 */
export type Balance = BalanceItem;

export const balancesKey = (mode: number) => ['balances', mode] as const;

const balanceList = balanceItem.array();

export const fetchBalances = (client: ApiClient, signal?: AbortSignal): Promise<Balance[]> =>
  call(client, WALLET_ENDPOINTS.balances, balanceList, signal ? { signal } : {});

export const balancesQueryOptions = (client: ApiClient, mode: number = client.runtimeMode()) =>
  queryOptions({
    queryKey: balancesKey(mode),
    queryFn: ({ signal }) => fetchBalances(client, signal),
  });

export function useBalances() {
  const client = useApiClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  return useQuery({ ...balancesQueryOptions(client, mode), enabled: token !== null });
}
