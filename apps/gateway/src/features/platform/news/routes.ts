import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWS_ENDPOINTS, newsItem, newsQuery, ok, page } from '@exchange/contracts';
import { responses } from '../../../lib/route-schemas.js';
import { listNews } from './news-service.js';

/** News and announcements, under /v1/marketing. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    NEWS_ENDPOINTS.news.path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['marketing'],
        summary: 'News and announcements, newest first (paged)',
        querystring: newsQuery,
        response: responses(page(newsItem)),
      },
    },
    async (request) =>
      ok(
        await listNews({
          db: app.db,
          language: request.language,
          query: request.query,
          now: app.clock.date(),
        }),
      ),
  );
};
