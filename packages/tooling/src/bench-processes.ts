// `npm run bench:processes`: each server process started as TypeScript through tsx and as its
// built JavaScript (npm run build:processes), three times each: the time to its "ready" line
// and its resident memory 5 s later. Against the installation `npm start` made (its database and
// .local/secrets.env), on ports and a Redis prefix of its own; no market makers or settlement.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildProcesses } from './build-processes.js';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from './services.js';
import { appDir, repoRoot } from './workspace.js';

const secrets = Object.fromEntries(
  readFileSync(path.join(repoRoot, '.local', 'secrets.env'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const scratch = path.join(tmpdir(), `bench-processes-${process.pid}`);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...secrets,
  DATABASE_URL: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
  REDIS_PREFIX: `bench-processes:${process.pid}:`,
  PORT: '8480',
  LOG_FORMAT: 'json',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  MARKET_MAKERS: 'false',
  SETTLEMENT: 'false',
  ENGINE_SHARD: '0',
  ENGINE_SYMBOLS: '[]',
  ENGINE_DATA_DIR: path.join(scratch, 'engine'),
  PRICE_FEED_ASSETS: '[]',
  KYC_SIM_PORT: '8481',
  KYC_SIM_DATA_DIR: path.join(scratch, 'kyc'),
  KYC_CALLBACK_URL: 'http://127.0.0.1:8480/v1/kyc/public/provider/callback',
};

const PROCESSES = [
  { name: 'gateway', app: 'gateway', entry: 'src/server.ts', ready: /Server listening/ },
  { name: 'engine', app: 'matching-sim', entry: 'src/main.ts', ready: /shard running/ },
  { name: 'KYC simulator', app: 'matching-sim', entry: 'src/sim/kyc/main.ts', ready: /listening/ },
];

function measure(cwd: string, args: string[], ready: RegExp): Promise<{ ms: number; mib: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let seen = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} was not ready in 60 s: ${out.slice(-500)}`));
    }, 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (seen || !ready.test(out)) return;
      seen = true;
      const ms = performance.now() - started;
      setTimeout(() => {
        const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve({ ms, mib: Number(rss?.[1] ?? 0) / 1024 });
      }, 5000);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

await buildProcesses();
console.log('process        | run as             | ready (ms, 3 runs) | RSS after 5 s (MiB)');
for (const p of PROCESSES) {
  const built = p.entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.mjs');
  for (const [how, args] of [
    ['tsx (TypeScript)', ['--import', 'tsx', p.entry]],
    ['node (built)', ['--enable-source-maps', built]],
  ] as const) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await measure(appDir(p.app), [...args], p.ready));
    console.log(
      `${p.name.padEnd(14)} | ${how.padEnd(18)} | ${runs
        .map((r) => Math.round(r.ms))
        .join(', ')
        .padEnd(18)} | ${runs.map((r) => Math.round(r.mib)).join(', ')}`,
    );
  }
}
