import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverNotices } from '../../platform/notifications/notify.js';
import { totpSecretBox } from '../../identity/security/security-deps.js';
import type { FlashDeps } from './flash-remittance-deps.js';
import { FlashRemittances } from './flash-service.js';
import { flashRemittanceRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    flashRemittances: FlashRemittances;
  }
}

/** The flash whitelist and flash remittances: the expiry job, the routes and resumption. */
async function flashRemittance(app: FastifyInstance): Promise<void> {
  const env = app.env;
  const deps: FlashDeps = {
    db: app.db,
    clock: app.clock,
    redis: app.redis,
    env,
    box: totpSecretBox(env),
    jobs: app.jobs,
    fanout: app.socket.fanout,
    config: {
      approvalMs: env.FLASH_REMITTANCE_APPROVAL_SECONDS * 1000,
      feeRate: env.FLASH_REMITTANCE_FEE_RATE,
    },
    deliverNotices: (staged) => deliverNotices(app.notifyDeps, staged),
  };
  const flash = new FlashRemittances(deps);
  flash.register();
  app.decorate('flashRemittances', flash);
  await app.register(flashRemittanceRoutes(deps, flash));
  app.addHook('onReady', async () => {
    await flash.resume();
  });
}

export default fp(flashRemittance, {
  name: 'fiat/flash-remittance',
  dependencies: ['infrastructure', 'auth', 'platform/notifications'],
});
