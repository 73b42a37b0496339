// `npm run test:faults`: a fresh exchange under sustained crossing load, and one fault after
// another (kill -9 of the engine, the worker and the gateway; Postgres dropping every
// connection; the engine's Redis streams deleted; the whole exchange stopped and started again
// with Redis flushed). After each it waits for quiet and checks what an operator would: no order
// PENDING, every order's fills equal to its trades and never beyond its size, the ledger audit
// at zero; at the end the engine's book (its shutdown snapshot) and the database's open orders
// agree. It prints one table with the recovery time of each fault, and exits 1 on any failure.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { SPOT_ORDER_ENDPOINTS } from '@exchange/contracts';
import pg from 'pg';
import { deployMigrations, ensureDatabase } from '@exchange/tooling/db';
import { Supervisor } from '@exchange/tooling/supervisor';
import { runSecrets } from '@exchange/tooling/secrets';
import { runAudit } from './audit.js';
import {
  assertLocal,
  createUsers,
  dropDatabase,
  freePort,
  fundUsers,
  log,
  repoRoot,
  type BenchUser,
} from './exchange.js';
import { AMOUNT, SYMBOL } from './orders.js';

const DATABASE_URL =
  process.env.FAULTS_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_faults';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = 'faults:';
const RATE = Number(process.env.FAULTS_RATE ?? 100);
const appDir = (name: string) => path.join(repoRoot, 'apps', name);

interface Running {
  baseUrl: string;
  supervisor: Supervisor;
  dataDir: string;
  env: NodeJS.ProcessEnv;
}

async function runTs(cwd: string, entry: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd, env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${entry}: ${code}`)),
    );
  });
}

/** Starts gateway, worker and engine under the same supervisor `npm start` uses. */
async function start(env: NodeJS.ProcessEnv, dataDir: string): Promise<Running> {
  const supervisor = new Supervisor({
    firstDelayMs: 500,
    log: (line) => {
      if (/exited|again|giving up|ERROR|FATAL|"level":(50|60)/.test(line))
        process.stderr.write(`${line.slice(0, 300)}\n`);
    },
  });
  const node = (name: string, cwd: string, entry: string, extra: NodeJS.ProcessEnv) =>
    supervisor.start({
      name,
      colour: 0,
      command: process.execPath,
      args: ['--import', 'tsx', entry],
      cwd,
      env: { ...env, ...extra },
    });
  node('gateway', appDir('gateway'), 'src/server.ts', { SETTLEMENT: 'false' });
  node('worker', appDir('gateway'), 'src/server.ts', { LISTEN: 'false', SETTLEMENT: 'true' });
  node('engine', appDir('matching-sim'), 'src/main.ts', {});
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  await until(async () => (await fetch(`${baseUrl}/ready`).catch(() => null))?.ok === true, 90_000);
  return { baseUrl, supervisor, dataDir, env };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Crossing pairs at `RATE` orders/s from alternate users until stopped; counts answers. */
function load(baseUrl: () => string, users: readonly BenchUser[]) {
  let stopped = false;
  const counts = { sent: 0, ok: 0, failed: 0 };
  let k = 0;
  const tick = async () => {
    const pair = Math.floor(k / 2) % (users.length / 2);
    const side = k % 2 === 0 ? 'BUY' : 'SELL';
    const user = users[pair * 2 + (side === 'SELL' ? 1 : 0)];
    k += 1;
    if (!user) return;
    counts.sent += 1;
    try {
      const res = await fetch(`${baseUrl()}${SPOT_ORDER_ENDPOINTS.place.path}`, {
        method: SPOT_ORDER_ENDPOINTS.place.method,
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/json',
          'runtime-mode': '1',
        },
        body: JSON.stringify({
          symbol: SYMBOL,
          side,
          type: 'LIMIT',
          price: '50000',
          amount: AMOUNT,
        }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json()) as { code: string };
      if (body.code === '200') counts.ok += 1;
      else counts.failed += 1;
    } catch {
      counts.failed += 1;
    }
  };
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, 1000 / RATE);
  return {
    counts,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** What the database says after quiet: each a number that must be zero. */
async function check(db: pg.Client): Promise<Record<string, number>> {
  const one = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  return {
    pending: await one(`SELECT count(*)::text AS n FROM spot_order WHERE status = 'PENDING'`),
    'fills != trades': await one(`SELECT count(*)::text AS n FROM spot_order o
      LEFT JOIN (SELECT id, sum(q) AS q FROM (
        SELECT "makerOrderId" AS id, quantity AS q FROM spot_trade
        UNION ALL SELECT "takerOrderId", quantity FROM spot_trade) t GROUP BY id) t ON t.id = o.id
      WHERE o."filledQuantity" <> coalesce(t.q, 0)`),
    overfilled: await one(`SELECT count(*)::text AS n FROM spot_order
      WHERE quantity IS NOT NULL AND "filledQuantity" > quantity`),
  };
}

/** Waits until no order is PENDING and the settlement cursor stands still for two seconds. */
async function quiet(db: pg.Client, ms: number): Promise<number> {
  let last = -1;
  let still = 0;
  return until(async () => {
    const pending = Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM spot_order WHERE status = 'PENDING'`,
        )
      ).rows[0]?.n,
    );
    const seq = Number(
      (await db.query<{ s: string | null }>(`SELECT max("lastSeq")::text AS s FROM engine_cursor`))
        .rows[0]?.s ?? 0,
    );
    still = seq === last ? still + 1 : 0;
    last = seq;
    return pending === 0 && still >= 8;
  }, ms);
}

