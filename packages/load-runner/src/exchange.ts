import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { SOCKET_ENDPOINT, WALLET_ENDPOINTS } from '@exchange/contracts';
import pg from 'pg';
import { deployMigrations, ensureDatabase } from '@exchange/tooling/db';
import { runSecrets } from '@exchange/tooling/secrets';
import { readProcs, type CpuSource } from './cpu.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const appDir = (name: string) => path.join(repoRoot, 'apps', name);
const MEMORY_PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.mjs');

export function log(text: string): void {
  process.stderr.write(`\x1b[36m›\x1b[0m ${new Date().toISOString().slice(11, 19)} ${text}\n`);
}

/** Refuses anything but this machine: the runner creates users and floods the target. */
export function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host))
    throw new Error(`The load runner only targets localhost, not ${host}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const c = new pg.Client({ connectionString: adminUrl(url) });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Runs a TypeScript entry of an app to completion and answers its stdout. */
function runTs(
  cwd: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${entry} exited ${code}: ${err.slice(-2000)}`)),
    );
  });
}

export interface Exchange {
  port: number;
  baseUrl: string;
  wsUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** The gateway's process group (with GATEWAY_PROCESSES > 1: the cluster primary's). */
  gatewayPid: number;
  workerPid: number;
  enginePid: number;
  gatewayProcesses: number;
  /** The process ids of the gateway's group now (the primary and its workers). */
  gatewayPids(): number[];
  /** The processes the runner started, for CPU accounting (by process group). */
  cpuSources(): CpuSource[];
  /** SIGTERM to both process groups, SIGKILL after 10 s; safe to call twice. */
  stop(): Promise<void>;
}

export interface ExchangeOptions {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  demoFunding: string;
  /**
   * Folder for `--cpu-prof` output of the gateway, worker and engine (a sub-folder each,
   * `<label>-gateway` and so on); none: no profile.
   */
  cpuProfDir?: string | undefined;
  /** HTTP gateway processes on the one port (GATEWAY_PROCESSES, node:cluster); 1 by default. */
  gatewayProcesses?: number;
  /** Matching engine shards (the symbols spread over them as ENGINE_SHARDS does); 1 by default. */
  engineShards?: number;
  /** Names the profile and memory-log folders of this exchange (e.g. `1gw`). */
  label?: string;
  /** Folder for the memory probe's logs (memory-probe.mjs) of the gateway and worker. */
  memoryLogDir?: string | undefined;
  /** A built web client for the gateway to serve (the web phase); none: the API only. */
  webDistDir?: string | undefined;
}

const running = new Set<ChildProcess>();

