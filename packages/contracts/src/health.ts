import { z } from 'zod';

export const healthStatus = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readinessStatus = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    postgres: z.object({ ok: z.boolean(), latencyMs: z.number().nullable(), error: z.string().optional() }),
    redis: z.object({ ok: z.boolean(), latencyMs: z.number().nullable(), error: z.string().optional() }),
  }),
});
