import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BANK_CALLBACK_PATHS, RISK_REVIEW_MAX_MS, RISK_REVIEW_MIN_MS } from '@exchange/contracts';
import { deliverNotices } from '../../platform/notifications/notify.js';
import { totpSecretBox } from '../../identity/security/security-deps.js';
import type { BankPort } from './bank-port.js';
import type { FiatOutDeps } from './fiat-withdrawal-deps.js';
import { fiatWithdrawalRoutes } from './routes.js';
import { FiatWithdrawals } from './withdrawal-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    fiatWithdrawals: FiatWithdrawals;
  }
}

export interface FiatWithdrawalPluginOptions {
  /** The partner bank fiat withdrawals are sent through; default: over HTTP at BANK_API_URL. */
  fiatBank?: BankPort;
}

/**
 * The bank-account whitelist and fiat withdrawals: the step job, the routes, the bank's transfer
 * callbacks and resumption. The bank is `opts.fiatBank` (tests), else the partner bank's adapter
 * (`app.fiatBank`, over HTTP at BANK_API_URL).
 */

async function fiatWithdrawal(
  app: FastifyInstance,
  opts: FiatWithdrawalPluginOptions,
): Promise<void> {
  const env = app.env;
  const deps: FiatOutDeps = {
    db: app.db,
    clock: app.clock,
    redis: app.redis,
    env,
    box: totpSecretBox(env),
    jobs: app.jobs,
    fanout: app.socket.fanout,
    // The partner bank's adapter (fiat-bank), its outcome posted to the transfers route.
    bank: opts.fiatBank ?? {
      sendTransfer: (req) =>
        app.fiatBank.bank.sendTransfer({
          ...req,
          callbackUrl:
            req.callbackUrl ??
            new URL(
              BANK_CALLBACK_PATHS.transfers,
              env.BANK_CALLBACK_BASE_URL ?? env.PUBLIC_BASE_URL,
            ).toString(),
        }),
    },
    config: {
      reviewMinMs: env.FIAT_WITHDRAWAL_REVIEW_SECONDS?.[0] ?? RISK_REVIEW_MIN_MS,
      reviewMaxMs: env.FIAT_WITHDRAWAL_REVIEW_SECONDS?.[1] ?? RISK_REVIEW_MAX_MS,
      freezeMs: env.FIAT_WITHDRAWAL_FREEZE_SECONDS * 1000,
    },
    deliverNotices: (staged) => deliverNotices(app.notifyDeps, staged),
  };
  const withdrawals = new FiatWithdrawals(deps);
  withdrawals.register();
  app.decorate('fiatWithdrawals', withdrawals);
  await app.register(fiatWithdrawalRoutes(deps, withdrawals));
  app.addHook('onReady', async () => {
    await withdrawals.resume();
  });
}

export default fp(fiatWithdrawal, {
  name: 'fiat/fiat-withdrawal',
  dependencies: ['infrastructure', 'auth', 'platform/notifications', 'fiat/fiat-bank'],
});
