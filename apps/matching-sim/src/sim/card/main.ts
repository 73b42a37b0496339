import path from 'node:path';
import { z } from 'zod';
import { CardSim } from './card-sim.js';
import { cardSimServer } from './server.js';
import { logSettings, runSimulator, simLogger } from '../kit/process.js';
import { readSettings, secretSetting } from '../settings.js';

/**
 * The simulated card processor, a process of its own (`npm start` supervises it; docker-compose
 * runs it as a service). It never touches the exchange's database: charges arrive over HTTP,
 * confirmations happen on its own page, and their outcome leaves as signed callbacks.
 */
const config = readSettings(
  'card simulator',
  z.object({
    NODE_ENV: z.string().default('development'),
    ...logSettings,
    CARD_SIM_HOST: z.string().default('127.0.0.1'),
    CARD_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8094),
    /** Where cardholders' browsers reach the confirmation pages; default http://host:port. */
    CARD_SIM_PUBLIC_URL: z.string().url().optional(),
    CARD_CALLBACK_SECRET: secretSetting('CARD_CALLBACK_SECRET'),
    /** The gateway's callback route, for charges that did not name one. */
    CARD_CALLBACK_URL: z.string().url().optional(),
    TIME_SCALE: z.coerce.number().positive().default(1),
    CARD_SIM_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
    CARD_SIM_DATA_DIR: z.string().default('.data'),
  }),
);

const log = simLogger(config);
// The confirmation pages' address when CARD_SIM_PUBLIC_URL is unset: a wildcard bind (0.0.0.0,
// ::) is no address a browser can open, so loopback stands for it; an IPv6 address is bracketed.
const host = ['0.0.0.0', '::', ''].includes(config.CARD_SIM_HOST)
  ? '127.0.0.1'
  : config.CARD_SIM_HOST.includes(':')
    ? `[${config.CARD_SIM_HOST}]`
    : config.CARD_SIM_HOST;
const sim = new CardSim({
  secret: config.CARD_CALLBACK_SECRET,
  publicUrl: config.CARD_SIM_PUBLIC_URL ?? `http://${host}:${config.CARD_SIM_PORT}`,
  timeScale: config.TIME_SCALE,
  defaultCallbackUrl: config.CARD_CALLBACK_URL,
  statePath: path.join(config.CARD_SIM_DATA_DIR, 'card-sim.json'),
  retryBaseMs: config.CARD_SIM_RETRY_BASE_MS,
  log,
});
await runSimulator({
  name: 'card processor simulator',
  log,
  server: cardSimServer(sim, config.CARD_CALLBACK_SECRET),
  host: config.CARD_SIM_HOST,
  port: config.CARD_SIM_PORT,
  sim,
});
