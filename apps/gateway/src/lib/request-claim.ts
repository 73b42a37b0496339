import { randomUUID } from 'node:crypto';
import { ErrorCode, type ErrorName } from '@exchange/contracts';
import { AppError } from './app-error.js';
import type { RedisConnections } from './redis.js';

/** Longer than any request that moves money takes; a crashed holder's claim ends by itself. */
const CLAIM_MS = 30_000;
/** How long a finished request's refusal is kept for the copies that waited for it. */
const ANSWER_MS = 10_000;
const POLL_MS = 20;

const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

type Answer = { code: number; params: Record<string, unknown> | null };

function replay(answer: Answer): AppError {
  const name = (Object.keys(ErrorCode) as ErrorName[]).find(
    (n) => ErrorCode[n].code === answer.code,
  );
  return name ? new AppError(name, answer.params) : new AppError('INTERNAL');
}

/**
 * Runs a request that moves money (a withdrawal, an internal transfer, a flash remittance) once
 * per client request id: the id is claimed in Redis BEFORE the step-up codes are checked, so a copy
 * sent at the same instant (same id, same codes) waits for the first one instead of spending
 * the codes a second time. Once the first is over the copy runs: a success is found by its
 * client request id (the services answer the first request), and a refusal is answered again
 * as it was (kept ANSWER_MS for the copies that waited). A request that did not have to wait never
 * reads an earlier refusal: a retry with fresh codes runs afresh.
 */
export async function oncePerRequest<T>(
  redis: Pick<RedisConnections, 'commands'>,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  const r = redis.commands;
  const claim = `request-claim:${key}`;
  const answerKey = `request-answer:${key}`;
  const owner = randomUUID();
  let waited = false;
  while ((await r.set(claim, owner, 'PX', CLAIM_MS, 'NX')) !== 'OK') {
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    if (waited) {
      const prior = await r.get(answerKey);
      if (prior) throw replay(JSON.parse(prior) as Answer);
    }
    const result = await run();
    await r.del(answerKey);
    return result;
  } catch (err) {
    if (err instanceof AppError) {
      const answer: Answer = { code: err.code, params: err.params };
      await r.set(answerKey, JSON.stringify(answer), 'PX', ANSWER_MS);
    }
    throw err;
  } finally {
    await r.eval(RELEASE, 1, claim, owner);
  }
}

/** The claim key of a client request id: one per user, kind of request and id. */
export const requestKey = (kind: string, userId: string, clientRequestId: string) =>
  `${kind}:${userId}:${clientRequestId}`;
