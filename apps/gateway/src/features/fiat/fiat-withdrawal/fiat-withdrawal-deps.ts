import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { Fanout } from '../../platform/socket/fanout.js';
import type { StagedNotice } from '../../platform/notifications/notify.js';
import type { BankPort } from './bank-port.js';

export interface FiatOutConfig {
  /** The risk review takes a random time between these (logical milliseconds). */
  reviewMinMs: number;
  reviewMaxMs: number;
  /** The freeze after the review (FIAT_WITHDRAWAL_FREEZE_MS). */
  freezeMs: number;
}

export interface FiatOutDeps {
  db: Db;
  clock: Clock;
  redis: RedisConnections;
  env: Env;
  box: SecretBox;
  jobs: Jobs;
  fanout: Fanout;
  bank: BankPort;
  config: FiatOutConfig;
  /** Delivers notices a transaction stored with its change (notifications' stageNotices). */
  deliverNotices(staged: readonly (StagedNotice | null)[]): Promise<void>;
}
