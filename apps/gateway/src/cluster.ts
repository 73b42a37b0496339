import cluster, { type Worker } from 'node:cluster';
import { clusterMetrics, serveMetrics } from '@exchange/metrics';

/**
 * The HTTP gateway as GATEWAY_PROCESSES processes on one port (node:cluster; the primary
 * accepts connections and hands them to its workers in turn). With 1 (the default) this process
 * is the gateway itself. Nothing in the gateway assumes one HTTP process: verdicts, market data
 * and cache invalidations travel over Redis, settlement runs in the worker (LISTEN=false), and
 * each process keeps its own caches and database pools (sized below).
 *
 * The primary serves nothing: SIGTERM and SIGINT are passed on to every worker and it exits once
 * they have closed gracefully; a worker that dies is forked again (after a pause that doubles
 * with each quick crash), and one that keeps crashing soon after its start stops the primary
 * with exit code 1, so the supervisor of `npm start` sees a failing gateway.
 */
// The worker (LISTEN=false: settlement, market makers) stays one process whatever it says.
const count = ['false', '0'].includes(process.env.LISTEN ?? '')
  ? 1
  : Number(process.env.GATEWAY_PROCESSES ?? '1');
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write(`GATEWAY_PROCESSES must be a whole number of at least 1\n`);
  process.exit(1);
}

// Each process opens its own pools (Prisma's and node-postgres', DB_POOL_SIZE each): unless set,
// the default 20 is shared out among the processes, so N gateways hold as many Postgres
// connections as one (Postgres allows 100 by default).
const poolSize = process.env.DB_POOL_SIZE ?? String(Math.max(5, Math.ceil(20 / count)));

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const HEALTHY_AFTER_MS = 30_000;
const MAX_FAST_CRASHES = 5;
const STOP_TIMEOUT_MS = 14_000;

function log(text: string): void {
  process.stderr.write(`[gateway primary ${process.pid}] ${text}\n`);
}

function primary(): void {
  let stopping = false;
  let exitCode = 0;
  const slots = new Map<
    Worker,
    { slot: number; startedAt: number; fastCrashes: number; delayMs: number }
  >();

  const fork = (slot: number, fastCrashes: number, delayMs: number) => {
    const w = cluster.fork({ DB_POOL_SIZE: poolSize });
    slots.set(w, { slot, startedAt: Date.now(), fastCrashes, delayMs });
  };

  cluster.on('exit', (w, code, signal) => {
    const s = slots.get(w);
    slots.delete(w);
    if (stopping) {
      if (slots.size === 0) process.exit(exitCode);
      return;
    }
    if (!s) return;
    const ranMs = Date.now() - s.startedAt;
    const healthy = ranMs >= HEALTHY_AFTER_MS;
    const fastCrashes = healthy ? 1 : s.fastCrashes + 1;
    const delayMs = healthy ? FIRST_DELAY_MS : s.delayMs;
    if (fastCrashes > MAX_FAST_CRASHES) {
      log(
        `worker ${s.slot} exited (${signal ?? code}) ${fastCrashes} times soon after starting; giving up`,
      );
      void stop(1);
      return;
    }
    log(
      `worker ${s.slot} (pid ${w.process.pid}) exited (${signal ?? code}) after ${(ranMs / 1000).toFixed(1)} s; forking it again in ${delayMs / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) fork(s.slot, fastCrashes, Math.min(delayMs * 2, MAX_DELAY_MS));
    }, delayMs);
  });

  cluster.on('listening', (w, address) => {
    log(
      `worker ${slots.get(w)?.slot ?? '?'} (pid ${w.process.pid}) listening on port ${address.port}`,
    );
  });

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = [...slots.keys()];
    if (workers.length === 0) process.exit(code);
    for (const w of workers) w.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, STOP_TIMEOUT_MS).unref());
    for (const w of slots.keys()) w.process.kill('SIGKILL');
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  for (let i = 0; i < count; i++) fork(i, 0, FIRST_DELAY_MS);
  log(`forked ${count} gateway processes on port ${process.env.PORT ?? '8080'}`);
  const metricsPort = process.env.METRICS_PORT;
  if (metricsPort) {
    // Every worker's series, summed, on the primary's own listener (workers answer over IPC).
    serveMetrics({
      host: process.env.METRICS_HOST || '127.0.0.1',
      port: Number(metricsPort),
      ...clusterMetrics(),
    }).then(
      (m) => log(`metrics of all ${count} processes at ${m.url}`),
      (err: unknown) =>
        log(`metrics not served: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
}

if (count > 1 && cluster.isPrimary) primary();
else await import('./server.js');
