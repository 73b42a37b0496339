import {
  QUERY_CACHE_TIME_MS,
  QUERY_DEFAULT_RETRIES,
  QUERY_RETRY_BASE_DELAY_MS,
  QUERY_RETRY_MAX_DELAY_MS,
} from '@exchange/contracts';
import { QueryClient } from '@tanstack/react-query';

/** 1000 ms doubling per attempt, at most 30000 ms (for queries that opt into retries). */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: QUERY_DEFAULT_RETRIES,
        retryDelay,
        gcTime: QUERY_CACHE_TIME_MS,
      },
      mutations: { retry: QUERY_DEFAULT_RETRIES, retryDelay },
    },
  });
}
