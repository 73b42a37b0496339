import type { FastifyInstance } from 'fastify';
import { RuntimeMode } from '@exchange/contracts';
import { getDepositAddress } from '../../wallet/crypto-deposit/deposit-service.js';
import { notify } from '../../platform/notifications/notify.js';
import type { OpsDeps } from './ops-deps.js';
import { chainFaucet } from './house-ops.js';

export type { OpsDeps } from './ops-deps.js';
export * from '../../platform/ops-audit/ops-audit.js';
export * from './blocklist-ops.js';
export * from './catalogue-ops.js';
export * from './competition-ops.js';
export * from './commands.js';
export * from './fee-ops.js';
export * from './house-ops.js';
export * from './news-ops.js';
export * from './legal-ops.js';
export * from './publish.js';
export * from './review-ops.js';

/** The operator's commands wired to a built gateway (its database, Redis, fan-out and services). */
export function opsDeps(app: FastifyInstance, actor: string): OpsDeps {
  return {
    db: app.db,
    redis: app.redis,
    fanout: app.socket.fanout,
    clock: app.clock,
    actor,
    notify: (input) => notify(app.notifyDeps, input),
    withdrawals: app.withdrawals,
    competitions: app.competitions,
    faucet: chainFaucet(app.env.CHAIN_API_URL, app.env.CHAIN_CALLBACK_SECRET),
    depositAddress: async (userId, asset, network) =>
      (
        await getDepositAddress({
          db: app.db,
          adapters: app.chain.deps.adapters,
          userId,
          mode: RuntimeMode.REAL,
          asset,
          network,
          log: app.log,
        })
      ).address,
  };
}
