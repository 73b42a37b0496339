import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signedGet, signedPost } from '@exchange/contracts/signed-request';
import { until } from './wait.js';

const simDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../matching-sim');

export interface CardSimProcess {
  url: string;
  /** A signed call to the processor's command API (what `npm run sim:card` does). */
  call(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts the simulated card processor as its own process (as `npm start` does). */
export async function startCardSim(opts: {
  port: number;
  secret: string;
  callbackUrl?: string;
}): Promise<CardSimProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/sim/card/main.ts'], {
    cwd: simDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
      CARD_SIM_PORT: String(opts.port),
      CARD_CALLBACK_SECRET: opts.secret,
      ...(opts.callbackUrl ? { CARD_CALLBACK_URL: opts.callbackUrl } : {}),
      TIME_SCALE: '1',
      CARD_SIM_RETRY_BASE_MS: '100',
      CARD_SIM_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'card-sim-')),
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
    async call(method, pathname, body) {
      const res =
        method === 'GET'
          ? await signedGet(new URL(pathname, url), opts.secret)
          : await signedPost(new URL(pathname, url), body, opts.secret);
      return res.json();
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
