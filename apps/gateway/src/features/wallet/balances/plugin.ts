import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { walletRoutes } from './routes.js';

/** A check a Demo or Trial reset must pass (it throws to refuse). */
export type FundingResetGuard = (userId: string, mode: number) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks before a Demo or Trial reset, added by later features (Trade for Reward). */
    fundingResetGuards: FundingResetGuard[];
  }
}

/** Balances and fund flows of the request's runtime mode, under /v1/wallet. */
async function balances(app: FastifyInstance): Promise<void> {
  app.decorate('fundingResetGuards', [] as FundingResetGuard[]);
  await app.register(walletRoutes);
}

export default fp(balances, { name: 'wallet/balances', dependencies: ['infrastructure', 'auth'] });
