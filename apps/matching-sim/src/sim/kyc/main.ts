import { startProcessMetrics } from '@exchange/metrics';
import path from 'node:path';
import { pino } from 'pino';
import { z } from 'zod';
import { KycSim } from './kyc-sim.js';
import { kycSimServer } from './server.js';
import { readSettings, secretSetting } from '../settings.js';

/**
 * The simulated KYC provider, a process of its own (`npm start` supervises it; docker-compose
 * runs it as a service). It never touches the exchange's database: applications arrive over
 * HTTP and decisions leave as signed callbacks.
 */
const config = readSettings(
  'kyc simulator',
  z.object({
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    KYC_SIM_HOST: z.string().default('127.0.0.1'),
    KYC_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
    KYC_CALLBACK_SECRET: secretSetting('KYC_CALLBACK_SECRET'),
    /** Logical seconds a review takes; with TIME_SCALE it passes faster. */
    KYC_SIM_REVIEW_SECONDS: z.coerce.number().min(0).default(60),
    TIME_SCALE: z.coerce.number().positive().default(1),
    KYC_SIM_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
    KYC_SIM_DATA_DIR: z.string().default('.data'),
  }),
);

const log = pino({
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

const sim = new KycSim({
  secret: config.KYC_CALLBACK_SECRET,
  reviewMs: config.KYC_SIM_REVIEW_SECONDS * 1000,
  timeScale: config.TIME_SCALE,
  statePath: path.join(config.KYC_SIM_DATA_DIR, 'kyc-sim.json'),
  retryBaseMs: config.KYC_SIM_RETRY_BASE_MS,
  log,
});
const server = kycSimServer(sim, config.KYC_CALLBACK_SECRET);
server.listen(config.KYC_SIM_PORT, config.KYC_SIM_HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.KYC_SIM_PORT;
  log.info(
    { host: config.KYC_SIM_HOST, port, reviewSeconds: config.KYC_SIM_REVIEW_SECONDS },
    'KYC provider simulator listening',
  );
});
sim.start();
// Prometheus metrics (process, callbacks sent) on METRICS_PORT, when npm start gives one.
await startProcessMetrics(log);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  sim.stop();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