async function main(): Promise<number> {
  assertLocal(DATABASE_URL);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'faults-engine-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Secrets of this run's own (nothing written in the repository is ever accepted).
    ...runSecrets(),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    MARKET_MAKERS: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
    DEMO_FUNDING: 'USDT=10000000,BTC=1000',
    API_DOCS: 'false',
    ENGINE_DATA_DIR: dataDir,
    ENGINE_SNAPSHOT_EVERY: '2000',
  };
  delete env.NODE_OPTIONS;
  delete env.WEB_DIST_DIR;
  const redis = new Redis(REDIS_URL);
  const flush = async () => {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
  };
  log(`fresh database ${new URL(DATABASE_URL).pathname.slice(1)}`);
  await flush();
  await dropDatabase(DATABASE_URL);
  await ensureDatabase(DATABASE_URL);
  await deployMigrations(DATABASE_URL);
  await runTs(appDir('gateway'), 'src/db/seed/run.ts', env);
  env.ENGINE_SYMBOLS = (
    await runTs(appDir('gateway'), 'src/features/trading/orders/engine-symbols-cli.ts', env)
  ).trim();

  let ex = await start(env, dataDir);
  // Children run in their own process groups: whatever ends this run must not leave them behind
  // (an orphaned worker would hold the settlement lock of the next run).
  process.on('exit', () => ex.supervisor.killAll());
  const users = await createUsers(DATABASE_URL, 20);
  await fundUsers(ex.baseUrl, users);
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const kill9 = async (name: 'engine' | 'worker' | 'gateway') => {
    const pid = ex.supervisor.pid(name);
    if (pid === undefined) throw new Error(`${name} is not running`);
    process.kill(pid, 'SIGKILL');
  };
  const faults: [string, () => Promise<void>][] = [
    ['kill -9 the engine', () => kill9('engine')],
    ['kill -9 the worker (settlement)', () => kill9('worker')],
    ['kill -9 the gateway', () => kill9('gateway')],
    [
      'Postgres drops every connection',
      async () => {
        await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      },
    ],
    [
      "the engine's Redis streams deleted",
      async () => {
        await redis.del(`${PREFIX}engine:{0}:events`, `${PREFIX}engine:{0}:commands`);
      },
    ],
    [
      'stop everything, Redis flushed, start again',
      async () => {
        await ex.supervisor.stop(['gateway', 'worker', 'engine']);
        await flush();
        ex = await start(env, dataDir);
      },
    ],
  ];

  const rows: string[][] = [];
  let failures = 0;
  const traffic = load(() => ex.baseUrl, users);
  await new Promise((r) => setTimeout(r, 5000));
  for (const [name, inject] of faults) {
    const before = { ...traffic.counts };
    const at = Date.now();
    await inject();
    await new Promise((r) => setTimeout(r, 5000));
    traffic.stop();
    let recovered = 'no';
    let found: Record<string, number> = {};
    try {
      await quiet(db, 120_000);
      recovered = `${((Date.now() - at) / 1000).toFixed(1)} s`;
      found = await check(db);
    } catch (err) {
      found = { 'not quiet in 120 s': 1 };
      log(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const audit = await runAudit(DATABASE_URL);
    const bad = Object.entries(found).filter(([, n]) => n !== 0);
    if (bad.length || !audit.ok) failures += 1;
    rows.push([
      name,
      String(traffic.counts.ok - before.ok),
      recovered,
      bad.length ? bad.map(([k, n]) => `${k}: ${n}`).join(', ') : 'none',
      audit.ok ? 'zero differences' : 'DIFFERENCES',
    ]);
    log(`${name}: recovered ${recovered}; ${rows.at(-1)?.[3]}; audit ${rows.at(-1)?.[4]}`);
    Object.assign(
      traffic,
      load(() => ex.baseUrl, users),
    );
  }
  traffic.stop();
  await quiet(db, 120_000).catch(() => undefined);

  // The engine's book at its shutdown snapshot against the database's resting orders.
  await ex.supervisor.stop(['gateway', 'worker', 'engine']);
  const engineOrders = restingInSnapshot(path.join(dataDir, 'shard-0'));
  const dbOrders = (
    await db.query<{ id: string }>(
      `SELECT id::text FROM spot_order WHERE status IN ('NEW', 'PARTIALLY_FILLED', 'TRIGGERED')
       AND price IS NOT NULL AND mode = 1`,
    )
  ).rows.map((r) => r.id);
  const onlyEngine = [...engineOrders].filter((id) => !dbOrders.includes(id));
  const onlyDb = dbOrders.filter((id) => !engineOrders.has(id));
  if (onlyEngine.length || onlyDb.length) failures += 1;
  await db.end();
  await flush();
  redis.disconnect();
  rmSync(dataDir, { recursive: true, force: true });

  print(
    `\nFault injection ${new Date().toISOString()}, ${RATE} orders/s offered, ${os.cpus().length} cores\n`,
  );
  print(
    markdown(
      [
        'fault',
        'orders accepted in its window',
        'quiet again (from the fault; load goes on 5 s)',
        'database checks',
        'ledger audit',
      ],
      rows,
    ),
  );
  print(
    `\nengine book vs database at the end: ${engineOrders.size} resting orders in the engine, ${dbOrders.length} in the database; only in the engine: ${onlyEngine.length}, only in the database: ${onlyDb.length}`,
  );
  print(failures === 0 ? '\nall checks passed' : `\n${failures} check(s) failed`);
  return failures === 0 ? 0 : 1;
}

/** The ids of the orders resting in the engine's shutdown snapshot (the Demo books, `1:…`). */
function restingInSnapshot(dir: string): Set<string> {
  const ids = new Set<string>();
  if (!readdirSync(dir).includes('snapshot.json')) return ids;
  const snap = JSON.parse(readFileSync(path.join(dir, 'snapshot.json'), 'utf8')) as {
    shard: { symbols: [string, { orders: string | { orderId: number }[] }][] };
  };
  for (const [key, state] of snap.shard.symbols) {
    if (!key.startsWith('1:')) continue;
    if (typeof state.orders !== 'string') {
      for (const o of state.orders) ids.add(String(o.orderId));
      continue;
    }
    // Packed: 8 numbers per order, the order id first (apps/matching-sim/src/engine/pack.ts).
    const bytes = Buffer.from(state.orders, 'base64');
    const a = new Float64Array(bytes.length / 8);
    new Uint8Array(a.buffer).set(bytes);
    for (let i = 0; i + 8 <= a.length; i += 8) ids.add(String(a[i]));
  }
  return ids;
}

const print = (text: string) => process.stdout.write(`${text}\n`);

function markdown(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(w[i] ?? 0)).join(' | ')} |`;
  return [line(head), `|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`, ...rows.map(line)].join(
    '\n',
  );
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
