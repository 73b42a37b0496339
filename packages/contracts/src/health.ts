import { z } from 'zod';
import { get } from './endpoint.js';

export const healthStatus = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
/** A matching engine's heartbeat: when it last beat; null when none for three beats. */
const engineView = z.object({ ok: z.boolean(), lastBeatMsAgo: z.number().nullable() });
/** Settlement: the last event seq committed, the last the engine published, the difference. */
const settlementView = z.object({
  settledSeq: z.number().int(),
  publishedSeq: z.number().int().nullable(),
  behind: z.number().int().nullable(),
});

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
      /** Every shard's engine: ok when all beat; the oldest last beat (null if one is silent). */
      engine: engineView,
      /** Over all shards: seqs of the first shard, `behind` summed (null if one has published nothing). */
      settlement: settlementView,
      /** Each engine shard of the shard map. */
      shards: z.array(
        z.object({ shard: z.string(), engine: engineView, settlement: settlementView }),
      ),
    })
    .optional(),
});

export const HEALTH_ENDPOINTS = {
  health: get('/health'),
  ready: get('/ready'),
} as const;
