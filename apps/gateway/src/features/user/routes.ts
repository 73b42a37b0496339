import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, userInfo } from '@exchange/contracts';
import { requireAuth } from '../../plugins/auth.js';
import { bearerSecurity, responses } from '../../lib/route-schemas.js';
import { getProfile } from './user-service.js';

/** The signed-in user, under /v1/user. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    { schema: { tags: ['user'], summary: 'User info of the session', security: bearerSecurity, response: responses(userInfo) } },
    async (request) => ok(await getProfile({ db: app.db, userId: requireAuth(request).userId })),
  );
};

export default userRoutes;
