import type { FastifyBaseLogger } from 'fastify';
import type {
  ChainCallback,
  ChainCallbackOf,
  ChainCallbackType,
  NotifyInput,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { SendMailPayload } from '../../platform/mail/send-mail-job.js';
import type { Fanout } from '../../platform/socket/fanout.js';
import type { StagedNotice } from '../../platform/notifications/notify.js';
import type { ChainAdapters } from './chain-adapter.js';

/** What a chain callback handler (and the crypto wallet's services) may use. */
export interface ChainDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  fanout: Fanout;
  adapters: ChainAdapters;
  log: FastifyBaseLogger;
  /** Enqueues an e-mail (the send-mail job); a job id makes a repeat one mail. */
  sendMail(mail: SendMailPayload, jobId?: string): Promise<void>;
  /**
   * Tells the user (platform/notifications notify(): stored, pushed, mailed by the type's rule),
   * after the change has committed; give a dedupeKey so a repeat tells nothing twice.
   */
  notify(input: NotifyInput): Promise<void>;
  /**
   * Delivers notices a transaction stored with its change (platform/notifications
   * stageNotices), after the commit.
   */
  deliverNotices(staged: readonly (StagedNotice | null)[]): Promise<void>;
}

/**
 * What a handler answers: `tracking` false when the exchange needs no more updates of the
 * transfer (final for it, or not the exchange's), so the chain stops repeating it.
 */
export interface ChainCallbackResult {
  tracking: boolean;
}

export type ChainCallbackHandler<T extends ChainCallbackType> = (
  deps: ChainDeps,
  callback: ChainCallbackOf<T>,
) => Promise<ChainCallbackResult>;

type Registry = { [T in ChainCallbackType]?: ChainCallbackHandler<T> };

/**
 * The handlers of the chain's callbacks, one per type: deposits register theirs
 * (wallet/crypto-deposit), withdrawals theirs (`withdrawal.confirmed`, `withdrawal.failed`).
 * A handler MUST be idempotent on its own keys (a deposit's network, txId and output index; a
 * withdrawal's id): the route records each event id once, but a crash between the handler's
 * commit and that record makes the chain send the event again.
 */
export function createChainCallbackRegistry() {
  const handlers: Registry = {};
  return {
    on<T extends ChainCallbackType>(type: T, handler: ChainCallbackHandler<T>): void {
      if (handlers[type]) throw new Error(`Chain callback ${type} handled twice`);
      (handlers as Record<string, unknown>)[type] = handler;
    },
    async dispatch(deps: ChainDeps, callback: ChainCallback): Promise<ChainCallbackResult | null> {
      const handler = handlers[callback.type] as
        | ChainCallbackHandler<typeof callback.type>
        | undefined;
      if (!handler) return null;
      return handler(deps, callback);
    },
  };
}
export type ChainCallbackRegistry = ReturnType<typeof createChainCallbackRegistry>;

/**
 * Applies a callback once per event id: an id already recorded answers `duplicate`; otherwise
 * the handler runs and the id is recorded. A type no handler is registered for (withdrawal
 * outcomes before the withdrawal side is deployed) is refused with 1000 and not recorded, so the
 * chain keeps retrying it with backoff instead of the exchange losing it.
 */
export async function applyChainCallback(
  deps: ChainDeps,
  registry: ChainCallbackRegistry,
  callback: ChainCallback,
): Promise<{ duplicate: boolean; tracking: boolean }> {
  const seen = await deps.db.chainCallbackEvent.findUnique({
    where: { eventId: callback.eventId },
    select: { eventId: true },
  });
  // Still tracking: the chain repeats an event when our answer was lost, and later ones follow.
  if (seen) return { duplicate: true, tracking: true };
  const result = await registry.dispatch(deps, callback);
  if (!result) {
    deps.log.error({ type: callback.type }, 'chain callback of a type nobody handles');
    throw new AppError('SYSTEM_BUSY');
  }
  await deps.db.chainCallbackEvent.createMany({
    data: [{ eventId: callback.eventId, type: callback.type, network: callback.network }],
    skipDuplicates: true,
  });
  return { duplicate: false, tracking: result.tracking };
}
