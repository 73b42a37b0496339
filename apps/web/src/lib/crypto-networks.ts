import { CRYPTO_WALLET_ENDPOINTS, networkList } from '@exchange/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { call } from './endpoint';

/** The crypto wallet's queries all sit under this key (the crypto-wallet feature adds the rest). */
export const cryptoWalletKey = ['crypto-wallet'] as const;

/** The coins and their networks (CRYPTO_WALLET_ENDPOINTS): the crypto pages and the wallet's buttons. */
export const networksQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: [...cryptoWalletKey, 'networks'] as const,
    queryFn: ({ signal }) =>
      call(client, CRYPTO_WALLET_ENDPOINTS.networks, networkList, signal ? { signal } : {}),
    // Coin status and connection change: read again now and then while the page is open.
    refetchInterval: 15_000,
  });
