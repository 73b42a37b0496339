import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { StagedNotice } from '../../platform/notifications/notify.js';
import type { Fanout } from '../../platform/socket/fanout.js';

export interface FlashConfig {
  /** How long the recipient has to agree (FLASH_REMITTANCE_APPROVAL_SECONDS, logical ms). */
  approvalMs: number;
  /** The service fee rate (FLASH_REMITTANCE_FEE_RATE, decimal text). */
  feeRate: string;
}

export interface FlashDeps {
  db: Db;
  clock: Clock;
  redis: RedisConnections;
  env: Env;
  box: SecretBox;
  jobs: Jobs;
  fanout: Fanout;
  config: FlashConfig;
  /** Delivers notices a transaction stored with its change (notifications' stageNotices). */
  deliverNotices(staged: readonly (StagedNotice | null)[]): Promise<void>;
}
