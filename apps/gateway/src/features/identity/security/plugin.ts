import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SecondFactor } from '../auth/auth-service.js';
import { notify } from '../../platform/notifications/notify.js';
import { loginSecondFactor } from './authenticator-service.js';
import { totpSecretBox, type SecurityDeps } from './security-deps.js';
import { securityRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the security settings use (account cancellation uses it too), and the login's
     * second step where an Authenticator is linked.
     */
    security: { deps: SecurityDeps; secondFactor: SecondFactor };
  }
}

/**
 * Security settings: the auth feature's mail and sessions, and the box that seals Authenticator
 * secrets with TOTP_ENCRYPTION_KEY (required in every mode); the routes under /v1/security.
 */
async function security(app: FastifyInstance): Promise<void> {
  const deps: SecurityDeps = {
    db: app.db,
    redis: app.redis,
    clock: app.clock,
    env: app.env,
    jobs: app.jobs,
    mailJob: app.mailJob,
    sessions: app.sessions,
    box: totpSecretBox(app.env),
    notify: (input) => notify(app.notifyDeps, input),
  };
  app.decorate('security', { deps, secondFactor: loginSecondFactor(deps) });
  await app.register(securityRoutes(deps));
}

export default fp(security, {
  name: 'identity/security',
  dependencies: ['infrastructure', 'auth', 'platform/notifications'],
});
