import path from 'node:path';
import { z } from 'zod';
import { BankSim } from './bank-sim.js';
import { bankSimServer } from './server.js';
import { logSettings, runSimulator, simLogger } from '../kit/process.js';
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
    ...logSettings,
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

const log = simLogger(config);
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
await runSimulator({
  name: 'partner bank simulator',
  log,
  server: bankSimServer(sim, config.BANK_CALLBACK_SECRET),
  host: config.BANK_SIM_HOST,
  port: config.BANK_SIM_PORT,
  sim,
  details: { openSeconds: config.BANK_SIM_OPEN_SECONDS },
});
