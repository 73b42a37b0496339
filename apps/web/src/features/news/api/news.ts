import { DEFAULT_PAGE_SIZE, FIRST_PAGE, NEWS_ENDPOINTS, newsItem, page } from '@exchange/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call, nextPageParam, pageParams } from '../../../lib/endpoint';

const newsPage = page(newsItem);

export const fetchNewsPage = (client: ApiClient, pageNum: number, signal?: AbortSignal) =>
  call(client, NEWS_ENDPOINTS.news, newsPage, {
    query: pageParams(pageNum, DEFAULT_PAGE_SIZE),
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** Paged from 1, ten a page; another page is offered only while pages come back full. */
export const newsQueryOptions = (client: ApiClient, language: string) =>
  infiniteQueryOptions({
    queryKey: ['news', language] as const,
    queryFn: ({ pageParam, signal }) => fetchNewsPage(client, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
  });

export const useNews = (language: string) =>
  useInfiniteQuery(newsQueryOptions(useApiClient(), language));
