import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type StepUpFields,
  WITHDRAWAL_ENDPOINTS,
  internalTransfer,
  internalTransferQuery,
  internalTransferRequest,
  ok,
  page,
  stepUpFields,
  whitelistAddress,
  whitelistAddressRequest,
  whitelistSettings,
  whitelistSettingsRequest,
  whitelistUid,
  whitelistUidRequest,
  withdrawal,
  withdrawalPreview,
  withdrawalPreviewRequest,
  withdrawalQuery,
  withdrawalRequest,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { requireStepUp } from '../../identity/security/step-up.js';
import { assertMayMoveOut } from './money-out-checks.js';
import type { OutDeps } from './withdrawal-deps.js';
import { existingTransfer, listTransfers, transfer } from './transfer-service.js';
import {
  addAddress,
  addUid,
  deleteAddress,
  deleteUid,
  getSettings,
  listAddresses,
  listUids,
  updateSettings,
} from './whitelist-service.js';
import type { Withdrawals } from './withdrawal-service.js';

const tags = ['wallet: withdrawals and transfers'];
const idParams = z.object({ id: z.uuid() });

/**
 * Whitelists, internal transfers and crypto withdrawals, under /v1/wallet (contracts
 * withdrawal.ts WITHDRAWAL_PATHS). Routes that move money or change a whitelist check the
 * step-up (Google Authenticator and a STEP_UP e-mail code) before the service runs; a retry of
 * a transfer or withdrawal already made (same clientRequestId) returns it without new codes.
 */
export function withdrawalRoutes(deps: OutDeps, withdrawals: Withdrawals): FastifyPluginAsyncZod {
  return async (app) => {
    const stepUp = (userId: string, codes: StepUpFields) =>
      requireStepUp(deps, userId, { totp: codes.googleCode, emailCode: codes.emailCode });

    // ---- whitelists ----
    app.get(
      WITHDRAWAL_ENDPOINTS.whitelistAddresses.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Whitelisted crypto addresses, newest first',
          response: responses(z.array(whitelistAddress)),
        },
      },
      async (request) => ok(await listAddresses(deps, requireAuth(request).userId)),
    );
    app.post(
      WITHDRAWAL_ENDPOINTS.addWhitelistAddress.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Whitelist an address (step-up); usable after the cooling period',
          body: whitelistAddressRequest,
          response: responses(whitelistAddress),
        },
      },
      async (request) => ok(await addAddress(deps, requireAuth(request).userId, request.body)),
    );
    app.post(
      WITHDRAWAL_ENDPOINTS.whitelistAddressDelete.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Remove a whitelisted address (step-up)',
          params: idParams,
          body: stepUpFields,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await deleteAddress(deps, requireAuth(request).userId, request.params.id, request.body);
        return ok(null);
      },
    );
    app.get(
      WITHDRAWAL_ENDPOINTS.whitelistUids.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Whitelisted UIDs for internal transfers, newest first',
          response: responses(z.array(whitelistUid)),
        },
      },
      async (request) => ok(await listUids(deps, requireAuth(request).userId)),
    );
    app.post(
      WITHDRAWAL_ENDPOINTS.addWhitelistUid.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Whitelist a UID (step-up); usable after the cooling period',
          body: whitelistUidRequest,
          response: responses(whitelistUid),
        },
      },
      async (request) => ok(await addUid(deps, requireAuth(request).userId, request.body)),
    );
    app.post(
      WITHDRAWAL_ENDPOINTS.whitelistUidDelete.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Remove a whitelisted UID (step-up)',
          params: idParams,
          body: stepUpFields,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await deleteUid(deps, requireAuth(request).userId, request.params.id, request.body);
        return ok(null);
      },
    );
    app.get(
      WITHDRAWAL_ENDPOINTS.whitelistSettings.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'The whitelist-only settings and the cooling period',
          response: responses(whitelistSettings),
        },
      },
      async (request) => ok(await getSettings(deps, requireAuth(request).userId)),
    );
    app.put(
      WITHDRAWAL_ENDPOINTS.updateWhitelistSettings.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Turn whitelist-only on (no codes) or off (step-up)',
          body: whitelistSettingsRequest,
          response: responses(whitelistSettings),
        },
      },
      async (request) => ok(await updateSettings(deps, requireAuth(request).userId, request.body)),
    );

    // ---- internal transfers ----
    app.post(
      WITHDRAWAL_ENDPOINTS.transfer.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Transfer to another account by UID: instant, no fee, Real mode (step-up)',
          body: internalTransferRequest,
          response: responses(internalTransfer),
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        const mode = request.runtimeMode;
        await assertMayMoveOut(deps, userId, mode, 'INTERNAL_TRANSFER');
        const again = await existingTransfer(deps, userId, request.body);
        if (again) return ok(again);
        return ok(
          await transfer(deps, userId, mode, request.body, () => stepUp(userId, request.body)),
        );
      },
    );
    app.get(
      WITHDRAWAL_ENDPOINTS.internalTransfers.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Internal transfers sent and received, newest first (paged)',
          querystring: internalTransferQuery,
          response: responses(page(internalTransfer)),
        },
      },
      async (request) =>
        ok(
          await listTransfers(
            deps,
            requireAuth(request).userId,
            request.runtimeMode,
            request.query,
          ),
        ),
    );

    // ---- crypto withdrawals ----
    app.post(
      WITHDRAWAL_ENDPOINTS.withdrawalPreview.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Fee, network gas fee and amount received, before confirming',
          body: withdrawalPreviewRequest,
          response: responses(withdrawalPreview),
        },
      },
      async (request) =>
        ok(
          await withdrawals.preview(requireAuth(request).userId, request.runtimeMode, request.body),
        ),
    );
    app.post(
      WITHDRAWAL_ENDPOINTS.withdraw.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Request a crypto withdrawal (step-up): frozen, reviewed, batched, sent',
          body: withdrawalRequest,
          response: responses(withdrawal),
        },
      },
      async (request) => {
        const { userId } = requireAuth(request);
        const mode = request.runtimeMode;
        await assertMayMoveOut(deps, userId, mode, 'CRYPTO_WITHDRAWAL');
        const again = await withdrawals.existing(userId, request.body);
        if (again) return ok(again);
        return ok(
          await withdrawals.request(userId, mode, request.body, () => stepUp(userId, request.body)),
        );
      },
    );
    app.get(
      WITHDRAWAL_ENDPOINTS.withdrawals.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Crypto withdrawals, newest first (paged)',
          querystring: withdrawalQuery,
          response: responses(page(withdrawal)),
        },
      },
      async (request) =>
        ok(await withdrawals.list(requireAuth(request).userId, request.runtimeMode, request.query)),
    );
    app.get(
      WITHDRAWAL_ENDPOINTS.withdrawal.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'One crypto withdrawal',
          params: idParams,
          response: responses(withdrawal),
        },
      },
      async (request) => ok(await withdrawals.get(requireAuth(request).userId, request.params.id)),
    );
    app.post(
      WITHDRAWAL_ENDPOINTS.withdrawalCancel.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Cancel a withdrawal under review or waiting for the batch (funds returned)',
          params: idParams,
          response: responses(withdrawal),
        },
      },
      async (request) =>
        ok(await withdrawals.cancel(requireAuth(request).userId, request.params.id)),
    );
  };
}
