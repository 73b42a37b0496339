import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CancellationDeps } from './cancellation-service.js';
import { cancellationRoutes } from './routes.js';

/**
 * Account cancellation under /v1/account: the request, its simulated review job, and the handle
 * the operator's command decides with (`app.cancellation`).
 */
async function cancellation(app: FastifyInstance): Promise<void> {
  const deps: CancellationDeps = { ...app.security.deps };
  app.decorate('cancellation', deps);
  await app.register(cancellationRoutes(deps));
}

export default fp(cancellation, {
  name: 'identity/cancellation',
  dependencies: ['infrastructure', 'auth', 'identity/security'],
});
