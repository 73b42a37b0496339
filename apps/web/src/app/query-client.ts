import { QUERY_CACHE_TIME_MS, QUERY_DEFAULT_RETRIES } from '@exchange/contracts';
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: QUERY_DEFAULT_RETRIES,
        gcTime: QUERY_CACHE_TIME_MS,
      },
    },
  });
}
