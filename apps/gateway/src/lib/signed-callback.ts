import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorName } from '@exchange/contracts';
import { AppError } from './app-error.js';

/**
 * Signed callbacks from outside parties (the KYC provider now; chains and the bank later):
 * `x-signature` is the hex HMAC-SHA256 of `<x-timestamp>.<raw body>` under a secret shared with
 * the party, `x-timestamp` the signing time in Unix seconds. A callback outside the replay window
 * is refused, so a captured request cannot be sent again later; within it, the caller stays
 * idempotent on the party's event id. The window is on real time (the signature's freshness,
 * not a modelled business delay), so it holds whatever TIME_SCALE the processes run at.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
export const DEFAULT_REPLAY_WINDOW_SECONDS = 300;

export function signCallback(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export type CallbackVerdict =
  | { ok: true }
  | { ok: false; reason: 'MISSING' | 'BAD_SIGNATURE' | 'EXPIRED' };

export function verifyCallback(opts: {
  secret: string;
  rawBody: string;
  signature: string | string[] | undefined;
  timestamp: string | string[] | undefined;
  windowSeconds?: number;
  nowMs?: number;
}): CallbackVerdict {
  const { signature, timestamp } = opts;
  if (typeof signature !== 'string' || typeof timestamp !== 'string')
    return { ok: false, reason: 'MISSING' };
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
    return { ok: false, reason: 'BAD_SIGNATURE' };
  const expected = Buffer.from(signCallback(opts.secret, Number(timestamp), opts.rawBody), 'hex');
  // The signature first: an unsigned request learns nothing about the window.
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return { ok: false, reason: 'BAD_SIGNATURE' };
  const window = opts.windowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS;
  const ageSeconds = Math.abs((opts.nowMs ?? Date.now()) / 1000 - Number(timestamp));
  if (ageSeconds > window) return { ok: false, reason: 'EXPIRED' };
  return { ok: true };
}

/**
 * Keeps each JSON request's raw text on `request.rawBody` in this plugin's scope, so a callback
 * route can check the signature over the exact bytes the party signed.
 */
export function keepRawJsonBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      (request as { rawBody?: string }).rawBody = body as string;
      done(null, JSON.parse(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

const signatureChecks = new WeakSet<object>();

/** Whether `hook` is a signature check made by `requireSignedCallback`. */
export function isSignatureCheck(hook: unknown): boolean {
  return typeof hook === 'function' && signatureChecks.has(hook);
}

/**
 * A route's preValidation hook that refuses a callback with a bad or missing signature
 * (`invalid`) or one outside the replay window (`expired`). It runs before the body is
 * validated, so an unsigned caller learns nothing about the payload's shape.
 */
export function requireSignedCallback(opts: {
  party: string;
  secret: string;
  windowSeconds: number;
  invalid: ErrorName;
  expired: ErrorName;
}): (request: FastifyRequest) => Promise<void> {
  const check = (request: FastifyRequest): Promise<void> => {
    const verdict = verifyCallback({
      secret: opts.secret,
      rawBody: (request as { rawBody?: string }).rawBody ?? '',
      signature: request.headers[SIGNATURE_HEADER],
      timestamp: request.headers[TIMESTAMP_HEADER],
      windowSeconds: opts.windowSeconds,
    });
    if (verdict.ok) return Promise.resolve();
    request.log.warn({ reason: verdict.reason }, `${opts.party} callback refused`);
    return Promise.reject(new AppError(verdict.reason === 'EXPIRED' ? opts.expired : opts.invalid));
  };
  signatureChecks.add(check);
  return check;
}
