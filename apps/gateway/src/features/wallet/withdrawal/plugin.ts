import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChainNetwork } from '@exchange/contracts';
import type { ChainAdapters } from '../chain/chain-adapter.js';
import { totpSecretBox } from '../../identity/security/security-deps.js';
import { deliverNotices, notify } from '../../platform/notifications/notify.js';
import { ChainRefused, type OutDeps, type WithdrawalChain } from './withdrawal-deps.js';
import { catalogueNetworks } from './networks.js';
import { withdrawalRoutes } from './routes.js';
import { Withdrawals } from './withdrawal-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    withdrawals: Withdrawals;
  }
}

/**
 * Withdrawals go to the chain adapter of their network (over HTTP to CHAIN_API_URL under
 * `npm start`). An adapter that does not answer throws 5109, and the broadcast job retries.
 */
function adaptersChain(adapters: ChainAdapters): WithdrawalChain {
  return {
    async broadcast(req) {
      const adapter = adapters[req.network as ChainNetwork] as
        | ChainAdapters[ChainNetwork]
        | undefined;
      if (!adapter) throw new ChainRefused(`No chain adapter for network ${req.network}`);
      return adapter.broadcast({
        withdrawalId: req.withdrawalId,
        address: req.address,
        asset: req.asset,
        amount: req.amount,
      });
    },
  };
}

export interface WithdrawalPluginOptions {
  /** The chain withdrawals are broadcast to; default: the chain adapters of `app.chain`. */
  withdrawalChain?: WithdrawalChain;
}

/**
 * Whitelists, internal transfers and crypto withdrawals: their jobs, routes, the chain's
 * withdrawal callbacks and resumption. After the crypto wallet (it uses `app.chain`).
 */
async function withdrawal(app: FastifyInstance, opts: WithdrawalPluginOptions): Promise<void> {
  const env = app.env;
  const deps: OutDeps = {
    db: app.db,
    clock: app.clock,
    redis: app.redis,
    env,
    box: totpSecretBox(env),
    jobs: app.jobs,
    mailJob: app.mailJob,
    fanout: app.socket.fanout,
    networks: catalogueNetworks(app.db),
    chain: opts.withdrawalChain ?? adaptersChain(app.chain.deps.adapters),
    config: {
      coolingHours: env.WHITELIST_COOLING_HOURS,
      feeRate: env.WITHDRAWAL_FEE_RATE,
      feeRateAfter: env.WITHDRAWAL_FEE_RATE_AFTER,
      feeRateEndsAt: env.WITHDRAWAL_FEE_RATE_ENDS_AT
        ? new Date(env.WITHDRAWAL_FEE_RATE_ENDS_AT)
        : null,
      reviewMinMs: env.WITHDRAWAL_REVIEW_MIN_SECONDS * 1000,
      nightBatch: env.WITHDRAWAL_NIGHT_BATCH,
      reviewMaxMs:
        Math.max(env.WITHDRAWAL_REVIEW_MIN_SECONDS, env.WITHDRAWAL_REVIEW_MAX_SECONDS) * 1000,
    },
    notify: (input) => notify(app.notifyDeps, input),
    deliverNotices: (staged) => deliverNotices(app.notifyDeps, staged),
  };
  const withdrawals = new Withdrawals(deps);
  withdrawals.register();
  app.decorate('withdrawals', withdrawals);
  // The chain's word on a broadcast withdrawal (its signed callback, verified by the route).
  app.chain.callbacks.on('withdrawal.confirmed', async (_deps, cb) => {
    await withdrawals.settle(cb.withdrawalId, { status: 'CONFIRMED', txId: cb.txId });
    return { tracking: false };
  });
  app.chain.callbacks.on('withdrawal.failed', async (_deps, cb) => {
    await withdrawals.settle(cb.withdrawalId, { status: 'FAILED', reason: cb.reason });
    return { tracking: false };
  });
  await app.register(withdrawalRoutes(deps, withdrawals));
  app.addHook('onReady', async () => {
    await withdrawals.resume();
  });
}

export default fp(withdrawal, {
  name: 'wallet/withdrawal',
  dependencies: ['infrastructure', 'auth', 'platform/notifications', 'wallet/crypto-deposit'],
});
