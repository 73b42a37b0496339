import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  fillPath,
  hasNextPage,
  type Endpoint,
  type Page,
} from '@exchange/contracts';
import type { ApiClient, RequestOptions, Schema } from './api-client';

export interface CallOptions extends Omit<RequestOptions, 'method'> {
  /** The values of the path's `:name` parameters. */
  params?: Readonly<Record<string, string | number>>;
}

/**
 * One call of a contracts endpoint: its method, and its path with `params` filled in; the answer
 * is parsed by `schema`.
 */
export function call<T>(
  client: ApiClient,
  endpoint: Endpoint,
  schema: Schema<T>,
  { params = {}, ...options }: CallOptions = {},
): Promise<T> {
  return client.request(fillPath(endpoint.path, params), schema, {
    ...options,
    method: endpoint.method,
  });
}

/**
 * A call that changes something, from a form that shows its own failures: silent (no global
 * error notice), `body` sent as JSON.
 */
export function send<T>(
  client: ApiClient,
  endpoint: Endpoint,
  schema: Schema<T>,
  body: unknown,
  params: Readonly<Record<string, string>> = {},
): Promise<T> {
  return call(client, endpoint, schema, { params, body, silent: true });
}

/** Page query of the paging helper: page number from 1, ten rows by default. */
export function pageParams(pageNum: number = FIRST_PAGE, pageSize: number = DEFAULT_PAGE_SIZE) {
  return { pageNum, pageSize };
}

/** The next page number, only when the last page came back full. */
export function nextPageParam(last: Page<unknown>): number | undefined {
  return hasNextPage(last) ? last.pageNum + 1 : undefined;
}
