import {
  CLIENT_TYPE_WEB,
  CSRF_HEADER,
  FORCE_LOGOUT_CODES,
  DEFAULT_LANGUAGE,
  DEFAULT_RUNTIME_MODE,
  DEVICE_WEB,
  ErrorCode,
  HEADERS,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  errorByCode,
  formatTimeZone,
  type Envelope,
  type RuntimeMode,
} from '@exchange/contracts';

/**
 * A failed request. `code` is the envelope's code (a code of the error catalogue, as text);
 * failures that never produced an envelope get a catalogue code too, so the UI has one path:
 * 1009 the request timed out, 1000 no usable answer (network down, proxy page), 1012 the answer
 * did not match the contract.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly data: unknown;
  /** HTTP status of the answer; null when there was none (network failure, timeout). */
  readonly status: number | null;

  constructor(init: {
    code: string;
    message: string;
    data?: unknown;
    status?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.data = init.data ?? null;
    this.status = init.status ?? null;
  }
}

/** Anything with zod's `parse`: the contracts' schemas validate every answer at the boundary. */
export interface Schema<T> {
  parse(input: unknown): T;
}

/** For an answer the caller does not read (a deletion, a saved draft): passed through as it is. */
export const anything: Schema<unknown> = { parse: (input) => input };

export type QueryValue = string | number | boolean | null | undefined;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** No error toast for this request: the caller shows the failure itself. */
  silent?: boolean;
}

export interface UploadOptions {
  query?: Record<string, QueryValue>;
  /** The multipart field of each file. */
  field?: string;
  /** Bytes sent so far of `total`, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
}

export interface ApiClientOptions {
  /** Prefix of every path; '' (the default) is the page's own origin, where the gateway lives. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Current UI language, sent as accept-language. */
  language?: () => string;
  /** Current runtime mode, sent as runtime-mode. */
  runtimeMode?: () => RuntimeMode;
  /**
   * Access token sent as a bearer token, except on public paths. The web client sends none: its
   * session is the HttpOnly cookie.
   */
  token?: () => string | null;
  /**
   * The refresh call (the refresh token is its HttpOnly cookie): a private call answered 401 is
   * sent again once after a successful refresh, before anything logs out.
   */
  refreshPath?: string;
  /**
   * Runs a refresh alone among the browser's tabs, which share the cookies: a refresh token
   * presented twice ends the session. `failedSince` is when the failed call was sent; a tab that
   * finds a refresh done after it skips its own. Without it, refreshes are only shared in this
   * client.
   */
  serializeRefresh?: (refresh: () => Promise<boolean>, failedSince: number) => Promise<boolean>;
  /** Readable CSRF cookie, echoed in x-csrf-token for cookie-authenticated requests. */
  csrfToken?: () => string | null;
  /** Session codes 401 / 4003 and HTTP 401: log out at once, without a toast. */
  onForceLogout?: (error: ApiError) => void;
  /** Every other failure, unless the request or the client is silent: shows the toast. */
  onError?: (error: ApiError) => void;
  silent?: boolean;
  /** The block list's mask code for a denied method and path, else null. */
  blocked?: (method: string, path: string) => number | null;
}

export interface ApiClient {
  request<T>(path: string, schema: Schema<T>, options?: RequestOptions): Promise<T>;
  get<T>(
    path: string,
    schema: Schema<T>,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  /**
   * POSTs files as multipart form data through XMLHttpRequest, whose upload events give the
   * progress fetch cannot; same headers, envelope, errors and forced logout as `request`.
   */
  upload<T>(path: string, schema: Schema<T>, files: Blob[], options?: UploadOptions): Promise<T>;
  runtimeMode(): RuntimeMode;
  /**
   * Refreshes the session through `refreshPath`; concurrent callers share one call. `failedSince`:
   * when the call that found the session expired was sent (default: now).
   */
  refreshSession(failedSince?: number): Promise<boolean>;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'string' && typeof b.message === 'string' && 'data' in b;
}

/** Paths containing `public/` need no session (platform-shell section 7). */
export const isPublicPath = (path: string) => path.includes('public/');

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

const catalogueError = (
  def: { code: number; message: string },
  extra: { status?: number | null; cause?: unknown } = {},
) => new ApiError({ code: String(def.code), message: def.message, data: null, ...extra });

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  // Looked up at call time: tests stub globalThis.fetch, and window.fetch must not lose its `this`.
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const language = options.language ?? (() => DEFAULT_LANGUAGE);
  const runtimeMode = options.runtimeMode ?? (() => DEFAULT_RUNTIME_MODE);

  function baseHeaders(path: string): Record<string, string> {
    const token = options.token?.() ?? null;
    const csrf = options.csrfToken?.() ?? null;
    return {
      // Public endpoints never see the token, so a stale one cannot turn them into 401s.
      ...(token && !isPublicPath(path) ? { [HEADERS.authorization]: `Bearer ${token}` } : {}),
      ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      accept: 'application/json',
      // Minutes east of UTC, read per request so a DST change is picked up.
      [HEADERS.timeZone]: formatTimeZone(-new Date().getTimezoneOffset()),
      [HEADERS.device]: DEVICE_WEB,
      [HEADERS.clientType]: CLIENT_TYPE_WEB,
      [HEADERS.acceptLanguage]: language(),
      [HEADERS.runtimeMode]: String(runtimeMode()),
    };
  }

  /**
   * Routes a failure to forced logout or the toast, then hands it to the caller. Only a call that
   * carried the session can end it: a public call (login, registration, password reset) answers
   * 401 for a wrong password, which is the caller's to show, not a reason to log out.
   */
  function report(err: unknown, path: string, silent: boolean | undefined): never {
    if (err instanceof ApiError) {
      if (
        !isPublicPath(path) &&
        (FORCE_LOGOUT_CODES.includes(Number(err.code)) || err.status === 401)
      ) {
        options.onForceLogout?.(err);
      } else if (!silent && !options.silent) {
        options.onError?.(err);
      }
    }
    throw err;
  }

