import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client';
import { buildRequest, callEndpoint, defineEndpoint, nextPageParam, pageParams } from './endpoint';

describe('buildRequest', () => {
  it('defaults to get and sends the payload as query parameters', () => {
    expect(buildRequest({ url: '/v1/news' }, { pageNum: 2 })).toEqual({
      path: '/v1/news',
      options: { method: 'GET', query: { pageNum: 2 } },
    });
  });

  it('fills {param} placeholders from the payload and removes them from it', () => {
    expect(
      buildRequest(
        { method: 'post', url: '/v1/orders/{orderId}/cancel', pathParams: ['orderId'] },
        { orderId: 'a b', reason: 'x' },
      ),
    ).toEqual({
      path: '/v1/orders/a%20b/cancel',
      options: { method: 'POST', body: { reason: 'x' } },
    });
    expect(
      buildRequest({ method: 'head', url: '/v1/things/{id}' }, { id: 7, q: 1 }).options,
    ).toEqual({ method: 'HEAD', query: { q: 1 } });
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildRequest({ url: '/v1/things/{id}' }, {})).toThrow('Missing path parameter id');
  });

  it('calls the client with the built request', async () => {
    const request = vi.fn(() => Promise.resolve('ok'));
    const client = { request } as unknown as ApiClient;
    const endpoint = defineEndpoint({
      method: 'delete',
      url: '/v1/x/{id}',
      schema: { parse: (v) => v },
    });
    await callEndpoint(client, endpoint, { id: 1 }, { silent: true });
    expect(request).toHaveBeenCalledWith('/v1/x/1', endpoint.schema, {
      method: 'DELETE',
      body: {},
      silent: true,
    });
  });
});

describe('paging helper', () => {
  it('starts at page 1 with 10 rows and offers a next page only after a full one', () => {
    expect(pageParams()).toEqual({ pageNum: 1, pageSize: 10 });
    expect(nextPageParam({ pageNum: 1, pageSize: 10, result: Array(10).fill(0) })).toBe(2);
    expect(nextPageParam({ pageNum: 2, pageSize: 10, result: Array(9).fill(0) })).toBeUndefined();
  });
});
