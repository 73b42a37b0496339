import path from 'node:path';
import { z } from 'zod';
import { KycSim } from './kyc-sim.js';
import { kycSimServer } from './server.js';
import { logSettings, runSimulator, simLogger } from '../kit/process.js';
import { readSettings, secretSetting } from '../settings.js';

/**
 * The simulated KYC provider, a process of its own (`npm start` supervises it; docker-compose
 * runs it as a service). It never touches the exchange's database: applications arrive over
 * HTTP and decisions leave as signed callbacks.
 */
const config = readSettings(
  'kyc simulator',
  z.object({
    ...logSettings,
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

const log = simLogger(config);
const sim = new KycSim({
  secret: config.KYC_CALLBACK_SECRET,
  reviewMs: config.KYC_SIM_REVIEW_SECONDS * 1000,
  timeScale: config.TIME_SCALE,
  statePath: path.join(config.KYC_SIM_DATA_DIR, 'kyc-sim.json'),
  retryBaseMs: config.KYC_SIM_RETRY_BASE_MS,
  log,
});
await runSimulator({
  name: 'KYC provider simulator',
  log,
  server: kycSimServer(sim, config.KYC_CALLBACK_SECRET),
  host: config.KYC_SIM_HOST,
  port: config.KYC_SIM_PORT,
  sim,
  details: { reviewSeconds: config.KYC_SIM_REVIEW_SECONDS },
});
