import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signedGet, signedPost } from '@exchange/contracts/signed-request';
import { until } from './wait.js';

const simDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../matching-sim');

export interface BankSimProcess {
  url: string;
  /** A signed call to the bank's API (what `npm run sim:bank` does). */
  call<T = unknown>(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<T>;
  /** Moves the bank's clock to the exchange's (manual) time. */
  setClock(at: number): Promise<void>;
  /** How the next account opening ends. */
  setOpenOutcome(ok: boolean, reason?: string): Promise<void>;
  /** An incoming transfer from the bank's sandbox. */
  deposit(accountNumber: string, currency: string, amount: string): Promise<{ transferId: string }>;
  stop(): Promise<void>;
}

/**
 * Starts the simulated partner bank as its own process (as `npm start` does), calling back the
 * gateway at `callbackBaseUrl`. Openings are decided after `openSeconds` (default 0: at once).
 */
export async function startBankSim(opts: {
  port: number;
  secret: string;
  callbackBaseUrl: string;
  openSeconds?: number;
  retryBaseMs?: number;
}): Promise<BankSimProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bank-sim-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/sim/bank/main.ts'], {
    cwd: simDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
      BANK_SIM_PORT: String(opts.port),
      BANK_CALLBACK_SECRET: opts.secret,
      BANK_CALLBACK_BASE_URL: opts.callbackBaseUrl,
      BANK_SIM_OPEN_SECONDS: String(opts.openSeconds ?? 0),
      TIME_SCALE: '1',
      BANK_SIM_RETRY_BASE_MS: String(opts.retryBaseMs ?? 100),
      BANK_SIM_DATA_DIR: dataDir,
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
  const call = async <T>(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<T> => {
    const res =
      method === 'GET'
        ? await signedGet(new URL(pathname, url), opts.secret)
        : await signedPost(new URL(pathname, url), body, opts.secret);
    const answer = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`${res.status} ${answer.error ?? ''}`);
    return answer;
  };
  return {
    url,
    call,
    setClock: async (at) => {
      await call('POST', '/sandbox/clock', { at });
    },
    setOpenOutcome: async (ok, reason) => {
      await call('POST', '/sandbox/open-outcome', { ok, reason: reason ?? null });
    },
    deposit: (accountNumber, currency, amount) =>
      call('POST', '/sandbox/incoming', {
        accountNumber,
        currency,
        amount,
        payerName: 'Sandbox Payer',
        payerAccountNumber: '004000111222',
      }),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
