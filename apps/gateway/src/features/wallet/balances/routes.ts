import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WALLET_ENDPOINTS,
  balanceItem,
  devCreditRequest,
  ledgerFlow,
  ledgerFlowQuery,
  ok,
  page,
  transactionTypeList,
  transactionTypesFor,
  walletTransaction,
  walletTransactionQuery,
} from '@exchange/contracts';
import { responses } from '../../../lib/route-schemas.js';
import { requireAuth } from '../../../lib/auth-context.js';
import { ensureFunded, resetFunds } from './funding-service.js';
import { listTransactions } from './transaction-service.js';
import { devCredit, listBalances, listFlows } from './wallet-service.js';

const tags = ['wallet'];

/** Balances and fund flows of the request's runtime mode, under /v1/wallet. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const plan = (mode: number) => (mode === 2 ? app.env.TRIAL_FUNDING : app.env.DEMO_FUNDING);

  app.get(
    WALLET_ENDPOINTS.balances.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Balances in the runtime mode (Demo and Trial are funded on first entry)',
        response: responses(z.array(balanceItem)),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const mode = request.runtimeMode;
      await ensureFunded({ db: app.db, clock: app.clock, userId, mode, plan: plan(mode) });
      return ok(await listBalances({ db: app.db, userId, mode }));
    },
  );

  app.get(
    WALLET_ENDPOINTS.flows.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'Ledger entries of the past 6 months, one per leg (paged): the detailed view for exports and audits',
        querystring: ledgerFlowQuery,
        response: responses(page(ledgerFlow)),
      },
    },
    async (request) =>
      ok(
        await listFlows({
          db: app.db,
          clock: app.clock,
          userId: requireAuth(request).userId,
          mode: request.runtimeMode,
          query: request.query,
        }),
      ),
  );

  app.get(
    WALLET_ENDPOINTS.transactions.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'Transaction history of the past 6 months, one line per user action (paged, 10 by default)',
        querystring: walletTransactionQuery,
        response: responses(page(walletTransaction)),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const mode = request.runtimeMode;
      // Entering a mode funds it, whichever page comes first: the history then starts with it.
      await ensureFunded({ db: app.db, clock: app.clock, userId, mode, plan: plan(mode) });
      return ok(
        await listTransactions({
          db: app.db,
          clock: app.clock,
          userId,
          mode,
          query: request.query,
        }),
      );
    },
  );

  app.get(
    WALLET_ENDPOINTS.transactionTypes.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'The transaction types a spot user can have in the runtime mode (the history filter)',
        response: responses(transactionTypeList),
      },
    },
    async (request) => {
      requireAuth(request);
      return ok(transactionTypesFor(request.runtimeMode, { devCredit: app.env.DEV_CREDIT }));
    },
  );

  app.post(
    WALLET_ENDPOINTS.demoReset.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Restore the simulated funds of Demo or Trial',
        response: responses(z.array(balanceItem)),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const mode = request.runtimeMode;
      for (const guard of app.fundingResetGuards) await guard(userId, mode);
      await resetFunds({ db: app.db, clock: app.clock, userId, mode, plan: plan(mode) });
      return ok(await listBalances({ db: app.db, userId, mode }));
    },
  );

  // Development only, and only when DEV_CREDIT is set: otherwise the route does not exist.
  if (app.env.DEV_CREDIT) {
    app.post(
      WALLET_ENDPOINTS.devCredit.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Development only (DEV_CREDIT): credit simulated funds in Demo or Trial',
          body: devCreditRequest,
          response: responses(z.array(balanceItem)),
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        await devCredit({
          db: app.db,
          clock: app.clock,
          userId,
          mode: request.runtimeMode,
          ...request.body,
        });
        return ok(await listBalances({ db: app.db, userId, mode: request.runtimeMode }));
      },
    );
  }
};
