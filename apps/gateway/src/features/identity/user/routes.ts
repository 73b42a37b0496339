import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_ENDPOINTS, changeLanguageQuery, ok, userInfo } from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { changeLanguage, getProfile } from './user-service.js';

const tags = ['user'];

/** The signed-in user, under /v1/user. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    USER_ENDPOINTS.profile.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'User info of the session',
        response: responses(userInfo),
      },
    },
    async (request) =>
      ok(
        await getProfile({
          db: app.db,
          userId: requireAuth(request).userId,
          mode: request.runtimeMode,
        }),
      ),
  );

  app.get(
    USER_ENDPOINTS.changeLanguage.path,
    {
      schema: {
        tags,
        summary: 'Save the interface language',
        querystring: changeLanguageQuery,
        response: responses(z.null()),
      },
      config: { csrf: true, access: 'session' },
    },
    async (request) => {
      await changeLanguage({
        db: app.db,
        userId: requireAuth(request).userId,
        language: request.query.language,
      });
      return ok(null);
    },
  );
};
