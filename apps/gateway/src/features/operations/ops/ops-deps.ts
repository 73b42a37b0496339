import type { NotifyInput } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import type { Fanout } from '../../platform/socket/fanout.js';
import type { Withdrawals } from '../../wallet/withdrawal/withdrawal-service.js';
import type { Competitions } from '../../trading/competition/competition-service.js';

/**
 * What the operator's commands use: the exchange's database, Redis (to tell every gateway),
 * the socket fan-out (to tell every open client), the clock, and who is acting.
 */
export interface OpsDeps {
  db: Db;
  redis: RedisConnections;
  fanout: Fanout;
  clock: Clock;
  /** The operator's name, written into every audit row. */
  actor: string;
  /** Tells a user of a decision (KYC result), after its commit. */
  notify?: (input: NotifyInput) => Promise<unknown>;
  /** The withdrawals service, for review decisions. */
  withdrawals?: Pick<Withdrawals, 'decide'>;
  /** Trade for Reward's periods. */
  competitions?: Pick<Competitions, 'create' | 'list' | 'endNow' | 'cancel'>;
  /** The chains' faucet, for house account funding (the simulated chain's API). */
  faucet?: (req: {
    network: string;
    address: string;
    amount: string;
    asset?: string;
  }) => Promise<unknown>;
  /** The deposit address of a user on a network (the same call a user's deposit page makes). */
  depositAddress?: (userId: string, asset: string, network: string) => Promise<string>;
}
