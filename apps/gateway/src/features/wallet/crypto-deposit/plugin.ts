import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  CRYPTO_WALLET_ENDPOINTS,
  RISK_REVIEW_MAX_MS,
  RISK_REVIEW_MIN_MS,
} from '@exchange/contracts';
import { deliverNotices, notify } from '../../platform/notifications/notify.js';
import { httpChainAdapters, type ChainAdapters } from '../chain/chain-adapter.js';
import {
  createChainCallbackRegistry,
  type ChainCallbackRegistry,
  type ChainDeps,
} from '../chain/chain-callbacks.js';
import { createDepositFlow, passAll, type DepositRiskCheck } from './deposit-flow.js';
import { applyNetworkStatus, ConnectionStates } from './networks.js';
import { cryptoDepositRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The chains: their adapters and what handlers may use (`chain.deps`), and the registry of
     * callback handlers the withdrawal side adds `withdrawal.confirmed` and `withdrawal.failed` to
     * (`chain.callbacks.on(...)`).
     */
    chain: { deps: ChainDeps; callbacks: ChainCallbackRegistry };
  }
}

export interface CryptoWalletOptions {
  adapters?: ChainAdapters | undefined;
  riskCheck?: DepositRiskCheck | undefined;
}

export interface CryptoDepositPluginOptions {
  /** The chain adapters (default: over HTTP at CHAIN_API_URL) and the deposit risk check. */
  cryptoWallet?: CryptoWalletOptions;
}

/**
 * The crypto wallet's deposit side: the chain adapters (over HTTP to CHAIN_API_URL unless given),
 * the callback registry with the deposit and coin-status handlers, the review jobs, and the
 * routes under /v1/wallet/crypto. Deposits under review are queued again when the app is ready.
 */
async function cryptoDeposit(
  app: FastifyInstance,
  options: CryptoDepositPluginOptions,
): Promise<void> {
  const { env } = app;
  const opts = options.cryptoWallet ?? {};
  const callbackUrl =
    env.CHAIN_CALLBACK_URL ??
    new URL(CRYPTO_WALLET_ENDPOINTS.chainCallback.path, env.PUBLIC_BASE_URL).href;
  const adapters =
    opts.adapters ??
    httpChainAdapters({
      baseUrl: env.CHAIN_API_URL,
      secret: env.CHAIN_CALLBACK_SECRET,
      callbackUrl,
    });
  const deps: ChainDeps = {
    db: app.db,
    clock: app.clock,
    jobs: app.jobs,
    fanout: app.socket.fanout,
    adapters,
    log: app.log,
    sendMail: async (mail, jobId) => {
      await app.jobs.enqueue(app.mailJob, mail, jobId ? { jobId } : {});
    },
    notify: async (input) => {
      await notify(app.notifyDeps, input);
    },
    deliverNotices: (staged) => deliverNotices(app.notifyDeps, staged),
  };
  const callbacks = createChainCallbackRegistry();
  const flow = createDepositFlow({
    ...deps,
    redis: app.redis,
    riskCheck: opts.riskCheck ?? passAll,
    reviewMs: {
      min: env.CRYPTO_DEPOSIT_REVIEW_SECONDS?.[0] ?? RISK_REVIEW_MIN_MS,
      max: env.CRYPTO_DEPOSIT_REVIEW_SECONDS?.[1] ?? RISK_REVIEW_MAX_MS,
    },
  });
  callbacks.on('deposit.update', (_d, cb) => flow.onUpdate(cb));
  callbacks.on('deposit.dropped', (_d, cb) => flow.onDropped(cb));
  callbacks.on('network.status', applyNetworkStatus);
  app.jobs.register(flow.reviewJob);
  app.jobs.register(flow.overdueJob);
  app.decorate('chain', { deps, callbacks });
  await app.register(
    cryptoDepositRoutes({
      chain: deps,
      registry: callbacks,
      flow,
      connections: new ConnectionStates(adapters),
      callbackSecret: env.CHAIN_CALLBACK_SECRET,
      callbackWindowSeconds: env.CHAIN_CALLBACK_WINDOW_SECONDS,
    }),
  );
  app.addHook('onReady', async () => {
    const queued = await flow.resume().catch((err: unknown) => {
      app.log.warn({ err }, 'deposit reviews not resumed');
      return 0;
    });
    if (queued) app.log.info({ queued }, 'deposit reviews resumed');
  });
}

export default fp(cryptoDeposit, {
  name: 'wallet/crypto-deposit',
  dependencies: ['infrastructure', 'auth', 'platform/socket', 'platform/notifications'],
});
