import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';

/**
 * Prometheus metrics for every process of the exchange (gateway, worker, engine shards,
 * simulators). Each process registers its series on prom-client's default registry and serves
 * them on a listener of its own, never on a public port: METRICS_HOST (127.0.0.1 unless told)
 * and METRICS_PORT. Names follow Prometheus conventions: base units, `_total` for counters,
 * `_seconds` and `_bytes` for durations and sizes, `exchange_` before everything the exchange
 * defines itself.
 */
export { client };
export { Counter, Gauge, Histogram, register } from 'prom-client';
const { register } = client;

/** Latency buckets (seconds) from a fraction of a millisecond to half a minute. */
export const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/**
 * A counter, gauge or histogram registered once per process: test runners load a module in
 * many files of one process, and prom-client refuses a second metric of the same name.
 */
export function once<T extends client.Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

let defaultsOn = false;
/**
 * The process's CPU, memory, event-loop delay, handles and garbage collection
 * (`process_cpu_seconds_total`, `process_resident_memory_bytes`, `nodejs_*`), collected when
 * scraped. Only processes that serve metrics turn this on: it starts an event-loop monitor.
 */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics();
}

export interface MetricsListener {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:8100/metrics. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics (and nothing else) on host:port from `collect`, prom-client's text
 * format. A collection that fails answers 500 with the reason, so a broken collector shows as
 * a failed scrape (the `up` series) instead of a silent gap.
 */
export async function serveMetrics(opts: {
  host: string;
  port: number;
  collect?: () => Promise<string>;
  contentType?: string;
}): Promise<MetricsListener> {
  const collect = opts.collect ?? (() => register.metrics());
  const contentType = opts.contentType ?? register.contentType;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('only GET /metrics is served here\n');
      return;
    }
    collect().then(
      (body) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) =>
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`collecting metrics failed: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  // Never keeps a process alive that is otherwise done.
  server.unref();
  const port = (server.address() as AddressInfo).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The listener a process was asked for: METRICS_PORT (none when unset or empty, as in tests)
 * on METRICS_HOST (127.0.0.1 unless set). Turns on the process metrics.
 */
export async function serveProcessMetrics(
  env: NodeJS.ProcessEnv = process.env,
): Promise<MetricsListener | undefined> {
  const raw = env.METRICS_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`METRICS_PORT must be a port number (0-65535), not "${raw}"`);
  collectProcessMetrics();
  return serveMetrics({ host: env.METRICS_HOST || '127.0.0.1', port });
}

/**
 * For node:cluster's primary: the metrics of every worker, summed (counters, histograms and
 * most gauges; prom-client asks each worker over IPC). Each worker calls
 * answerClusterPrimary() once.
 */
export function clusterMetrics(): { collect: () => Promise<string>; contentType: string } {
  const aggregator = new client.AggregatorRegistry();
  return {
    collect: () => aggregator.clusterMetrics(),
    contentType: aggregator.contentType,
  };
}

/** In a node:cluster worker: answers the primary's requests for this process's metrics. */
export function answerClusterPrimary(): void {
  // Constructing an aggregator is how prom-client installs its IPC listener in a worker.
  new client.AggregatorRegistry();
  collectProcessMetrics();
}

/**
 * serveProcessMetrics() for a process's start: logs where the metrics are, or why they are not
 * served (a port taken); metrics are never a reason for the process not to run.
 */
export async function startProcessMetrics(
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
  },
  env: NodeJS.ProcessEnv = process.env,
): Promise<MetricsListener | undefined> {
  try {
    const listener = await serveProcessMetrics(env);
    if (listener) log.info({ url: listener.url }, 'metrics listening');
    return listener;
  } catch (err) {
    log.warn({ err }, 'metrics not served');
    return undefined;
  }
}
