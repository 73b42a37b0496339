import type { ZodType } from 'zod';

/** The HTTP methods the API uses. */
export const HttpMethod = {
  GET: 'GET',
  POST: 'POST',
  PUT: 'PUT',
} as const;
export type HttpMethod = (typeof HttpMethod)[keyof typeof HttpMethod];

/**
 * One REST call of the gateway: the gateway registers its route with this method and path, and
 * clients call it through them. Path parameters are written `:name` (the gateway's router reads
 * them as they are; clients fill them with `fillPath`). `request` and `response` are the contract's
 * schemas of the body or query and of the envelope's data, where one is shared.
 */
export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  readonly path: P;
  readonly request?: ZodType;
  readonly response?: ZodType;
}

interface Schemas {
  request?: ZodType;
  response?: ZodType;
}

export function defineEndpoint<const M extends HttpMethod, const P extends string>(
  method: M,
  path: P,
  schemas: Schemas = {},
): Endpoint<M, P> {
  return { method, path, ...schemas };
}

export const get = <const P extends string>(path: P, schemas?: Schemas) =>
  defineEndpoint('GET', path, schemas);
export const post = <const P extends string>(path: P, schemas?: Schemas) =>
  defineEndpoint('POST', path, schemas);
export const put = <const P extends string>(path: P, schemas?: Schemas) =>
  defineEndpoint('PUT', path, schemas);

/** The paths of a group of endpoints, by the same names (the older `*_PATHS` maps). */
export function pathsOf<const T extends Record<string, Endpoint>>(
  endpoints: T,
): { readonly [K in keyof T]: T[K]['path'] } {
  return Object.fromEntries(Object.entries(endpoints).map(([k, e]) => [k, e.path])) as {
    readonly [K in keyof T]: T[K]['path'];
  };
}

const PATH_PARAM = /:(\w+)/g;

/** The names of a path's parameters, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((m) => m[1] ?? '');
}

/** The path with each `:name` replaced by its value, URI-encoded; a missing value throws. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(PATH_PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
