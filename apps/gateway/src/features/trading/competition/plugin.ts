import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enabledOutsideProduction } from '../../../config/env.js';
import { deliverNotices } from '../../platform/notifications/notify.js';
import { Competitions } from './competition-service.js';
import { competitionRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Trade for Reward: periods, entries, standings and the settlement of each period. */
    competitions: Competitions;
  }
}

/**
 * Trade for Reward (the Trial mode as a competition): its routes, its settlement job (resumed
 * at start), and the guard that keeps competitors' Trial funds from being reset.
 */
async function competition(app: FastifyInstance): Promise<void> {
  const competitions = new Competitions({
    db: app.db,
    clock: app.clock,
    redis: app.redis,
    jobs: app.jobs,
    deliverNotices: (staged) => deliverNotices(app.notifyDeps, staged),
    trialFunding: app.env.TRIAL_FUNDING,
    log: app.log,
  });
  competitions.register();
  app.decorate('competitions', competitions);
  app.fundingResetGuards.push((userId, mode) => competitions.guardReset(userId, mode));
  await app.register(competitionRoutes(competitions));
  app.addHook('onReady', async () => {
    await competitions.resume();
    // With the simulated market in Real (npm start), a weekly period from the first start.
    if (app.env.MARKET_MAKERS && enabledOutsideProduction(app.env, app.env.REAL_MARKET_MAKERS))
      await competitions.ensureLocalPeriod();
  });
}

export default fp(competition, {
  name: 'trading/competition',
  dependencies: ['infrastructure', 'auth', 'platform/notifications', 'wallet/balances'],
});
