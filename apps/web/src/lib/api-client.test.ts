import { REQUEST_TIMEOUT_MS } from '@exchange/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anything, ApiError, createApiClient, type Schema } from './api-client';

const numbers: Schema<number[]> = {
  parse(input) {
    if (!Array.isArray(input) || !input.every((n) => typeof n === 'number'))
      throw new Error('not numbers');
    return input;
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fetch that records its calls and answers with `respond`. */
function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  return vi.fn<typeof fetch>((input, init = {}) => Promise.resolve(respond(urlOf(input), init)));
}

/** A fetch that never answers until its signal aborts, as a hung server. */
const hangingFetch = vi.fn<typeof fetch>(
  (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    }),
);

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createApiClient', () => {
  it('returns the data of a success envelope and sends the client headers', async () => {
    const fetch = fakeFetch(() => json({ code: '200', data: [1, 2, 3], message: 'success' }));
    const client = createApiClient({ fetch, language: () => 'en' });

    await expect(
      client.get('/v1/things', numbers, { query: { page: 1, q: undefined } }),
    ).resolves.toEqual([1, 2, 3]);

    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v1/things?page=1');
    expect(init?.method).toBe('GET');
    const headers = init?.headers as Record<string, string>;
    expect(headers).toMatchObject({
      device: 'WEB',
      'client-type': 'WEB',
      'accept-language': 'en',
      'runtime-mode': '0',
    });
    expect(headers['time-zone']).toMatch(/^UTC[+-]\d{1,2}(:\d{2})?$/);
    expect(headers).not.toHaveProperty('content-type');
  });

  it('sends a JSON body with its content type', async () => {
    const fetch = fakeFetch(() => json({ code: '200', data: null, message: 'success' }));
    await createApiClient({ fetch }).request('/v1/things', anything, {
      method: 'POST',
      body: { a: 1 },
    });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('throws an ApiError with the code, message and data of an error envelope', async () => {
    const fetch = fakeFetch(() =>
      json(
        {
          code: '1008',
          data: { retryAfterSeconds: 5 },
          message: 'Too many requests, try again in 5 seconds.',
        },
        429,
      ),
    );
    const err = await caught(createApiClient({ fetch }).get('/v1/things', anything));

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: '1008',
      message: 'Too many requests, try again in 5 seconds.',
      data: { retryAfterSeconds: 5 },
      status: 429,
    });
  });

  it('treats a non-200 code as a failure even with HTTP 200', async () => {
    const fetch = fakeFetch(() =>
      json({ code: '3013', data: null, message: 'This market is not available.' }),
    );
    await expect(createApiClient({ fetch }).get('/v1/things', anything)).rejects.toMatchObject({
      name: 'ApiError',
      code: '3013',
      data: null,
      status: 200,
    });
  });

  it('reports an answer that is not an envelope as system busy', async () => {
    const fetch = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(createApiClient({ fetch }).get('/v1/things', anything)).rejects.toMatchObject({
      code: '1000',
      status: 502,
    });
  });

  it('reports a network failure as system busy', async () => {
    const failing = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await caught(createApiClient({ fetch: failing }).get('/v1/things', anything));
    expect(err).toMatchObject({ code: '1000', status: null });
    expect((err as ApiError).cause).toBeInstanceOf(TypeError);
  });

  it('reports data that breaks the contract as an internal error', async () => {
    const fetch = fakeFetch(() =>
      json({ code: '200', data: ['not', 'numbers'], message: 'success' }),
    );
    await expect(createApiClient({ fetch }).get('/v1/things', numbers)).rejects.toMatchObject({
      code: '1012',
    });
  });

  it('aborts after 30 seconds with a timeout error', async () => {
    vi.useFakeTimers();
    const result = caught(createApiClient({ fetch: hangingFetch }).get('/v1/slow', anything));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(hangingFetch.mock.calls.at(-1)![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await result).toMatchObject({
      name: 'ApiError',
      code: '1009',
      message: 'The request took too long, try again later.',
    });
  });

  it("passes a caller's cancellation through instead of an ApiError", async () => {
    const controller = new AbortController();
    const result = caught(
      createApiClient({ fetch: hangingFetch }).get('/v1/slow', anything, {
        signal: controller.signal,
      }),
    );
    controller.abort();
    const err = await result;
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ name: 'AbortError' });
  });

  it('uses the global fetch when none is given', async () => {
    const fetch = fakeFetch(() => json({ code: '200', data: 'ok', message: 'success' }));
    vi.stubGlobal('fetch', fetch);
    await expect(createApiClient().get('/v1/ping', anything)).resolves.toBe('ok');
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('client rules', () => {
  const okFetch = () => fakeFetch(() => json({ code: '200', data: null, message: 'success' }));

  it('sends the bearer token and the CSRF cookie, but no token on public paths', async () => {
    const fetch = okFetch();
    const client = createApiClient({
      fetch,
      token: () => 'tok',
      csrfToken: () => 'csrf',
      runtimeMode: () => 2,
    });
    await client.get('/v1/user/profile', anything);
    await client.get('/v1/common/public/configs/assets', anything);
    const [first, second] = fetch.mock.calls.map(
      ([, init]) => init?.headers as Record<string, string>,
    );
    expect(first).toMatchObject({
      authorization: 'Bearer tok',
      'x-csrf-token': 'csrf',
      'runtime-mode': '2',
    });
    expect(second).not.toHaveProperty('authorization');
  });

  it('forces logout on 401 and 4003 without a toast, and toasts other failures unless silent', async () => {
    const onForceLogout = vi.fn();
    const onError = vi.fn();
    const answers = [
      json({ code: '4003', data: null, message: 'elsewhere' }, 401),
      json({ code: '2001', data: null, message: 'no' }, 401),
      json({ code: '3013', data: null, message: 'closed' }),
      json({ code: '3013', data: null, message: 'closed' }),
    ];
    const fetch = fakeFetch(() => answers.shift()!);
    const client = createApiClient({ fetch, onForceLogout, onError });
    await caught(client.get('/v1/a', anything));
    await caught(client.get('/v1/b', anything));
    expect(onForceLogout).toHaveBeenCalledTimes(2);
    expect(onError).not.toHaveBeenCalled();
    await caught(client.get('/v1/c', anything));
    await caught(client.get('/v1/d', anything, { silent: true }));
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: '3013' });
  });

  it('a 401 from a public call (a wrong password at login) goes to the caller, not to forced logout', async () => {
    const onForceLogout = vi.fn();
    const onError = vi.fn();
    const attempts = { failedAttempts: 1, maxAttempts: 5, lockMinutes: 15 };
    const fetch = fakeFetch(() =>
      json({ code: '2002', data: attempts, message: '1 of 5 attempts' }, 401),
    );
    const client = createApiClient({ fetch, onForceLogout, onError });
    const err = await caught(
      client.request('/v1/auth/public/login', anything, { method: 'POST', body: {}, silent: true }),
    );
    expect(err).toMatchObject({ code: '2002', status: 401, data: attempts });
    expect(onForceLogout).not.toHaveBeenCalled();
    await caught(client.request('/v1/auth/public/login', anything, { method: 'POST', body: {} }));
    expect(onError).toHaveBeenCalledOnce();
    expect(onForceLogout).not.toHaveBeenCalled();
  });

  it('answers a call denied by the block list with its mask code, without a request', async () => {
    const fetch = okFetch();
    const client = createApiClient({
      fetch,
      blocked: (method, path) =>
        method === 'POST' && path === '/v1/wallet/withdraw' ? 1010 : null,
    });
    await expect(
      client.request('/v1/wallet/withdraw', anything, { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ code: '1010', message: 'This function is not available.' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('refresh of an expired session', () => {
  const REFRESH = '/v1/auth/public/token/refresh';
  const expired = () =>
    json({ code: '401', data: null, message: 'Login session expired, please log in again.' }, 401);

  it('refreshes once on 401 and sends the call again; calls failing together share one refresh', async () => {
    let refreshed = false;
    const fetch = fakeFetch((url) => {
      if (url === REFRESH) {
        refreshed = true;
        return json({ code: '200', data: {}, message: 'success' });
      }
      return refreshed ? json({ code: '200', data: 'fresh', message: 'success' }) : expired();
    });
    const onForceLogout = vi.fn();
    const client = createApiClient({ fetch, refreshPath: REFRESH, onForceLogout });
    const answers = await Promise.all([
      client.get('/v1/user/profile', anything),
      client.get('/v1/wallet/balances', anything),
    ]);
    expect(answers).toEqual(['fresh', 'fresh']);
    expect(fetch.mock.calls.filter(([u]) => urlOf(u) === REFRESH)).toHaveLength(1);
    expect(onForceLogout).not.toHaveBeenCalled();
  });

  it('logs out when the refresh is refused, and never refreshes 4003', async () => {
    const fetch = fakeFetch((url) =>
      url === REFRESH
        ? expired()
        : url.includes('elsewhere')
          ? json({ code: '4003', data: null, message: 'Logged in elsewhere.' }, 401)
          : expired(),
    );
    const onForceLogout = vi.fn();
    const client = createApiClient({ fetch, refreshPath: REFRESH, onForceLogout });
    await expect(client.get('/v1/user/profile', anything)).rejects.toMatchObject({ code: '401' });
    expect(fetch.mock.calls.map(([u]) => urlOf(u))).toEqual(['/v1/user/profile', REFRESH]);
    fetch.mockClear();
    await expect(client.get('/v1/elsewhere', anything)).rejects.toMatchObject({ code: '4003' });
    expect(fetch.mock.calls.map(([u]) => urlOf(u))).toEqual(['/v1/elsewhere']);
    expect(onForceLogout).toHaveBeenCalledTimes(2);
  });
});
