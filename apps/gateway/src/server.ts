import cluster from 'node:cluster';
import { answerClusterPrimary, startProcessMetrics } from '@exchange/metrics';
import { loadEnv, EnvError } from './config/env.js';
import { buildApp } from './app.js';

/**
 * Starts the gateway; SIGINT and SIGTERM close it gracefully. With LISTEN=false it serves no
 * HTTP and is the exchange's worker: settlement (SETTLEMENT=true), market makers and jobs run
 * there on their own event loop and core, while the gateways that serve HTTP run SETTLEMENT=false.
 */
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ env });
  app.jobs.start();
  // Metrics on a listener of their own: in a cluster the primary serves them for all workers.
  if (cluster.isWorker) answerClusterPrimary();
  else
    await startProcessMetrics(app.log, {
      METRICS_PORT: env.METRICS_PORT?.toString(),
      METRICS_HOST: env.METRICS_HOST,
    });
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  if (env.LISTEN) await app.listen({ host: env.HOST, port: env.PORT });
  else {
    await app.ready();
    app.log.info(
      { settlement: env.SETTLEMENT, marketMakers: env.MARKET_MAKERS },
      'worker running (no HTTP)',
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Gateway failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
