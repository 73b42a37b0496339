import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorName } from '@exchange/contracts';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySignature,
} from '@exchange/contracts/signed-request';
import { AppError } from './app-error.js';

// The callback routes' side of the signed-request scheme (contracts `signed-request.ts`): the
// raw body kept for the check, and the hook that refuses a bad, missing or stale signature.

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
    const verdict = verifySignature({
      secret: opts.secret,
      text: (request as { rawBody?: string }).rawBody ?? '',
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
