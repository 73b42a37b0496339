import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_ENDPOINTS, healthStatus, readinessStatus } from '@exchange/contracts';
import { enabledOutsideProduction } from '../../../config/env.js';
import { engineShards } from '../../trading/orders/shard-map.js';
import { shardState } from './shard-state.js';

async function timed(
  fn: () => Promise<unknown>,
): Promise<{ ok: boolean; latencyMs: number | null; error?: string }> {
  const start = performance.now();
  try {
    await fn();
    return { ok: true, latencyMs: Math.round((performance.now() - start) * 100) / 100 };
  } catch (err) {
    return {
      ok: false,
      latencyMs: null,
      error: err instanceof Error ? err.message : 'unreachable',
    };
  }
}

/** Liveness and readiness for process managers and load balancers (not enveloped). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // The order path's figures are for operators: off in production unless READY_DETAILS is set.
  const details = enabledOutsideProduction(app.env, app.env.READY_DETAILS);
  async function tradingView() {
    const shards = await Promise.all(
      (await engineShards(app.db)).map((shard) => shardState(app, shard)),
    );
    const first = shards[0];
    const ages = shards.map((s) => s.engine.lastBeatMsAgo);
    const behind = shards.map((s) => s.settlement.behind);
    return {
      engine: {
        ok: shards.every((s) => s.engine.ok),
        lastBeatMsAgo: ages.includes(null) ? null : Math.max(0, ...(ages as number[])),
      },
      settlement: {
        settledSeq: first?.settlement.settledSeq ?? 0,
        publishedSeq: first?.settlement.publishedSeq ?? null,
        behind: behind.includes(null) ? null : (behind as number[]).reduce((a, b) => a + b, 0),
      },
      shards,
    };
  }

  app.get(
    HEALTH_ENDPOINTS.health.path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is alive',
        response: { 200: healthStatus },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    HEALTH_ENDPOINTS.ready.path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Postgres and Redis answer; also how the engine and settlement are doing',
        response: { 200: readinessStatus, 503: readinessStatus },
      },
    },
    async (_request, reply) => {
      const [postgres, redis] = await Promise.all([
        timed(() => app.db.$queryRaw`SELECT 1`),
        timed(() => app.redis.commands.ping()),
      ]);
      const ready = postgres.ok && redis.ok;
      const trading = ready && details ? await tradingView().catch(() => undefined) : undefined;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        checks: { postgres, redis },
        ...(trading ? { trading } : {}),
      });
    },
  );
};
