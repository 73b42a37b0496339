import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverNotices } from '../../platform/notifications/notify.js';
import type { FxDeps } from './foreign-exchange-deps.js';
import { foreignExchangeRoutes } from './routes.js';
import { ForeignExchanges } from './fx-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    foreignExchanges: ForeignExchanges;
  }
}

/**
 * Foreign exchange between fiat currencies: the quote and confirm routes, the history, the
 * settlement job and its resumption after a restart.
 */
async function foreignExchange(app: FastifyInstance): Promise<void> {
  const env = app.env;
  const deps: FxDeps = {
    db: app.db,
    clock: app.clock,
    redis: app.redis,
    env,
    jobs: app.jobs,
    fanout: app.socket.fanout,
    config: {
      quoteTtlMs: env.FX_QUOTE_TTL_SECONDS * 1000,
      settlementMs: env.FX_SETTLEMENT_SECONDS * 1000,
    },
    deliverNotices: (staged) => deliverNotices(app.notifyDeps, staged),
  };
  const fx = new ForeignExchanges(deps);
  fx.register();
  app.decorate('foreignExchanges', fx);
  await app.register(foreignExchangeRoutes(fx));
  app.addHook('onReady', async () => {
    await fx.resume();
  });
}

export default fp(foreignExchange, {
  name: 'fiat/foreign-exchange',
  dependencies: ['infrastructure', 'auth', 'platform/notifications'],
});
