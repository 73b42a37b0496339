import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountTypeQuery, ok, userInfo } from '@exchange/contracts';
import { requireAuth } from '../../lib/auth-context.js';
import { bearerSecurity, responses } from '../../lib/route-schemas.js';
import { chooseAccountType } from '../user/user-service.js';

/** Identity verification, under /v1/kyc. */
const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/individual/select',
    {
      schema: {
        tags: ['kyc'],
        summary: 'Choose once: verify identity (isKyc=true) or opt out (isKyc=false)',
        security: bearerSecurity,
        querystring: accountTypeQuery,
        response: responses(userInfo),
      },
      config: { csrf: true },
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
};

export default kycRoutes;
