import { startProcessMetrics } from '@exchange/metrics';
import path from 'node:path';
import { pino } from 'pino';
import { z } from 'zod';
import { BankSim } from './bank-sim.js';
import { bankSimServer } from './server.js';
import { readSettings, secretSetting } from '../settings.js';

/**
 * The simulated partner bank, a process of its own (`npm start` supervises it; docker-compose
 * runs it as a service). It never touches the exchange's database: the gateway opens accounts,
 * asks for e-KYC links and sends transfers over HTTP, and what the bank decides comes back as
 * signed callbacks to BANK_CALLBACK_PATHS under BANK_CALLBACK_BASE_URL.
 */
const config = readSettings(
  'bank simulator',
  z.object({
    NODE_ENV: z.string().default('development'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    BANK_SIM_HOST: z.string().default('127.0.0.1'),
    BANK_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8093),
    /** Where the user's browser reaches the bank's e-KYC page (default: this host and port). */
    BANK_SIM_PUBLIC_URL: z.string().url().optional(),
    BANK_CALLBACK_SECRET: secretSetting('BANK_CALLBACK_SECRET'),
    /** The exchange's base address; the callbacks go to BANK_CALLBACK_PATHS under it. */
    BANK_CALLBACK_BASE_URL: z.string().url().default('http://127.0.0.1:8080'),
    /** Logical seconds the bank takes to decide an account opening. */
    BANK_SIM_OPEN_SECONDS: z.coerce.number().min(0).default(5),
    TIME_SCALE: z.coerce.number().positive().default(1),
    BANK_SIM_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
    BANK_SIM_DATA_DIR: z.string().default('.data'),
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

const sim = new BankSim({
  secret: config.BANK_CALLBACK_SECRET,
  callbackBaseUrl: config.BANK_CALLBACK_BASE_URL,
  publicUrl: config.BANK_SIM_PUBLIC_URL ?? `http://127.0.0.1:${config.BANK_SIM_PORT}`,
  openDelayMs: config.BANK_SIM_OPEN_SECONDS * 1000,
  timeScale: config.TIME_SCALE,
  statePath: path.join(config.BANK_SIM_DATA_DIR, 'bank-sim.json'),
  retryBaseMs: config.BANK_SIM_RETRY_BASE_MS,
  log,
});
const server = bankSimServer(sim, config.BANK_CALLBACK_SECRET);
server.listen(config.BANK_SIM_PORT, config.BANK_SIM_HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.BANK_SIM_PORT;
  log.info(
    { host: config.BANK_SIM_HOST, port, openSeconds: config.BANK_SIM_OPEN_SECONDS },
    'partner bank simulator listening',
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