/** Kills every process group the runner started (called on any exit path). */
export function killAllSync(): void {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

function launch(
  name: string,
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onExit: (code: number | null) => void,
  onLine?: (line: string) => void,
): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      onLine?.(line);
      process.stderr.write(`[${name}] ${line.slice(0, 500)}\n`);
    });
  }
  child.on('exit', (code) => {
    running.delete(child);
    onExit(code);
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const pid = child.pid;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

/**
 * A fresh exchange: drops and migrates its own database, seeds it, and starts the gateway and
 * the matching engine (market makers off) as in `npm start`, each in its own process group. It
 * serves a web client only when given one (the web phase builds it).
 */
export async function startExchange(o: ExchangeOptions): Promise<Exchange> {
  assertLocal(o.databaseUrl);
  assertLocal(o.redisUrl);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-engine-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Secrets of this run's own (nothing written in the repository is ever accepted).
    ...runSecrets(),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: o.redisPrefix,
    MARKET_MAKERS: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    RATE_LIMIT_MAX: '100000000',
    // 2,000 socket clients from one address: far past the default per-IP handshake limit.
    SOCKET_RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
    DEMO_FUNDING: o.demoFunding,
    API_DOCS: 'false',
    ENGINE_DATA_DIR: dataDir,
  };
  delete env.WEB_DIST_DIR;
  delete env.NODE_OPTIONS;
  if (o.webDistDir) env.WEB_DIST_DIR = o.webDistDir;

  log(`fresh database ${new URL(o.databaseUrl).pathname.slice(1)}`);
  await dropDatabase(o.databaseUrl);
  await ensureDatabase(o.databaseUrl);
  await deployMigrations(o.databaseUrl);
  log('seeding');
  await runTs(appDir('gateway'), 'src/db/seed/run.ts', env);
  // The shard map, as `ENGINE_SHARDS=<n> npm start` makes it: one engine process per shard.
  const shardSpecs = JSON.parse(
    await runTs(appDir('gateway'), 'src/features/trading/orders/engine-symbols-cli.ts', env, [
      '--assign',
      String(o.engineShards ?? 1),
    ]),
  ) as Record<string, unknown[]>;

  const state: { failed: string | null } = { failed: null };
  // With a cluster: every gateway process must listen before the load, or connections opened
  // early all land on the first one.
  let listening = 0;
  const label = o.label ?? 'bench';
  const gatewayProcesses = o.gatewayProcesses ?? 1;
  const prof = (role: string) =>
    o.cpuProfDir
      ? ['--cpu-prof', '--cpu-prof-dir', path.join(o.cpuProfDir, `${label}-${role}`)]
      : [];
  const probe = (role: string): { args: string[]; env: NodeJS.ProcessEnv } =>
    o.memoryLogDir
      ? {
          args: ['--expose-gc', '--import', pathToFileURL(MEMORY_PROBE).href],
          env: { BENCH_MEMORY_LOG: path.join(o.memoryLogDir, `${label}-${role}.jsonl`) },
        }
      : { args: [], env: {} };
  // As `npm start` runs it: the HTTP gateway (GATEWAY_PROCESSES processes through its cluster
  // launcher), and a worker of the same code for settlement.
  const gateway = launch(
    'gateway',
    appDir('gateway'),
    [...prof('gateway'), ...probe('gateway').args, '--import', 'tsx', 'src/cluster.ts'],
    {
      ...env,
      ...probe('gateway').env,
      SETTLEMENT: 'false',
      GATEWAY_PROCESSES: String(gatewayProcesses),
    },
    (code) => {
      state.failed ??= `gateway exited (${code})`;
    },
    (line) => {
      if (/listening on port/.test(line)) listening++;
    },
  );
  const worker = launch(
    'worker',
    appDir('gateway'),
    [...prof('worker'), ...probe('worker').args, '--import', 'tsx', 'src/server.ts'],
    { ...env, ...probe('worker').env, LISTEN: 'false', SETTLEMENT: 'true' },
    (code) => {
      state.failed ??= `worker exited (${code})`;
    },
  );
  const engines = Object.entries(shardSpecs).map(([shard, specs], i) =>
    launch(
      i === 0 ? 'engine' : `engine-${shard}`,
      appDir('matching-sim'),
      [...prof(i === 0 ? 'engine' : `engine-${shard}`), '--import', 'tsx', 'src/main.ts'],
      { ...env, ENGINE_SHARD: shard, ENGINE_SYMBOLS: JSON.stringify(specs) },
      (code) => {
        state.failed ??= `engine ${shard} exited (${code})`;
      },
    ),
  );
  const engine = engines[0];
  if (!engine) throw new Error('the shard map names no shard');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    state.failed ??= 'stopped';
    await Promise.all([stopChild(gateway), stopChild(worker), ...engines.map(stopChild)]);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (state.failed) {
      const why = state.failed;
      await stop();
      throw new Error(`The exchange did not start: ${why}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The gateway was not ready within 90 s');
    }
    try {
      if (
        (gatewayProcesses === 1 || listening >= gatewayProcesses) &&
        (await fetch(`${baseUrl}/ready`)).ok
      )
        break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  log(`exchange running at ${baseUrl} (gateway pid ${gateway.pid})`);
  return {
    port,
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}${SOCKET_ENDPOINT.path}`,
    databaseUrl: o.databaseUrl,
    redisUrl: o.redisUrl,
    redisPrefix: o.redisPrefix,
    gatewayPid: gateway.pid ?? 0,
    workerPid: worker.pid ?? 0,
    enginePid: engine.pid ?? 0,
    gatewayProcesses,
    gatewayPids: () =>
      readProcs()
        .filter((p) => p.pgrp === gateway.pid)
        .map((p) => p.pid),
    cpuSources: () => [
      { name: 'gateway', pgrp: gateway.pid ?? -1 },
      { name: 'worker', pgrp: worker.pid ?? -1 },
      ...engines.map((e, i) => ({
        name: i === 0 ? 'engine' : `engine-${i}`,
        pgrp: e.pid ?? -1,
      })),
    ],
    stop,
  };
}

export interface BenchUser {
  userId: string;
  token: string;
}

/**
 * Users with live sessions written straight into Postgres the way the gateway's tests sign in
 * (the slide puzzle and argon2 are bypassed: a benchmark of trading, not of logging in).
 */
export async function createUsers(databaseUrl: string, count: number): Promise<BenchUser[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const tag = randomBytes(3).toString('hex');
    const emails = Array.from({ length: count }, (_, i) => `bench-${tag}-${i}@bench.test`);
    const uids = Array.from({ length: count }, (_, i) => `9${tag}${String(i).padStart(5, '0')}`);
    const users = await c.query<{ id: string; email: string }>(
      `INSERT INTO app_user (id, uid, email, "updatedAt")
       SELECT gen_random_uuid(), u, e, now() FROM unnest($1::text[], $2::text[]) AS t(u, e)
       RETURNING id, email`,
      [uids, emails],
    );
    const byEmail = new Map(users.rows.map((r) => [r.email, r.id]));
    const out = emails.map((e) => ({
      userId: byEmail.get(e) ?? '',
      token: randomBytes(32).toString('base64url'),
    }));
    await c.query(
      `INSERT INTO session (id, "userId", "accessTokenHash", "accessExpiresAt")
       SELECT gen_random_uuid(), u::uuid, h, now() + interval '1 day' FROM unnest($1::text[], $2::text[]) AS t(u, h)`,
      [
        out.map((u) => u.userId),
        out.map((u) => createHash('sha256').update(u.token).digest('hex')),
      ],
    );
    return out;
  } finally {
    await c.end();
  }
}

/** Demo funds are credited on a user's first request in Demo: do it before measuring. */
export async function fundUsers(baseUrl: string, users: readonly BenchUser[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const u = users[next++];
      if (!u) return;
      const res = await fetch(`${baseUrl}${WALLET_ENDPOINTS.balances.path}`, {
        headers: { authorization: `Bearer ${u.token}`, 'runtime-mode': '1' },
      });
      if (!res.ok) throw new Error(`funding failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Deletes only the keys of this run's prefix (never FLUSHDB). */
export async function deletePrefix(redisUrl: string, prefix: string): Promise<number> {
  if (!prefix || prefix.length < 4) throw new Error('refusing to delete an empty prefix');
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) deleted += await redis.del(...keys);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Waits until settlement has caught up: no PENDING orders and the cursor has stopped moving. */
export async function waitSettled(
  databaseUrl: string,
  timeoutMs: number,
): Promise<{ pending: number; settled: boolean }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    let lastSeq = -1;
    for (;;) {
      const p = await c.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM spot_order WHERE status = 'PENDING'`,
      );
      const s = await c.query<{ seq: string | null }>(
        `SELECT sum("lastSeq")::text AS seq FROM engine_cursor`,
      );
      const pending = Number(p.rows[0]?.n ?? 0);
      const seq = Number(s.rows[0]?.seq ?? 0);
      if (pending === 0 && seq === lastSeq) return { pending, settled: true };
      if (Date.now() > deadline) return { pending, settled: false };
      lastSeq = seq;
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await c.end();
  }
}
