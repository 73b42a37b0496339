import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOGGING_ENDPOINTS,
  clientEventsRequest,
  clientEventsResponse,
  ok,
} from '@exchange/contracts';
import { responses } from '../../../lib/route-schemas.js';

/** Analytics and page-view timings from the client, under /v1/logging. */
export const loggingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    LOGGING_ENDPOINTS.events.path,
    {
      schema: {
        tags: ['logging'],
        summary: 'Record analytics events',
        body: clientEventsRequest,
        response: responses(clientEventsResponse),
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 }, access: 'public' },
    },
    async (request) => {
      const device = request.headers.device;
      const { count } = await app.db.clientEvent.createMany({
        data: request.body.events.map((e) => ({
          category: e.category,
          action: e.action,
          label: e.label ?? null,
          value: e.value ?? null,
          nonInteraction: e.nonInteraction ?? false,
          transport: e.transport ?? null,
          screen: e.screen ?? null,
          userId: request.auth?.userId ?? null,
          device: typeof device === 'string' ? device.slice(0, 32) : null,
          createdAt: app.clock.date(),
        })),
      });
      return ok({ accepted: count });
    },
  );
};
