import type { NotifyInput } from '@exchange/contracts';
import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { sendMailJob } from '../../platform/mail/send-mail-job.js';
import type { Fanout } from '../../platform/socket/fanout.js';
import type { StagedNotice } from '../../platform/notifications/notify.js';
import type { WithdrawalNetworks } from './networks.js';

/** What a withdrawal needs from the chain (the chain adapter a node or custody provider implements). */
export interface WithdrawalChain {
  /**
   * Sends `amount` to the address. Idempotent on `withdrawalId`: asked again, the chain answers
   * with the transaction it made the first time. Throws `ChainRefused` when the chain will never
   * send it (the funds go back); any other error is retried.
   */
  broadcast(req: {
    withdrawalId: string;
    asset: string;
    network: string;
    address: string;
    memo: string | null;
    amount: string;
  }): Promise<{ txId: string }>;
}

/** The chain will not send this withdrawal (bad address on chain, unsupported...): final. */
export class ChainRefused extends Error {
  override readonly name = 'ChainRefused';
}

export interface OutConfig {
  /** Hours before a new whitelist entry may be used (WHITELIST_COOLING_HOURS). */
  coolingHours: number;
  /** The limited-time withdrawal fee rate, until `feeRateEndsAt` (if set), then `feeRateAfter`. */
  feeRate: string;
  feeRateAfter: string;
  feeRateEndsAt: Date | null;
  /** The risk review takes a random time between these (logical milliseconds). */
  reviewMinMs: number;
  reviewMaxMs: number;
  /** Night requests wait for the 09:00 Hong Kong batch (WITHDRAWAL_NIGHT_BATCH). */
  nightBatch: boolean;
}

export interface OutDeps {
  db: Db;
  clock: Clock;
  redis: RedisConnections;
  env: Env;
  box: SecretBox;
  jobs: Jobs;
  mailJob: ReturnType<typeof sendMailJob>;
  fanout: Fanout;
  networks: WithdrawalNetworks;
  chain: WithdrawalChain;
  config: OutConfig;
  /** The notifications feature's notify(): stored, pushed and mailed by the type's rule. */
  notify(input: NotifyInput): Promise<unknown>;
  /** Delivers notices a transaction stored with its change (notifications' stageNotices). */
  deliverNotices(staged: readonly (StagedNotice | null)[]): Promise<void>;
}