  let refreshing: Promise<boolean> | null = null;
  function refreshSession(failedSince = Date.now()): Promise<boolean> {
    const refreshPath = options.refreshPath;
    if (!refreshPath) return Promise.resolve(false);
    const refresh = () =>
      send(refreshPath, { parse: () => true }, { method: 'POST' }).catch(() => false);
    refreshing ??= (
      options.serializeRefresh ? options.serializeRefresh(refresh, failedSince) : refresh()
    ).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** An expired access token answers 401; 4003 (logged in elsewhere) cannot be refreshed. */
  const expired = (err: unknown, path: string) =>
    err instanceof ApiError &&
    !isPublicPath(path) &&
    err.code !== String(ErrorCode.LOGGED_IN_ELSEWHERE.code) &&
    (err.code === String(ErrorCode.UNAUTHORIZED.code) || err.status === 401);

  async function request<T>(
    path: string,
    schema: Schema<T>,
    opts: RequestOptions = {},
  ): Promise<T> {
    const sentAt = Date.now();
    try {
      return await send(path, schema, opts);
    } catch (err) {
      if (!expired(err, path) || !(await refreshSession(sentAt)))
        return report(err, path, opts.silent);
    }
    try {
      return await send(path, schema, opts);
    } catch (err) {
      return report(err, path, opts.silent);
    }
  }

  async function send<T>(path: string, schema: Schema<T>, opts: RequestOptions): Promise<T> {
    const { method = 'GET', query, body, signal, headers } = opts;
    const mask = options.blocked?.(method, path) ?? null;
    if (mask !== null) {
      const known = errorByCode(mask);
      throw new ApiError({
        code: String(mask),
        message: known?.message ?? ErrorCode.BLOCKED.message,
        status: null,
      });
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) forwardAbort();
    else signal?.addEventListener('abort', forwardAbort, { once: true });

    // A caller's cancellation (React Query unmounting, a newer search) is not an error to show.
    const rethrowIfCancelled = (err: unknown) => {
      if (timedOut) throw catalogueError(ErrorCode.REQUEST_TIMEOUT, { cause: err });
      if (signal?.aborted) throw err;
    };

    try {
      const init: RequestInit = {
        method,
        headers: {
          ...baseHeaders(path),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        credentials: 'same-origin',
        signal: controller.signal,
      };
      if (body !== undefined) init.body = JSON.stringify(body);

      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${withQuery(path, query)}`, init);
      } catch (err) {
        rethrowIfCancelled(err);
        throw catalogueError(ErrorCode.SYSTEM_BUSY, { cause: err });
      }

      let payload: unknown;
      try {
        payload = await response.json();
      } catch (err) {
        rethrowIfCancelled(err);
        payload = undefined;
      }
      // Gateway errors are envelopes with a 4xx/5xx status; anything else (a proxy's 502 page,
      // an empty body) means there was no usable answer.
      if (!isEnvelope(payload)) {
        throw catalogueError(ErrorCode.SYSTEM_BUSY, { status: response.status });
      }
      if (payload.code !== SUCCESS_CODE) {
        throw new ApiError({
          code: payload.code,
          message: payload.message,
          data: payload.data,
          status: response.status,
        });
      }
      try {
        return schema.parse(payload.data);
      } catch (err) {
        throw catalogueError(ErrorCode.INTERNAL, { status: response.status, cause: err });
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** The answer's body as the gateway's envelope, or the error it stands for. */
  function unwrap<T>(schema: Schema<T>, status: number, payload: unknown): T {
    if (!isEnvelope(payload)) throw catalogueError(ErrorCode.SYSTEM_BUSY, { status });
    if (payload.code !== SUCCESS_CODE) {
      throw new ApiError({
        code: payload.code,
        message: payload.message,
        data: payload.data,
        status,
      });
    }
    try {
      return schema.parse(payload.data);
    } catch (err) {
      throw catalogueError(ErrorCode.INTERNAL, { status, cause: err });
    }
  }

  function sendUpload<T>(
    path: string,
    schema: Schema<T>,
    files: Blob[],
    opts: UploadOptions,
  ): Promise<T> {
    const mask = options.blocked?.('POST', path) ?? null;
    if (mask !== null) {
      return Promise.reject(
        new ApiError({
          code: String(mask),
          message: errorByCode(mask)?.message ?? ErrorCode.BLOCKED.message,
        }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${baseUrl}${withQuery(path, opts.query)}`);
      for (const [name, value] of Object.entries(baseHeaders(path))) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) opts.onProgress?.(e.loaded, e.total);
      };
      xhr.onload = () => {
        let payload: unknown;
        try {
          payload = JSON.parse(xhr.responseText) as unknown;
        } catch {
          payload = undefined;
        }
        try {
          resolve(unwrap(schema, xhr.status, payload));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      };
      xhr.onerror = () => reject(catalogueError(ErrorCode.SYSTEM_BUSY, { status: null }));
      xhr.ontimeout = () => reject(catalogueError(ErrorCode.REQUEST_TIMEOUT));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      const form = new FormData();
      for (const file of files) form.append(opts.field ?? 'file', file);
      xhr.send(form);
    });
  }

  return {
    request,
    get: (path, schema, opts = {}) => request(path, schema, { ...opts, method: 'GET' }),
    upload: async (path, schema, files, opts = {}) => {
      try {
        return await sendUpload(path, schema, files, opts);
      } catch (err) {
        return report(err, path, opts.silent);
      }
    },
    runtimeMode,
    refreshSession,
  };
}
