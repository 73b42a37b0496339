import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './wait.js';

const simDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../matching-sim');

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface KycSimProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the simulated KYC provider as its own process (as `npm start` does) and waits until it
 * answers. `reviewSeconds` of logical time pass in `reviewSeconds / timeScale` real seconds.
 */
export async function startKycSim(opts: {
  port: number;
  secret: string;
  reviewSeconds?: number;
  timeScale?: number;
  retryBaseMs?: number;
}): Promise<KycSimProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/sim/kyc/main.ts'], {
    cwd: simDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      KYC_SIM_PORT: String(opts.port),
      KYC_CALLBACK_SECRET: opts.secret,
      KYC_SIM_REVIEW_SECONDS: String(opts.reviewSeconds ?? 60),
      TIME_SCALE: String(opts.timeScale ?? 600),
      KYC_SIM_RETRY_BASE_MS: String(opts.retryBaseMs ?? 200),
      KYC_SIM_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kyc-sim-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  await until(
    async () => {
      try {
        return (await fetch(`${url}/health`)).ok;
      } catch {
        return false;
      }
    },
    15_000,
    100,
  );
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
