import { describe, expect, it } from 'vitest';
import {
  signText,
  signedGet,
  signedPost,
  verifySignature,
  type FetchLike,
} from '../src/signed-request.js';

const secret = 'a'.repeat(64);
const now = 1_800_000_000_000;
const ts = Math.floor(now / 1000);
const body = '{"eventId":"e-1","amount":"10.5"}';

const check = (over: Partial<Parameters<typeof verifySignature>[0]> = {}) =>
  verifySignature({
    secret,
    text: body,
    signature: signText(secret, ts, body),
    timestamp: String(ts),
    nowMs: now,
    ...over,
  });

/** A fetch that records the request and answers 200. */
function recorder() {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = (input, init) => {
    seen.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(new Response('{}', { status: 200 }));
  };
  return { seen, fetch };
}

describe('the signed-request scheme', () => {
  it('accepts a body signed with the secret within the window', () => {
    expect(check()).toEqual({ ok: true });
    expect(check({ nowMs: now + 300_000 })).toEqual({ ok: true });
  });

  it('refuses a tampered body', () => {
    expect(check({ text: body.replace('10.5', '100.5') })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('refuses a stale (or far future) timestamp, but only once the signature is right', () => {
    const stale = ts - 301;
    expect(check({ signature: signText(secret, stale, body), timestamp: String(stale) })).toEqual({
      ok: false,
      reason: 'EXPIRED',
    });
    expect(check({ nowMs: now - 301_000 })).toEqual({ ok: false, reason: 'EXPIRED' });
    expect(check({ windowSeconds: 10, nowMs: now + 11_000 })).toEqual({
      ok: false,
      reason: 'EXPIRED',
    });
    // A moved timestamp with the old signature is a bad signature, not an expired one.
    expect(check({ timestamp: String(stale) })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('refuses a wrong secret', () => {
    expect(check({ secret: 'b'.repeat(64) })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('refuses missing, repeated or malformed headers', () => {
    expect(check({ signature: undefined })).toEqual({ ok: false, reason: 'MISSING' });
    expect(check({ timestamp: undefined })).toEqual({ ok: false, reason: 'MISSING' });
    expect(check({ signature: [signText(secret, ts, body)] })).toEqual({
      ok: false,
      reason: 'MISSING',
    });
    expect(check({ signature: 'forged' })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(check({ timestamp: '1e9' })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('signedPost sends the JSON body with headers the receiver accepts', async () => {
    const { seen, fetch } = recorder();
    await signedPost('http://party.test/charges', { requestId: 'r-1' }, secret, {
      fetch,
      nowMs: now,
    });
    const [sent] = seen;
    const headers = sent?.init.headers as Record<string, string>;
    expect(sent?.url).toBe('http://party.test/charges');
    expect(sent?.init.method).toBe('POST');
    expect(sent?.init.body).toBe('{"requestId":"r-1"}');
    expect(headers['content-type']).toBe('application/json');
    expect(
      verifySignature({
        secret,
        text: '{"requestId":"r-1"}',
        signature: headers['x-signature'],
        timestamp: headers['x-timestamp'],
        nowMs: now,
      }),
    ).toEqual({ ok: true });
  });

  it('signedPost sends a body given as text byte for byte', async () => {
    const { seen, fetch } = recorder();
    await signedPost('http://party.test/cb', body, secret, { fetch });
    expect(seen[0]?.init.body).toBe(body);
  });

  it('signedGet signs the path and sends no body', async () => {
    const { seen, fetch } = recorder();
    await signedGet(new URL('/status', 'http://party.test/api/'), secret, { fetch, nowMs: now });
    const headers = seen[0]?.init.headers as Record<string, string>;
    expect(seen[0]?.init.body).toBeUndefined();
    expect(headers['x-signature']).toBe(signText(secret, ts, '/status'));
  });
});
