import { defineEndpoint } from '@exchange/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client';
import { call, nextPageParam, pageParams } from './endpoint';

describe('call', () => {
  const schema = { parse: (v: unknown) => v };
  const clientWith = () => {
    const request = vi.fn(() => Promise.resolve('ok'));
    return { request, client: { request } as unknown as ApiClient };
  };

  it("takes the endpoint's method and fills its :name parameters, URI-encoded", async () => {
    const { request, client } = clientWith();
    const endpoint = defineEndpoint('PUT', '/v1/things/:id/parts/:part');
    await call(client, endpoint, schema, {
      params: { id: 'a b', part: 7 },
      body: { x: 1 },
      silent: true,
    });
    expect(request).toHaveBeenCalledWith('/v1/things/a%20b/parts/7', schema, {
      body: { x: 1 },
      silent: true,
      method: 'PUT',
    });
  });

  it('passes the query, headers and signal on as they are', async () => {
    const { request, client } = clientWith();
    const signal = new AbortController().signal;
    await call(client, defineEndpoint('GET', '/v1/list'), schema, {
      query: { pageNum: 2 },
      headers: { 'runtime-mode': '1' },
      signal,
    });
    expect(request).toHaveBeenCalledWith('/v1/list', schema, {
      query: { pageNum: 2 },
      headers: { 'runtime-mode': '1' },
      signal,
      method: 'GET',
    });
  });

  it('refuses a missing path parameter', () => {
    const { client } = clientWith();
    expect(() => call(client, defineEndpoint('GET', '/v1/things/:id'), schema)).toThrow(
      'Missing path parameter id',
    );
  });
});

describe('paging helper', () => {
  it('starts at page 1 with 10 rows and offers a next page only after a full one', () => {
    expect(pageParams()).toEqual({ pageNum: 1, pageSize: 10 });
    expect(nextPageParam({ pageNum: 1, pageSize: 10, result: Array(10).fill(0) })).toBe(2);
    expect(nextPageParam({ pageNum: 2, pageSize: 10, result: Array(9).fill(0) })).toBeUndefined();
  });
});
