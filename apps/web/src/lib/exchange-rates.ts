import { MARKET_DATA_ENDPOINTS, exchangeRates, type ExchangeRates } from '@exchange/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { useSocketChannel } from './socket/socket-context';

/**
 * Reference exchange rates, HKD per 100 units of each asset, from the exchange's price feed:
 * loaded over REST, then replaced by every push of the socket's `exchangeRate` channel (the
 * feed publishes every few seconds).
 */
export const exchangeRatesKey = ['exchange-rates'] as const;

export const fetchExchangeRates = (
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ExchangeRates> =>
  call(client, MARKET_DATA_ENDPOINTS.exchangeRates, exchangeRates, {
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const exchangeRatesQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: exchangeRatesKey,
    queryFn: ({ signal }) => fetchExchangeRates(client, signal),
    // The socket keeps the data current; without a socket, poll as often as the feed moves.
    staleTime: 5_000,
  });

export function useExchangeRates(live: boolean) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...exchangeRatesQueryOptions(client),
    refetchInterval: live ? false : 15_000,
  });
  useSocketChannel('exchangeRate', (data) => {
    queryClient.setQueryData<ExchangeRates>(exchangeRatesKey, (previous) =>
      previous && previous.ts > data.ts ? previous : data,
    );
  });
  return query;
}

/**
 * A pair's reference price from the feed's rates (both against one quote currency): base over
 * counter, or null when either is unknown. Shown, marked as such, where a book has no trade yet.
 */
export function referencePrice(
  rates: ExchangeRates | undefined,
  base: string,
  counter: string,
): string | null {
  const b = rates?.rates[base];
  const c = rates?.rates[counter];
  if (!b || !c || Number(c) === 0) return null;
  const price = Number(b) / Number(c);
  return Number.isFinite(price) && price > 0 ? String(price) : null;
}
