import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_CALLBACK_ENDPOINTS,
  PARTNER_BANK_ACCOUNT_ENDPOINTS,
  bankAccountEvent,
  ok,
  partnerBankAccountView,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { keepRawJsonBody, requireSignedCallback } from '../../../lib/signed-callback.js';
import {
  applyAccountEvent,
  ekycLink,
  getBankAccountView,
  openBankAccount,
  type FiatBankDeps,
} from './account-service.js';

const tags = ['fiat-bank'];

export interface FiatBankRoutesDeps extends FiatBankDeps {
  callbackSecret: string;
  callbackWindowSeconds: number;
}

/**
 * The partner-bank account under /v1/fiat: its state, opening (and a new application after a
 * refusal), the e-KYC link, and the bank's signed callbacks of the accounts family.
 */
export function fiatBankRoutes(deps: FiatBankRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PARTNER_BANK_ACCOUNT_ENDPOINTS.status.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The partner-bank account: state, virtual account, e-KYC link and fees',
          response: responses(partnerBankAccountView),
        },
      },
      async (request) => ok(await getBankAccountView(deps, requireAuth(request).userId)),
    );

    app.post(
      PARTNER_BANK_ACCOUNT_ENDPOINTS.open.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'Apply for the partner-bank account (verified users, Real mode), or again after a refusal',
          response: responses(partnerBankAccountView),
        },
      },
      async (request) =>
        ok(
          await openBankAccount(deps, {
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
          }),
        ),
    );

    app.post(
      PARTNER_BANK_ACCOUNT_ENDPOINTS.ekycLink.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'The e-KYC link (valid 1 hour): the same while valid, a new one after expiry or failure',
          response: responses(partnerBankAccountView),
        },
      },
      async (request) =>
        ok(
          await ekycLink(deps, { userId: requireAuth(request).userId, mode: request.runtimeMode }),
        ),
    );

    await app.register(accountsCallbackRoute(deps));
  };
}

/** The bank's signed account callbacks (BANK_CALLBACK_PATHS.accounts), checked over the raw bytes. */
function accountsCallbackRoute(deps: FiatBankRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    keepRawJsonBody(app);
    app.post(
      BANK_CALLBACK_ENDPOINTS.accounts.path,
      {
        config: { access: 'callback' },
        schema: {
          tags,
          summary:
            "The partner bank's signed report (x-signature, x-timestamp): account opened or refused, e-KYC passed or failed",
          body: bankAccountEvent,
          response: responses(z.object({ received: z.boolean(), duplicate: z.boolean() })),
        },
        preValidation: requireSignedCallback({
          party: 'bank',
          secret: deps.callbackSecret,
          windowSeconds: deps.callbackWindowSeconds,
          invalid: 'BANK_CALLBACK_SIGNATURE_INVALID',
          expired: 'BANK_CALLBACK_EXPIRED',
        }),
      },
      async (request) => {
        const result = await applyAccountEvent(deps, request.body);
        request.log.info(
          { eventId: request.body.eventId, type: request.body.type, ...result },
          'bank account callback',
        );
        return ok({ received: true, ...result });
      },
    );
  };
}
