import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The provider's side of the signed exchange with the gateway: HMAC-SHA256 of
 * `<unix seconds>.<raw body>` in `x-signature`, the seconds in `x-timestamp`. It signs its
 * callbacks and checks the gateway's requests the same way (the gateway's own module is
 * apps/gateway/src/lib/signed-callback.ts; the two share no code, as a vendor would not).
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';

export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signedHeaders(secret: string, body: string, nowMs = Date.now()) {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: sign(secret, timestamp, body),
  };
}

export function verify(
  secret: string,
  body: string,
  signature: string | string[] | undefined,
  timestamp: string | string[] | undefined,
  windowSeconds = 300,
  nowMs = Date.now(),
): boolean {
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(sign(secret, Number(timestamp), body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= windowSeconds;
}
