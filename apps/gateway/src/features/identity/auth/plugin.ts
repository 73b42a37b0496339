import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oidcRoutes } from './oidc/routes.js';
import { authRoutes } from './routes.js';

/**
 * Registration, login (with the puzzle and, where linked, the Authenticator's code), sessions
 * and password reset under /v1/auth, and the sign-in with Google or Apple (OIDC).
 */
async function auth(app: FastifyInstance): Promise<void> {
  const { secondFactor } = app.security;
  await app.register(authRoutes, { secondFactor });
  await app.register(oidcRoutes, { secondFactor });
}

export default fp(auth, {
  name: 'identity/auth',
  dependencies: ['infrastructure', 'auth', 'identity/security'],
});
