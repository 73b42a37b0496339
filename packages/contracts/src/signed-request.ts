import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one signing scheme between the exchange and its outside parties (KYC provider, chains,
 * partner bank, card processor), both ways: the exchange's calls to a party and the party's
 * callbacks. `x-signature` is the hex HMAC-SHA256 of `<x-timestamp>.<signed text>` under the
 * secret shared with the party, `x-timestamp` the signing time in Unix seconds. The signed text
 * is the raw JSON body of a POST and the path of a GET (it has no body). A request outside the
 * replay window is refused, so a captured one cannot be sent again later; within it, the
 * receiver stays idempotent on the party's event or request id. The window is on real time (the
 * signature's freshness, not a modelled business delay), so it holds whatever TIME_SCALE the
 * processes run at. Node only: the gateway, the simulators and their command lines use it.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
export const DEFAULT_REPLAY_WINDOW_SECONDS = 300;

/** The signature of `text` signed at `timestamp` (Unix seconds). */
export function signText(secret: string, timestamp: number, text: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${text}`).digest('hex');
}

/** The headers of a signed JSON request whose signed text is `text`. */
export function signedHeaders(
  secret: string,
  text: string,
  nowMs: number = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signText(secret, timestamp, text),
  };
}

export type SignatureVerdict =
  | { ok: true }
  | { ok: false; reason: 'MISSING' | 'BAD_SIGNATURE' | 'EXPIRED' };

/** Checks a request's signature headers over the text it signed (raw body, or a GET's path). */
export function verifySignature(opts: {
  secret: string;
  text: string;
  signature: string | string[] | undefined;
  timestamp: string | string[] | undefined;
  windowSeconds?: number;
  nowMs?: number;
}): SignatureVerdict {
  const { signature, timestamp } = opts;
  if (typeof signature !== 'string' || typeof timestamp !== 'string')
    return { ok: false, reason: 'MISSING' };
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
    return { ok: false, reason: 'BAD_SIGNATURE' };
  const expected = Buffer.from(signText(opts.secret, Number(timestamp), opts.text), 'hex');
  // The signature first: an unsigned request learns nothing about the window.
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return { ok: false, reason: 'BAD_SIGNATURE' };
  const window = opts.windowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS;
  const ageSeconds = Math.abs((opts.nowMs ?? Date.now()) / 1000 - Number(timestamp));
  if (ageSeconds > window) return { ok: false, reason: 'EXPIRED' };
  return { ok: true };
}

/** The fetch a signed request goes through: the gateway passes its metered `partyFetch`. */
export type FetchLike = (input: URL | string, init?: RequestInit) => Promise<Response>;

export interface SignedRequestOptions {
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Aborts the request after this long; none by default. */
  timeoutMs?: number;
  /** The signing time (a simulator signs its callbacks on its own clock). Default: now. */
  nowMs?: number;
}

function send(
  url: URL | string,
  init: { method: 'GET' | 'POST'; text: string; body?: string },
  secret: string,
  opts: SignedRequestOptions,
): Promise<Response> {
  const call = opts.fetch ?? fetch;
  return call(url, {
    method: init.method,
    headers: signedHeaders(secret, init.text, opts.nowMs),
    ...(init.body === undefined ? {} : { body: init.body }),
    ...(opts.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(opts.timeoutMs) }),
  });
}

/**
 * A signed JSON POST. `body` is the value to send, or its JSON text already serialized (a
 * string is sent as it is: a callback retried later is sent byte for byte as first signed).
 * Network errors and timeouts are thrown; any HTTP status is the caller's to judge.
 */
export function signedPost(
  url: URL | string,
  body: unknown,
  secret: string,
  opts: SignedRequestOptions = {},
): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return send(url, { method: 'POST', text, body: text }, secret, opts);
}

/** A signed GET: it has no body, so its path is what is signed. */
export function signedGet(
  url: URL | string,
  secret: string,
  opts: SignedRequestOptions = {},
): Promise<Response> {
  return send(url, { method: 'GET', text: new URL(url).pathname }, secret, opts);
}
