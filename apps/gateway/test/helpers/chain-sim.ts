import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signedGet, signedPost } from '@exchange/contracts/signed-request';
import { until } from './wait.js';

const simDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../matching-sim');

export interface ChainSimProcess {
  url: string;
  /** A signed call to the chain's API (what `npm run sim:chain` does). */
  call<T = unknown>(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<T>;
  send(
    network: string,
    address: string,
    amount: string,
    asset?: string,
  ): Promise<{ txId: string; outputIndex: number }>;
  mine(network: string, blocks?: number): Promise<number>;
  reorg(network: string, blocks: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the simulated chains as their own process (as `npm start` does). Blocks come only on
 * command (`mine`) unless `blockSeconds` is given, so tests count confirmations exactly.
 */
export async function startChainSim(opts: {
  port: number;
  secret: string;
  callbackUrl?: string;
  blockSeconds?: string;
  retryBaseMs?: number;
}): Promise<ChainSimProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chain-sim-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sim/chain/main.ts'],
    {
      cwd: simDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
        CHAIN_SIM_PORT: String(opts.port),
        CHAIN_CALLBACK_SECRET: opts.secret,
        CHAIN_HD_SEED: randomBytes(32).toString('hex'),
        ...(opts.callbackUrl ? { CHAIN_CALLBACK_URL: opts.callbackUrl } : {}),
        CHAIN_BLOCK_SECONDS:
          opts.blockSeconds ??
          'BTC=100000000,ETH=100000000,TRX=100000000,SOL=100000000,XRP=100000000',
        TIME_SCALE: '1',
        CHAIN_SIM_RETRY_BASE_MS: String(opts.retryBaseMs ?? 100),
        CHAIN_SIM_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
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
    send: (network, address, amount, asset) =>
      call('POST', '/faucet', { network, address, amount, ...(asset ? { asset } : {}) }),
    mine: async (network, blocks = 1) =>
      (await call<{ height: number }>('POST', '/mine', { network, blocks })).height,
    reorg: async (network, blocks) => {
      await call('POST', '/reorg', { network, blocks });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
