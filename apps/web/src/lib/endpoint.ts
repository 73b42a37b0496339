import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  fillPath,
  hasNextPage,
  type Endpoint as ContractEndpoint,
  type Page,
} from '@exchange/contracts';
import type { ApiClient, HttpMethod, QueryValue, RequestOptions, Schema } from './api-client';

/**
 * One call of the API (spec platform-shell section 7): a method (default get), a url with
 * `{param}` placeholders and the names of the path parameters.
 */
export interface Endpoint<T> {
  method?: Lowercase<HttpMethod>;
  url: string;
  pathParams?: readonly string[];
  schema: Schema<T>;
}

export type Payload = Record<string, unknown>;

export function defineEndpoint<T>(endpoint: Endpoint<T>): Endpoint<T> {
  return endpoint;
}

function pathValue(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

const QUERY_METHODS = new Set(['get', 'head', 'options']);

/**
 * Fills `{param}` placeholders from the payload and removes those parameters from it; get, head
 * and options send the rest as query parameters, the other methods as the JSON body.
 */
export function buildRequest(
  endpoint: Pick<Endpoint<unknown>, 'method' | 'url' | 'pathParams'>,
  payload: Payload = {},
): { path: string; options: RequestOptions } {
  const method = endpoint.method ?? 'get';
  const rest: Payload = { ...payload };
  const names = new Set([
    ...(endpoint.pathParams ?? []),
    ...[...endpoint.url.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
  ]);
  let path = endpoint.url;
  for (const name of names) {
    if (!name) continue;
    const value = rest[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    path = path.replace(`{${name}}`, encodeURIComponent(pathValue(value)));
    delete rest[name];
  }
  const upper = method.toUpperCase() as HttpMethod;
  if (QUERY_METHODS.has(method)) {
    return { path, options: { method: upper, query: rest as Record<string, QueryValue> } };
  }
  return { path, options: { method: upper, body: rest } };
}

export function callEndpoint<T>(
  client: ApiClient,
  endpoint: Endpoint<T>,
  payload?: Payload,
  extra: Omit<RequestOptions, 'method' | 'query' | 'body'> = {},
): Promise<T> {
  const { path, options } = buildRequest(endpoint, payload);
  return client.request(path, endpoint.schema, { ...options, ...extra });
}

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
  endpoint: ContractEndpoint,
  schema: Schema<T>,
  { params = {}, ...options }: CallOptions = {},
): Promise<T> {
  return client.request(fillPath(endpoint.path, params), schema, {
    ...options,
    method: endpoint.method,
  });
}

/** Page query of the paging helper: page number from 1, ten rows by default. */
export function pageParams(pageNum: number = FIRST_PAGE, pageSize: number = DEFAULT_PAGE_SIZE) {
  return { pageNum, pageSize };
}

/** The next page number, only when the last page came back full. */
export function nextPageParam(last: Page<unknown>): number | undefined {
  return hasNextPage(last) ? last.pageNum + 1 : undefined;
}
