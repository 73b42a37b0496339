import { simCallbacks } from '../metrics.js';
import { signedPost } from '@exchange/contracts/signed-request';

/**
 * What every simulated outside party (KYC provider, chains, bank, card processor) does to tell
 * the exchange something: POST the signed callback and count it delivered only on the
 * exchange's `{ code: "200" }`; anything else (an error status, another code, no answer within
 * 5 s) is retried later with `retryDelayMs`. Each simulator keeps its own queue and state, as
 * each vendor would; the signing and the backoff are the same for all.
 */
export type CallbackOutcome<A> = { ok: true; answer: A } | { ok: false; error: string };

export async function postSignedCallback<A extends { code?: string }>(
  url: string,
  body: string,
  secret: string,
  nowMs: number = Date.now(),
): Promise<CallbackOutcome<A>> {
  try {
    const res = await signedPost(url, body, secret, { nowMs, timeoutMs: 5000 });
    const answer = (await res.json().catch(() => null)) as A | null;
    if (res.ok && answer?.code === '200') {
      simCallbacks.inc({ outcome: 'delivered' });
      return { ok: true, answer };
    }
    simCallbacks.inc({ outcome: 'refused' });
    return { ok: false, error: `HTTP ${res.status} ${JSON.stringify(answer)}` };
  } catch (err) {
    simCallbacks.inc({ outcome: 'unreachable' });
    return { ok: false, error: (err as Error).message };
  }
}

/** The wait before attempt `attempts + 1`: the base doubling per attempt, at most `maxMs`. */
export function retryDelayMs(attempts: number, baseMs = 1000, maxMs = 60_000): number {
  return Math.min(baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 16), maxMs);
}
