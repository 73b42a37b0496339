import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type EntityType,
  KYC_ENDPOINTS,
  accountTypeQuery,
  kycApplicationView,
  kycCallbackAck,
  kycDraftView,
  kycProviderCallback,
  ok,
  optedOutLimits as optedOutLimitsView,
  saveIndividualDraftRequest,
  saveInstitutionDraftRequest,
  submitIndividualAdvancedRequest,
  submitIndividualBasicRequest,
  submitInstitutionDocumentsRequest,
  submitInstitutionInformationRequest,
  userInfo,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { keepRawJsonBody, requireSignedCallback } from '../../../lib/signed-callback.js';
import { chooseAccountType } from '../user/user-service.js';
import { optedOutLimits } from './opted-out-limit.js';
import {
  applyDecision,
  getApplication,
  getDraft,
  saveDraft,
  submitIndividualAdvanced,
  submitIndividualBasic,
  submitInstitutionDocuments,
  submitInstitutionInformation,
  type KycDeps,
} from './kyc-service.js';

const tags = ['kyc'];

/** Identity verification, under /v1/kyc. */
export function kycRoutes(
  deps: KycDeps & { callbackSecret: string; callbackWindowSeconds: number },
) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      KYC_ENDPOINTS.optedOutLimits.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            "An opted-out account's budget per limited feature: limit, used and remaining in USD over the last 24 hours (Real mode)",
          response: responses(optedOutLimitsView),
        },
      },
      async (request) => ok(await optedOutLimits(app.db, app.clock, requireAuth(request).userId)),
    );

    app.get(
      KYC_ENDPOINTS.selectIndividual.path,
      {
        schema: {
          tags,
          summary: 'Choose once: verify identity (isKyc=true) or opt out (isKyc=false)',
          querystring: accountTypeQuery,
          response: responses(userInfo),
        },
        config: { csrf: true, access: 'session' },
      },
      async (request) =>
        ok(
          await chooseAccountType({
            db: app.db,
            clock: app.clock,
            userId: requireAuth(request).userId,
            isKyc: request.query.isKyc,
            mode: request.runtimeMode,
          }),
        ),
    );

    app.get(
      KYC_ENDPOINTS.application.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: "The account's verification: status, reason, level and steps",
          response: responses(kycApplicationView),
        },
      },
      async (request) =>
        ok(await getApplication({ db: deps.db, userId: requireAuth(request).userId })),
    );

    for (const [read, save, kind, body] of [
      [
        KYC_ENDPOINTS.individualDraft,
        KYC_ENDPOINTS.saveIndividualDraft,
        'INDIVIDUAL',
        saveIndividualDraftRequest,
      ],
      [
        KYC_ENDPOINTS.institutionDraft,
        KYC_ENDPOINTS.saveInstitutionDraft,
        'INSTITUTION',
        saveInstitutionDraftRequest,
      ],
    ] as const) {
      app.get(
        read.path,
        {
          config: { access: 'session' },
          schema: {
            tags,
            summary: `The ${kind.toLowerCase()} form as last saved`,
            response: responses(kycDraftView),
          },
        },
        async (request) =>
          ok(await getDraft({ db: deps.db, userId: requireAuth(request).userId, kind })),
      );
      app.put(
        save.path,
        {
          config: { access: 'session' },
          schema: {
            tags,
            summary: `Save the ${kind.toLowerCase()} form as the user goes (whole replacement)`,
            body,
            response: responses(kycDraftView),
          },
        },
        async (request) =>
          ok(
            await saveDraft({
              db: deps.db,
              clock: deps.clock,
              userId: requireAuth(request).userId,
              kind: kind satisfies EntityType,
              data: request.body,
            }),
          ),
      );
    }

    app.post(
      KYC_ENDPOINTS.individualBasic.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Submit the basic step of an individual',
          body: submitIndividualBasicRequest,
          response: responses(kycApplicationView),
        },
      },
      async (request) =>
        ok(await submitIndividualBasic(deps, requireAuth(request).userId, request.body)),
    );
    app.post(
      KYC_ENDPOINTS.individualAdvanced.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Submit the advanced step of an individual; the review starts',
          body: submitIndividualAdvancedRequest,
          response: responses(kycApplicationView),
        },
      },
      async (request) =>
        ok(await submitIndividualAdvanced(deps, requireAuth(request).userId, request.body)),
    );
    app.post(
      KYC_ENDPOINTS.institutionInformation.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'Submit the basic information of an institution (basic, registration, operation)',
          body: submitInstitutionInformationRequest,
          response: responses(kycApplicationView),
        },
      },
      async (request) =>
        ok(await submitInstitutionInformation(deps, requireAuth(request).userId, request.body)),
    );
    app.post(
      KYC_ENDPOINTS.institutionDocuments.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Submit the documents and shareholders of an institution; the review starts',
          body: submitInstitutionDocumentsRequest,
          response: responses(kycApplicationView),
        },
      },
      async (request) =>
        ok(await submitInstitutionDocuments(deps, requireAuth(request).userId, request.body)),
    );

    await app.register(providerCallback(deps));
  };
  return routes;
}

/**
 * The provider's decision, signed (lib/signed-callback.ts). The body is read as text, so the
 * signature is checked over the exact bytes sent; then parsed by the contract. Answers 200 for
 * a decision applied, ignored (another submission's) or already seen (same event id).
 */
function providerCallback(
  deps: Pick<KycDeps, 'db' | 'clock' | 'notify'> & {
    callbackSecret: string;
    callbackWindowSeconds: number;
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    keepRawJsonBody(app);
    app.post(
      KYC_ENDPOINTS.providerCallback.path,
      {
        config: { access: 'callback' },
        schema: {
          tags,
          summary: "The KYC provider's signed decision (x-signature, x-timestamp)",
          body: kycProviderCallback,
          response: responses(kycCallbackAck),
        },
        preValidation: requireSignedCallback({
          party: 'KYC',
          secret: deps.callbackSecret,
          windowSeconds: deps.callbackWindowSeconds,
          invalid: 'KYC_CALLBACK_SIGNATURE_INVALID',
          expired: 'KYC_CALLBACK_EXPIRED',
        }),
      },
      async (request) => {
        const result = await applyDecision({
          db: deps.db,
          clock: deps.clock,
          callback: request.body,
        });
        request.log.info(
          { eventId: request.body.eventId, decision: request.body.decision, ...result },
          'KYC callback',
        );
        // After the decision's commit; the reference is the key, so a decision notices once.
        if (result.applied && result.userId && deps.notify) {
          const cb = request.body;
          await deps
            .notify({
              userId: result.userId,
              type: 'KYC_RESULT',
              dedupeKey: `kyc:${cb.reference}`,
              params: {
                status: cb.decision,
                kycLevel: cb.decision === 'PASS' ? 1 : null,
                reason: cb.decision === 'PASS' ? null : (cb.reason ?? null),
              },
            })
            .catch((err: unknown) => request.log.warn({ err }, 'KYC result not noticed'));
        }
        return ok({ received: true, duplicate: result.duplicate });
      },
    );
  };
}
