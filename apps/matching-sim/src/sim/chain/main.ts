import { startProcessMetrics } from '@exchange/metrics';
import path from 'node:path';
import { pino } from 'pino';
import { z } from 'zod';
import { AddressBook } from './addresses.js';
import { ChainSim } from './chain-sim.js';
import { chainSimServer } from './server.js';
import { readSettings, secretSetting } from '../settings.js';

/**
 * The simulated chains (Bitcoin, Ethereum, Tron), a process of their own (`npm start` supervises
 * it; docker-compose runs it as a service). It never touches the exchange's database: the
 * gateway asks for addresses and sends withdrawals over HTTP, and transfers come back as signed
 * callbacks.
 */
const blockSeconds = z
  .string()
  .transform((s, ctx) => {
    const out: Record<string, number> = {};
    for (const part of s.split(',').filter(Boolean)) {
      const [k, v] = part.split('=');
      const n = Number(v);
      if (!k || !(n > 0)) ctx.addIssue({ code: 'custom', message: `bad entry ${part}` });
      else out[k.trim()] = n;
    }
    return out;
  })
  .pipe(z.object({ BTC: z.number(), ETH: z.number(), TRX: z.number() }));

const config = readSettings(
  'chain simulator',
  z.object({
    NODE_ENV: z.string().default('development'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    CHAIN_SIM_HOST: z.string().default('127.0.0.1'),
    CHAIN_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8092),
    CHAIN_CALLBACK_SECRET: secretSetting('CHAIN_CALLBACK_SECRET'),
    /** The gateway's callback route, for coin status changes before any address was registered. */
    CHAIN_CALLBACK_URL: z.string().url().optional(),
    /** The HD seed the deposit addresses derive from (64 hex digits; npm start generates it). */
    CHAIN_HD_SEED: secretSetting('CHAIN_HD_SEED'),
    /** Logical seconds between blocks per network; TIME_SCALE makes them pass faster. */
    CHAIN_BLOCK_SECONDS: blockSeconds.default({ BTC: 30, ETH: 12, TRX: 3 }),
    TIME_SCALE: z.coerce.number().positive().default(1),
    CHAIN_SIM_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
    CHAIN_SIM_DATA_DIR: z.string().default('.data'),
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

const sim = new ChainSim({
  secret: config.CHAIN_CALLBACK_SECRET,
  addresses: new AddressBook(config.CHAIN_HD_SEED),
  blockSeconds: config.CHAIN_BLOCK_SECONDS,
  timeScale: config.TIME_SCALE,
  defaultCallbackUrl: config.CHAIN_CALLBACK_URL,
  statePath: path.join(config.CHAIN_SIM_DATA_DIR, 'chain-sim.json'),
  retryBaseMs: config.CHAIN_SIM_RETRY_BASE_MS,
  log,
});
const server = chainSimServer(sim, config.CHAIN_CALLBACK_SECRET);
server.listen(config.CHAIN_SIM_PORT, config.CHAIN_SIM_HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.CHAIN_SIM_PORT;
  log.info(
    { host: config.CHAIN_SIM_HOST, port, blockSeconds: config.CHAIN_BLOCK_SECONDS },
    'chain simulator listening',
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
