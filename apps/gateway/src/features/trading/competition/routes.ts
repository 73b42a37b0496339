import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPETITION_ENDPOINTS,
  competitionBoard,
  competitionEntry,
  competitionIdParams,
  competitionMine,
  competitionOverview,
  ok,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import type { Competitions } from './competition-service.js';

const tags = ['trade-for-reward'];

/** Trade for Reward under /v1/competition (contracts competition.ts COMPETITION_ENDPOINTS). */
export function competitionRoutes(competitions: Competitions): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      COMPETITION_ENDPOINTS.overview.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The running period, the next one and the last settled ones',
          response: responses(competitionOverview),
        },
      },
      async () => ok(await competitions.overview()),
    );
    app.get(
      COMPETITION_ENDPOINTS.board.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A period's leaderboard: live while it runs, final once settled",
          params: competitionIdParams,
          response: responses(competitionBoard),
        },
      },
      async (request) => ok(await competitions.board(request.params.id)),
    );
    app.get(
      COMPETITION_ENDPOINTS.mine.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: "The caller's entry in a period, with its standing and reward",
          params: competitionIdParams,
          response: responses(competitionMine),
        },
      },
      async (request) =>
        ok({ entry: await competitions.entry(requireAuth(request).userId, request.params.id) }),
    );
    app.post(
      COMPETITION_ENDPOINTS.join.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Join a running period: the Trial funds are set back to its starting funds',
          params: competitionIdParams,
          body: z.strictObject({}).optional(),
          response: responses(competitionEntry),
        },
      },
      async (request) =>
        ok(await competitions.join(requireAuth(request).userId, request.params.id)),
    );
  };
}
