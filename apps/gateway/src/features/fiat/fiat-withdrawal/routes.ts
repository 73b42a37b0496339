import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_CALLBACK_ENDPOINTS,
  FIAT_WITHDRAWAL_ENDPOINTS,
  bankAccount,
  bankAccountCurrenciesRequest,
  bankAccountCheckRequest,
  bankAccountRequest,
  bankAccountStepUp,
  bankCallbackAck,
  bankTransferEvent,
  fiatWithdrawal,
  fiatWithdrawalPreview,
  fiatWithdrawalPreviewRequest,
  fiatWithdrawalQuery,
  fiatWithdrawalRequest,
  ok,
  page,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { keepRawJsonBody, requireSignedCallback } from '../../../lib/signed-callback.js';
import { requireStepUp } from '../../identity/security/step-up.js';
import {
  addBankAccount,
  checkBankAccount,
  deleteBankAccount,
  listBankAccounts,
  setBankAccountCurrencies,
} from './bank-accounts.js';
import type { FiatOutDeps } from './fiat-withdrawal-deps.js';
import type { FiatWithdrawals } from './withdrawal-service.js';

const tags = ['fiat: bank accounts and withdrawals'];
const idParams = z.object({ id: z.uuid() });

/**
 * The bank-account whitelist and fiat withdrawals under /v1/fiat (contracts fiat-withdrawal.ts
 * FIAT_WITHDRAWAL_PATHS). Changes to the whitelist and withdrawals need the step-up (Google
 * Authenticator and a STEP_UP e-mail code), checked after the request itself is known valid.
 */
export function fiatWithdrawalRoutes(
  deps: FiatOutDeps,
  withdrawals: FiatWithdrawals,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      FIAT_WITHDRAWAL_ENDPOINTS.bankAccounts.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The whitelisted bank accounts, newest first',
          response: responses(z.array(bankAccount)),
        },
      },
      async (request) => ok(await listBankAccounts(deps, requireAuth(request).userId)),
    );
    app.post(
      FIAT_WITHDRAWAL_ENDPOINTS.addBankAccount.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Whitelist a bank account in your own name (step-up)',
          body: bankAccountRequest,
          response: responses(bankAccount),
        },
      },
      async (request) => ok(await addBankAccount(deps, requireAuth(request).userId, request.body)),
    );
    app.post(
      FIAT_WITHDRAWAL_ENDPOINTS.checkBankAccount.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'Check a bank account against every whitelisting rule but the step-up (no code is asked or spent)',
          body: bankAccountCheckRequest,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await checkBankAccount(deps, requireAuth(request).userId, request.body);
        return ok(null);
      },
    );
    app.put(
      FIAT_WITHDRAWAL_ENDPOINTS.bankAccountCurrencies.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Link or unlink currencies (step-up); fixed after the first transfer',
          params: idParams,
          body: bankAccountCurrenciesRequest,
          response: responses(bankAccount),
        },
      },
      async (request) =>
        ok(
          await setBankAccountCurrencies(
            deps,
            requireAuth(request).userId,
            request.params.id,
            request.body,
          ),
        ),
    );
    app.post(
      FIAT_WITHDRAWAL_ENDPOINTS.bankAccountDelete.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Remove a bank account that never had a transfer (step-up)',
          params: idParams,
          body: bankAccountStepUp,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await deleteBankAccount(deps, requireAuth(request).userId, request.params.id, request.body);
        return ok(null);
      },
    );

    app.post(
      FIAT_WITHDRAWAL_ENDPOINTS.withdrawalPreview.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Available, minimum, estimated fee and amount received, before confirming',
          body: fiatWithdrawalPreviewRequest,
          response: responses(fiatWithdrawalPreview),
        },
      },
      async (request) =>
        ok(
          await withdrawals.preview(requireAuth(request).userId, request.runtimeMode, request.body),
        ),
    );
    app.post(
      FIAT_WITHDRAWAL_ENDPOINTS.withdraw.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'Request a fiat withdrawal (step-up): reviewed, frozen 24 h, sent next business day',
          body: fiatWithdrawalRequest,
          response: responses(fiatWithdrawal),
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        const body = request.body;
        return ok(
          await withdrawals.request(userId, request.runtimeMode, body, () =>
            requireStepUp(deps, userId, { totp: body.googleCode, emailCode: body.emailCode }),
          ),
        );
      },
    );
    app.get(
      FIAT_WITHDRAWAL_ENDPOINTS.withdrawals.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Fiat withdrawals, newest first (paged)',
          querystring: fiatWithdrawalQuery,
          response: responses(page(fiatWithdrawal)),
        },
      },
      async (request) => ok(await withdrawals.list(requireAuth(request).userId, request.query)),
    );
    app.get(
      FIAT_WITHDRAWAL_ENDPOINTS.withdrawal.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One fiat withdrawal',
          params: idParams,
          response: responses(fiatWithdrawal),
        },
      },
      async (request) => ok(await withdrawals.get(requireAuth(request).userId, request.params.id)),
    );
    app.post(
      FIAT_WITHDRAWAL_ENDPOINTS.withdrawalCancel.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Cancel a withdrawal under review or frozen (funds returned)',
          params: idParams,
          response: responses(fiatWithdrawal),
        },
      },
      async (request) =>
        ok(await withdrawals.cancel(requireAuth(request).userId, request.params.id)),
    );

    await app.register(transferCallbackRoute(deps, withdrawals));
  };
}

/**
 * The bank's signed transfer outcomes (lib/signed-callback.ts), checked over the exact bytes
 * sent. Answers 200 for an event applied, ignored or already seen (`duplicate`).
 */
function transferCallbackRoute(
  deps: FiatOutDeps,
  withdrawals: FiatWithdrawals,
): FastifyPluginAsyncZod {
  return async (app) => {
    keepRawJsonBody(app);
    app.post(
      BANK_CALLBACK_ENDPOINTS.transfers.path,
      {
        config: { access: 'callback' },
        schema: {
          tags,
          summary: "The bank's signed transfer outcome (x-signature, x-timestamp): sent or failed",
          body: bankTransferEvent,
          response: responses(bankCallbackAck),
        },
        preValidation: requireSignedCallback({
          party: 'bank',
          secret: deps.env.BANK_CALLBACK_SECRET,
          windowSeconds: deps.env.BANK_CALLBACK_WINDOW_SECONDS,
          invalid: 'BANK_CALLBACK_SIGNATURE_INVALID',
          expired: 'BANK_CALLBACK_EXPIRED',
        }),
      },
      async (request) => {
        const result = await withdrawals.applyTransferEvent(request.body);
        request.log.debug(
          { eventId: request.body.eventId, type: request.body.type, ...result },
          'bank transfer callback',
        );
        return ok({ received: true, ...result });
      },
    );
  };
}
