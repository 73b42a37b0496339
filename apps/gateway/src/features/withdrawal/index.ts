import { Decimal } from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { totpSecretBox } from '../security/deps.js';
import type { OutDeps, TransferNotifier, WithdrawalChain } from './deps.js';
import { catalogueNetworks } from './networks.js';
import { withdrawalRoutes } from './routes.js';
import { Withdrawals } from './withdrawal-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    withdrawals: Withdrawals;
  }
}

/** Until a chain adapter is given: broadcasting fails (and is retried), nothing is sent. */
const noChain: WithdrawalChain = {
  async broadcast() {
    throw new Error('No chain adapter is wired for withdrawals');
  },
};

/**
 * The recipient of an internal transfer is told by e-mail (beside the refreshAsset push). This is
 * the one place to hand it to the notifications feature (message centre) as well.
 */
function mailNotifier(app: FastifyInstance): TransferNotifier {
  return async (n) => {
    const user = await app.db.user.findUnique({ where: { id: n.userId }, select: { email: true } });
    if (!user) return;
    await app.jobs.enqueue(app.mailJob, {
      to: user.email,
      subject: `You received ${n.amount} ${n.asset}`,
      text: `You received an internal transfer of ${n.amount} ${n.asset} from UID ${n.fromUid}. It is in your available balance now.`,
    });
  };
}

/** Whitelists, internal transfers and crypto withdrawals: their jobs, routes and resumption. */
export async function registerWithdrawals(
  app: FastifyInstance,
  opts: { chain?: WithdrawalChain | undefined } = {},
): Promise<void> {
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
    chain: opts.chain ?? noChain,
    config: {
      coolingHours: env.WHITELIST_COOLING_HOURS,
      feeRate: env.WITHDRAWAL_FEE_RATE,
      feeRateAfter: env.WITHDRAWAL_FEE_RATE_AFTER,
      feeRateEndsAt: env.WITHDRAWAL_FEE_RATE_ENDS_AT
        ? new Date(env.WITHDRAWAL_FEE_RATE_ENDS_AT)
        : null,
      reviewMinMs: env.WITHDRAWAL_REVIEW_MIN_SECONDS * 1000,
      reviewMaxMs:
        Math.max(env.WITHDRAWAL_REVIEW_MIN_SECONDS, env.WITHDRAWAL_REVIEW_MAX_SECONDS) * 1000,
    },
    // The crypto deposits' 24-hour freeze: the chain feature's withdrawalLockedAmount at merge.
    lockedAmount: async () => new Decimal(0),
    notifyTransfer: mailNotifier(app),
  };
  const withdrawals = new Withdrawals(deps);
  withdrawals.register();
  app.decorate('withdrawals', withdrawals);
  await app.register(withdrawalRoutes(deps, withdrawals), { prefix: '/v1/wallet' });
  app.addHook('onReady', async () => {
    await withdrawals.resume();
  });
}
