import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FLASH_REMITTANCE_ENDPOINTS,
  flashCurrencies,
  flashRejectRequest,
  flashRemittance,
  flashRemittanceQuery,
  flashRemittanceRequest,
  flashStepUp,
  flashWhitelistEntry,
  flashWhitelistRequest,
  ok,
  page,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { requireStepUp } from '../../identity/security/step-up.js';
import type { FlashDeps } from './flash-remittance-deps.js';
import type { FlashRemittances } from './flash-service.js';

const tags = ['flash remittance'];
const idParams = z.object({ id: z.uuid() });

/**
 * Flash remittance under /v1/flash-remittance (contracts flash-remittance.ts
 * FLASH_REMITTANCE_PATHS). Whitelist changes and initiating need the step-up (Google
 * Authenticator and a STEP_UP e-mail code), checked after the request itself is known valid.
 */
export function flashRemittanceRoutes(
  deps: FlashDeps,
  flash: FlashRemittances,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      FLASH_REMITTANCE_ENDPOINTS.whitelist.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The flash whitelist (recipients), newest first',
          response: responses(z.array(flashWhitelistEntry)),
        },
      },
      async (request) => ok(await flash.listWhitelist(requireAuth(request).userId)),
    );
    app.post(
      FLASH_REMITTANCE_ENDPOINTS.addWhitelist.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'Add a verified recipient by UID or e-mail, with a 2-30 character note (step-up)',
          body: flashWhitelistRequest,
          response: responses(flashWhitelistEntry),
        },
      },
      async (request) => ok(await flash.addWhitelist(requireAuth(request).userId, request.body)),
    );
    app.post(
      FLASH_REMITTANCE_ENDPOINTS.whitelistDelete.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Remove a recipient from the flash whitelist (step-up)',
          params: idParams,
          body: flashStepUp,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await flash.deleteWhitelist(requireAuth(request).userId, request.params.id, request.body);
        return ok(null);
      },
    );
    app.get(
      FLASH_REMITTANCE_ENDPOINTS.currencies.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The fiat currencies you hold, the fee rate and the approval window',
          response: responses(flashCurrencies),
        },
      },
      async (request) =>
        ok(await flash.currencies(requireAuth(request).userId, request.runtimeMode)),
    );
    app.post(
      FLASH_REMITTANCE_ENDPOINTS.remit.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Initiate a flash remittance to a whitelisted recipient (step-up); frozen 12 h',
          body: flashRemittanceRequest,
          response: responses(flashRemittance),
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        const body = request.body;
        return ok(
          await flash.initiate(userId, request.runtimeMode, body, () =>
            requireStepUp(deps, userId, { totp: body.googleCode, emailCode: body.emailCode }),
          ),
        );
      },
    );
    app.get(
      FLASH_REMITTANCE_ENDPOINTS.remittances.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Sent or received flash remittances, newest first (paged, 6 months)',
          querystring: flashRemittanceQuery,
          response: responses(page(flashRemittance)),
        },
      },
      async (request) => ok(await flash.list(requireAuth(request).userId, request.query)),
    );
    app.get(
      FLASH_REMITTANCE_ENDPOINTS.remittance.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One flash remittance (its sender or its recipient)',
          params: idParams,
          response: responses(flashRemittance),
        },
      },
      async (request) => ok(await flash.get(requireAuth(request).userId, request.params.id)),
    );
    app.post(
      FLASH_REMITTANCE_ENDPOINTS.cancel.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The sender cancels while it awaits the recipient (funds returned)',
          params: idParams,
          response: responses(flashRemittance),
        },
      },
      async (request) => ok(await flash.cancel(requireAuth(request).userId, request.params.id)),
    );
    app.post(
      FLASH_REMITTANCE_ENDPOINTS.agree.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The recipient agrees: processed at once (CDC issued and sold, fee deducted)',
          params: idParams,
          response: responses(flashRemittance),
        },
      },
      async (request) =>
        ok(await flash.agree(requireAuth(request).userId, request.runtimeMode, request.params.id)),
    );
    app.post(
      FLASH_REMITTANCE_ENDPOINTS.reject.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The recipient rejects (optional reason): terminated, funds returned',
          params: idParams,
          body: flashRejectRequest,
          response: responses(flashRemittance),
        },
      },
      async (request) =>
        ok(await flash.reject(requireAuth(request).userId, request.params.id, request.body.reason)),
    );
  };
}
