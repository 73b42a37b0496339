import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notify } from '../../platform/notifications/notify.js';
import { afterUsdCredit, type FiatBankDeps } from './account-service.js';
import { HttpPartnerBank, type PartnerBank } from './bank-adapter.js';
import { monthlyFeeJob, scheduleNextMonthlyFees } from './monthly-fee-job.js';
import { fiatBankRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The partner bank: its adapter (the withdrawal side sends transfers through
     * `fiatBank.bank.sendTransfer`), the monthly fee job, and `afterUsdCredit(userId)` for the
     * deposit side to call after a USD credit commits (it deducts owed account fees).
     */
    fiatBank: {
      bank: PartnerBank;
      deps: FiatBankDeps;
      monthlyFeeJob: ReturnType<typeof monthlyFeeJob>;
      afterUsdCredit(userId: string): Promise<void>;
    };
  }
}

export interface FiatBankPluginOptions {
  /** The partner bank; default: over HTTP at BANK_API_URL. */
  partnerBank?: PartnerBank;
}

/**
 * The partner-bank account: the bank adapter, the routes under /v1/fiat (account, e-KYC link,
 * the accounts callback) and the monthly virtual-account fee job, scheduled when the app is ready.
 */
async function fiatBank(app: FastifyInstance, opts: FiatBankPluginOptions): Promise<void> {
  const { env } = app;
  const callbackBaseUrl = env.BANK_CALLBACK_BASE_URL ?? env.PUBLIC_BASE_URL;
  const bank =
    opts.partnerBank ??
    new HttpPartnerBank({
      baseUrl: env.BANK_API_URL,
      secret: env.BANK_CALLBACK_SECRET,
      callbackBaseUrl,
    });
  const deps: FiatBankDeps = {
    db: app.db,
    clock: app.clock,
    bank,
    fanout: app.socket.fanout,
    log: app.log,
    notify: async (input) => {
      await notify(app.notifyDeps, input);
    },
    returnUrl: new URL('/accountCenter/identity/bankAccount', env.PUBLIC_BASE_URL).href,
  };
  const job = monthlyFeeJob({ db: app.db, clock: app.clock, jobs: app.jobs });
  app.jobs.register(job);
  app.decorate('fiatBank', {
    bank,
    deps,
    monthlyFeeJob: job,
    afterUsdCredit: (userId: string) => afterUsdCredit(deps, userId),
  });
  await app.register(
    fiatBankRoutes({
      ...deps,
      callbackSecret: env.BANK_CALLBACK_SECRET,
      callbackWindowSeconds: env.BANK_CALLBACK_WINDOW_SECONDS,
    }),
  );
  app.addHook('onReady', async () => {
    // A run now catches up months missed while stopped; then one at each month's start.
    await app.jobs
      .enqueue(job, { dueAt: app.clock.now() })
      .then(() => scheduleNextMonthlyFees({ clock: app.clock, jobs: app.jobs }, job))
      .catch((err: unknown) => app.log.warn({ err }, 'monthly bank fee job not scheduled'));
  });
}

export default fp(fiatBank, {
  name: 'fiat/fiat-bank',
  dependencies: ['infrastructure', 'auth', 'platform/notifications'],
});
