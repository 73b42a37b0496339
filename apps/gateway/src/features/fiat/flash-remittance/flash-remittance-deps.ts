import type { NotifyInput } from '@exchange/contracts';
import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import type { SecretBox } from '../../../lib/secret-box.js';
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
  /** The notifications feature's notify(): stored, pushed and mailed by the type's rule. */
  notify(input: NotifyInput): Promise<unknown>;
}
