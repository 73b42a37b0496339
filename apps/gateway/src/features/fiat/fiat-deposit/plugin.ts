import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CARD_CALLBACK_PATH, RISK_REVIEW_MAX_MS, RISK_REVIEW_MIN_MS } from '@exchange/contracts';
import { httpCardProcessor, type CardProcessor } from './card-processor.js';
import { createFiatDepositFlow, type FiatDepositFlow } from './deposit-flow.js';
import {
  passAllFiat,
  type BankReturnPort,
  type FiatDepositDeps,
  type FiatRiskCheck,
} from './fiat-deposit-deps.js';
import { fiatDepositRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Card charges, bank deposits, their review and the card confirmation window. */
    fiatDeposits: FiatDepositFlow;
  }
}

export interface FiatDepositOptions {
  card?: CardProcessor | undefined;
  bankReturn?: BankReturnPort | undefined;
  riskCheck?: FiatRiskCheck | undefined;
}

export interface FiatDepositPluginOptions {
  /** The card processor (default: over HTTP at CARD_API_URL) and the fiat deposit risk check. */
  fiatDeposit?: FiatDepositOptions;
}

/** The paths the web client's card confirmation returns to (config/paths.ts has the same). */
const CARD_RETURN_PATH = '/fiatChannel/ortherJYB';

/**
 * Fiat deposits: the card processor (over HTTP to CARD_API_URL unless given), the review job,
 * the routes under /v1/fiat and the card and bank deposit callbacks. Deposits under review are
 * queued again when the app is ready.
 */
async function fiatDeposit(app: FastifyInstance, options: FiatDepositPluginOptions): Promise<void> {
  const { env } = app;
  const opts = options.fiatDeposit ?? {};
  const deps: FiatDepositDeps = {
    db: app.db,
    clock: app.clock,
    jobs: app.jobs,
    fanout: app.socket.fanout,
    log: app.log,
    notifyDeps: app.notifyDeps,
    rates: app.redis.commands,
    card:
      opts.card ??
      httpCardProcessor({ baseUrl: env.CARD_API_URL, secret: env.CARD_CALLBACK_SECRET }),
    // The partner bank is set up before this feature; read when a return is due.
    bankReturn: opts.bankReturn ?? {
      returnTransfer: (transferId, reason) => app.fiatBank.bank.returnTransfer(transferId, reason),
    },
    riskCheck: opts.riskCheck ?? passAllFiat,
    confirmationMs: env.CARD_CONFIRMATION_SECONDS * 1000,
    reviewMs: {
      min: env.FIAT_DEPOSIT_REVIEW_SECONDS?.[0] ?? RISK_REVIEW_MIN_MS,
      max: env.FIAT_DEPOSIT_REVIEW_SECONDS?.[1] ?? RISK_REVIEW_MAX_MS,
    },
    returnUrl: new URL(CARD_RETURN_PATH, env.PUBLIC_BASE_URL).href,
    cardCallbackUrl: env.CARD_CALLBACK_URL ?? new URL(CARD_CALLBACK_PATH, env.PUBLIC_BASE_URL).href,
    // Owed partner-bank fees (opening, monthly) are taken from the first USD that arrives.
    afterCredit: async ({ userId, currency }) => {
      if (currency === 'USD') await app.fiatBank.afterUsdCredit(userId);
    },
  };
  const flow = createFiatDepositFlow(deps);
  app.jobs.register(flow.reviewJob);
  app.jobs.register(flow.confirmationJob);
  app.jobs.register(flow.returnJob);
  app.decorate('fiatDeposits', flow);
  await app.register(
    fiatDepositRoutes({
      deps,
      flow,
      card: { secret: env.CARD_CALLBACK_SECRET, windowSeconds: env.CARD_CALLBACK_WINDOW_SECONDS },
      bank: { secret: env.BANK_CALLBACK_SECRET, windowSeconds: env.BANK_CALLBACK_WINDOW_SECONDS },
    }),
  );
  app.addHook('onReady', async () => {
    const queued = await flow.resume().catch((err: unknown) => {
      app.log.warn({ err }, 'fiat deposit reviews not resumed');
      return 0;
    });
    if (queued) app.log.info({ queued }, 'fiat deposit reviews resumed');
  });
}

export default fp(fiatDeposit, {
  name: 'fiat/fiat-deposit',
  dependencies: [
    'infrastructure',
    'auth',
    'platform/socket',
    'platform/notifications',
    'fiat/fiat-bank',
  ],
});
