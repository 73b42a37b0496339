import { startProcessMetrics } from '@exchange/metrics';
import { pino, type Logger } from 'pino';
import { z } from 'zod';
import type { SimServer } from './server.js';

/** The log settings every simulator reads beside its own. */
export const logSettings = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
};

export function simLogger(config: { LOG_LEVEL: string; LOG_FORMAT: 'json' | 'pretty' }): Logger {
  return pino({
    level: config.LOG_LEVEL,
    ...(config.LOG_FORMAT === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  });
}

/**
 * A simulator's process, as `npm start` supervises it and docker-compose runs it: its server
 * listens on `host:port`, the simulation's clock starts, Prometheus metrics (process, callbacks
 * sent) are served on METRICS_PORT when `npm start` gives one, and SIGINT or SIGTERM stop the
 * simulation and close the server (at most 2 s) before the process exits.
 */
export async function runSimulator(o: {
  /** Logged when listening, e.g. "chain simulator". */
  name: string;
  log: Logger;
  server: SimServer;
  host: string;
  port: number;
  sim: { start(): void; stop(): void };
  /** Logged with the address. */
  details?: Record<string, unknown>;
}): Promise<void> {
  const port = await o.server.listen(o.host, o.port);
  o.log.info({ host: o.host, port, ...o.details }, `${o.name} listening`);
  o.sim.start();
  await startProcessMetrics(o.log);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    o.sim.stop();
    o.server.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
