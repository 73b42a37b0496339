import { WALLET_ENDPOINTS, balanceItem } from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useRuntimeMode } from '../../../lib/settings';
import { balancesKey } from '../../../lib/wallet-balances';
import { walletHistoryKeys } from './wallet-transactions';

/** Restores the simulated funds of Demo or Trial; answers with the balances after it. */
export const resetDemoFunds = (client: ApiClient) =>
  call(client, WALLET_ENDPOINTS.demoReset, balanceItem.array(), {
    body: {},
    silent: true,
  });

export function useResetDemoFunds() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const mode = useRuntimeMode();
  return useMutation({
    mutationFn: () => resetDemoFunds(client),
    onSuccess: (balances) => {
      // The answer is the balances after the reset; the history gains the reset's line.
      queryClient.setQueryData(balancesKey(mode), balances);
      void queryClient.invalidateQueries({ queryKey: walletHistoryKeys.all(mode) });
    },
  });
}
