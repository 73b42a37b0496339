import { z } from 'zod';

export const healthStatus = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readinessStatus = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    postgres: z.object({
      ok: z.boolean(),
      latencyMs: z.number().nullable(),
      error: z.string().optional(),
    }),
    redis: z.object({
      ok: z.boolean(),
      latencyMs: z.number().nullable(),
      error: z.string().optional(),
    }),
  }),
  /**
   * The order path, for operators; it does not decide readiness (without the engine a gateway
   * still serves everything else, and placements answer PENDING until it is back).
   */
  trading: z
    .object({
      /** The matching engine's heartbeat: when it last beat; null when none for three beats. */
      engine: z.object({ ok: z.boolean(), lastBeatMsAgo: z.number().nullable() }),
      /** Settlement: the last event seq committed, the last the engine published, the difference. */
      settlement: z.object({
        settledSeq: z.number().int(),
        publishedSeq: z.number().int().nullable(),
        behind: z.number().int().nullable(),
      }),
    })
    .optional(),
});
