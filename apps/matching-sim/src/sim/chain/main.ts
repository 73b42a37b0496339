import path from 'node:path';
import { z } from 'zod';
import { AddressBook } from './addresses.js';
import { BLOCK_SECONDS, ChainSim } from './chain-sim.js';
import { chainSimServer } from './server.js';
import { logSettings, runSimulator, simLogger } from '../kit/process.js';
import { readSettings, secretSetting } from '../settings.js';

/**
 * The simulated chains (Bitcoin, Ethereum, Tron, Solana, XRP Ledger), a process of their own (`npm start` supervises
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
  // A network the setting leaves out keeps its usual block time.
  .transform((given) => ({ ...BLOCK_SECONDS, ...given }))
  .pipe(
    z.object({
      BTC: z.number(),
      ETH: z.number(),
      TRX: z.number(),
      SOL: z.number(),
      XRP: z.number(),
    }),
  );

const config = readSettings(
  'chain simulator',
  z.object({
    NODE_ENV: z.string().default('development'),
    ...logSettings,
    CHAIN_SIM_HOST: z.string().default('127.0.0.1'),
    CHAIN_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8092),
    CHAIN_CALLBACK_SECRET: secretSetting('CHAIN_CALLBACK_SECRET'),
    /** The gateway's callback route, for coin status changes before any address was registered. */
    CHAIN_CALLBACK_URL: z.string().url().optional(),
    /** The HD seed the deposit addresses derive from (64 hex digits; npm start generates it). */
    CHAIN_HD_SEED: secretSetting('CHAIN_HD_SEED'),
    /** Logical seconds between blocks per network; TIME_SCALE makes them pass faster. */
    CHAIN_BLOCK_SECONDS: blockSeconds.default({ ...BLOCK_SECONDS }),
    TIME_SCALE: z.coerce.number().positive().default(1),
    CHAIN_SIM_RETRY_BASE_MS: z.coerce.number().int().positive().default(1000),
    CHAIN_SIM_DATA_DIR: z.string().default('.data'),
  }),
);

const log = simLogger(config);
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
await runSimulator({
  name: 'chain simulator',
  log,
  server: chainSimServer(sim, config.CHAIN_CALLBACK_SECRET),
  host: config.CHAIN_SIM_HOST,
  port: config.CHAIN_SIM_PORT,
  sim,
  details: { blockSeconds: config.CHAIN_BLOCK_SECONDS },
});
