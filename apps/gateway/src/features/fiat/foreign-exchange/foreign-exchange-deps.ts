import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import type { StagedNotice } from '../../platform/notifications/notify.js';
import type { Fanout } from '../../platform/socket/fanout.js';

export interface FxConfig {
  /** How long a quote may be confirmed (FX_QUOTE_TTL_SECONDS, logical milliseconds). */
  quoteTtlMs: number;
  /** From confirmation to settlement (FX_SETTLEMENT_SECONDS, logical milliseconds). */
  settlementMs: number;
}

export interface FxDeps {
  db: Db;
  clock: Clock;
  redis: RedisConnections;
  env: Env;
  jobs: Jobs;
  fanout: Fanout;
  config: FxConfig;
  /** Delivers notices a transaction stored with its change (notifications' stageNotices). */
  deliverNotices(staged: readonly (StagedNotice | null)[]): Promise<void>;
}
