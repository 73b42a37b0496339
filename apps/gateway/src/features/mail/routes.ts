import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, text } from '@exchange/contracts';
import { AppError } from '../../lib/app-error.js';
import { responses } from '../../lib/route-schemas.js';

const mailboxQuery = z.strictObject({
  to: text().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const mailboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/** The development mailbox, under /v1/common: messages of the database transport, newest first. */
const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development mailbox (not in production)',
        querystring: mailboxQuery,
        response: responses(z.array(mailboxItem)),
      },
    },
    async (request) => {
      if (app.env.NODE_ENV === 'production') throw new AppError('DEV_ONLY');
      const rows = await app.db.mailMessage.findMany({
        where: request.query.to ? { to: request.query.to.trim().toLowerCase() } : {},
        orderBy: { createdAt: 'desc' },
        take: request.query.limit,
      });
      return ok(
        rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          createdAt: r.createdAt.toISOString(),
        })),
      );
    },
  );
};

export default mailRoutes;
