import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEGAL_ENDPOINTS,
  acceptAgreementsRequest,
  currentAgreements as currentAgreementsSchema,
  legalDocument,
  legalDocumentParams,
  ok,
  pendingAgreements as pendingAgreementsSchema,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import {
  acceptAgreements,
  currentAgreements,
  pendingAgreements,
  readDocument,
} from './legal-service.js';

const tags = ['legal'];

/** The exchange's legal pages and the users' agreement to them, under /v1/legal. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    LEGAL_ENDPOINTS.document.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A legal or about page: its newest version, in the reader’s language or English',
        params: legalDocumentParams,
        response: responses(legalDocument),
      },
    },
    async (request) => ok(await readDocument(app.db, request.params.slug, request.language)),
  );

  app.get(
    LEGAL_ENDPOINTS.agreements.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The agreements a new account accepts, at their current versions',
        response: responses(currentAgreementsSchema),
      },
    },
    async (request) => ok(await currentAgreements(app.db, request.language)),
  );

  app.get(
    LEGAL_ENDPOINTS.pending.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Agreements with a version the user has not agreed to yet (empty: none)',
        response: responses(pendingAgreementsSchema),
      },
    },
    async (request) =>
      ok(await pendingAgreements(app.db, requireAuth(request).userId, request.language)),
  );

  app.post(
    LEGAL_ENDPOINTS.accept.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Agree to the current versions of the given agreements',
        body: acceptAgreementsRequest,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await acceptAgreements(app.db, {
        userId: requireAuth(request).userId,
        accepted: request.body.accepted,
        ip: request.ip,
        at: app.clock.date(),
      });
      return ok(null);
    },
  );
};
