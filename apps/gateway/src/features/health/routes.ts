import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthStatus, readinessStatus } from '@exchange/contracts';

async function timed(fn: () => Promise<unknown>): Promise<{ ok: boolean; latencyMs: number | null; error?: string }> {
  const start = performance.now();
  try {
    await fn();
    return { ok: true, latencyMs: Math.round((performance.now() - start) * 100) / 100 };
  } catch (err) {
    return { ok: false, latencyMs: null, error: err instanceof Error ? err.message : 'unreachable' };
  }
}

/** Liveness and readiness for process managers and load balancers (not enveloped). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: healthStatus } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Postgres and Redis answer',
        response: { 200: readinessStatus, 503: readinessStatus },
      },
    },
    async (_request, reply) => {
      const [postgres, redis] = await Promise.all([
        timed(() => app.db.$queryRaw`SELECT 1`),
        timed(() => app.redis.commands.ping()),
      ]);
      const ready = postgres.ok && redis.ok;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: { postgres, redis } });
    },
  );
};

export default healthRoutes;
