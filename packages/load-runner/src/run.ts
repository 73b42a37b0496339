// The load-test runner (`pnpm bench`): starts a fresh exchange on this machine, measures the
// web client's first load in Chromium, the order path (REST, autocannon), the socket fan-out (ws
// clients in worker threads), a pgbench reference and the ledger audit, and prints one table.
// Only targets localhost.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAudit, type AuditResult } from './audit.js';
import {
  assertLocal,
  createUsers,
  deletePrefix,
  fundUsers,
  killAllSync,
  log,
  repoRoot,
  startExchange,
  waitSettled,
  type Exchange,
} from './exchange.js';
import { performance } from 'node:perf_hooks';
import {
  cpuPressureMicros,
  cpuSeconds,
  cpuSnapshot,
  LOAD_GENERATOR,
  type CpuSnapshot,
  type CpuSource,
} from './cpu.js';
import {
  runOrderPath,
  searchMaxRate,
  type MaxRateResult,
  type OrderPathResult,
} from './order-path.js';
import { readProfiles, renderProfile } from './profile.js';
import { runPgbench } from './pgbench.js';
import { runSocketPhase, type SocketPhaseResult } from './socket-phase.js';
import { judgeFlat, slope, warmupOf } from './stats.js';
import { kb, ms, num, renderGrid, renderTable, type GridRow } from './table.js';
import { buildWebClient, runWebPhase, type PageResult, type WebPhaseResult } from './web-phase.js';

const int = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number`);
  return n;
};

const cfg = {
  seconds: int('BENCH_SECONDS', 60),
  warmupSeconds: int('BENCH_WARMUP_SECONDS', 10),
  orderRate: int('BENCH_ORDER_RATE', 2000),
  connections: int('BENCH_CONNECTIONS', 64),
  users: int('BENCH_USERS', 200),
  sampleUsers: int('BENCH_FILL_SAMPLE_USERS', 20),
  clients: int('BENCH_CLIENTS', 5000),
  workers: int('BENCH_WORKERS', 2),
  socketRate: int('BENCH_SOCKET_ORDER_RATE', 200),
  pgbenchSeconds: int('BENCH_PGBENCH_SECONDS', 10),
  maxStepSeconds: int('BENCH_MAX_STEP_SECONDS', 10),
  maxStartRate: int('BENCH_MAX_START_RATE', 2000),
  maxStepRate: int('BENCH_MAX_STEP_RATE', 500),
  maxRateLimit: int('BENCH_MAX_RATE', 10000),
  stepConnectionMs: int('BENCH_STEP_CONNECTION_MS', 50),
  /** Matching engine shards (ENGINE_SHARDS); with more than one the orders take turns over a symbol of each. */
  shards: int('BENCH_SHARDS', 1),
  gateways: (process.env.BENCH_GATEWAYS ?? '1,2')
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1),
  webRuns: int('BENCH_WEB_RUNS', 5),
  phases: (process.env.BENCH_PHASES ?? 'web,orders,sockets,pgbench,audit')
    .split(',')
    .map((s) => s.trim()),
  databaseUrl:
    process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_bench',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  cpuProfDir: process.env.BENCH_CPU_PROF_DIR
    ? path.resolve(process.env.BENCH_CPU_PROF_DIR)
    : undefined,
};

/** What one exchange (with a given number of gateway processes) measured. */
interface GatewayRun {
  gateways: number;
  label: string;
  orders?: OrderPathResult;
  /** CPU seconds per process during the fixed-rate measurement. */
  ordersCpu?: Map<string, number>;
  maxRate?: MaxRateResult;
  sockets?: SocketPhaseResult;
  socketsCpu?: Map<string, number>;
  /** Share of the measured time in which some task on the machine waited for a CPU (PSI). */
  ordersPressure?: number;
  socketsPressure?: number;
  /** The worker's heap (memory probe) over the socket phase's judged window. */
  workerHeap?: HeapSummary | undefined;
  /** The worker's heap over the order phase (warm-up, fixed rate and the rate search). */
  workerHeapOrders?: HeapSummary | undefined;
  gatewayHeap?: HeapSummary | undefined;
  settled?: { pending: number; settled: boolean };
  audit?: AuditResult;
  profiles: string[];
}

interface ProbeLine {
  at: number;
  pid: number;
  live: boolean;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

interface HeapSummary {
  text: string;
  /** Judged on the samples after a forced full GC; undefined with fewer than 4 of them. */
  heapFlat: boolean | undefined;
  samples: string;
}

/** The memory probe's lines of one process between two moments, summarised. */
function heapSummary(file: string, from: number, to: number): HeapSummary | undefined {
  let lines: ProbeLine[];
  try {
    lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ProbeLine);
  } catch {
    return undefined;
  }
  // One process (with a cluster: the busiest, i.e. the largest heap at the end).
  const pids = [...new Set(lines.map((l) => l.pid))];
  const inWindow = (pid: number) =>
    lines.filter((l) => l.pid === pid && l.at >= from && l.at <= to);
  const pid = pids.sort(
    (a, b) => (inWindow(b).at(-1)?.heapUsed ?? 0) - (inWindow(a).at(-1)?.heapUsed ?? 0),
  )[0];
  if (pid === undefined) return undefined;
  const w = inWindow(pid);
  if (w.length < 2) return undefined;
  const t0 = w[0]?.at ?? from;
  // Heap used between collections includes garbage (V8 lets the old space fill before a full
  // collection): only the samples right after a forced full GC judge live memory.
  const live = w.filter((l) => l.live);
  const heap = judgeFlat(
    live.map((l) => ({ t: (l.at - t0) / 1000, mb: l.heapUsed })),
    0,
  );
  const liveSlope = slope(live.map((l) => ({ x: (l.at - t0) / 60_000, y: l.heapUsed })));
  const first = w[0];
  const last = w[w.length - 1];
  const fmt = (l: ProbeLine | undefined) =>
    l
      ? `rss ${l.rss.toFixed(0)}, heap used ${l.heapUsed.toFixed(0)} of ${l.heapTotal.toFixed(0)}, external ${l.external.toFixed(0)} (buffers ${l.arrayBuffers.toFixed(0)})`
      : 'n/a';
  return {
    heapFlat: heap.judged ? heap.flat : undefined,
    text:
      `pid ${pid}: first ${fmt(first)}; last ${fmt(last)} MB` +
      (live.length >= 2
        ? `; live heap (after a full GC, ${live.length} samples) ${live[0]?.heapUsed.toFixed(0)} -> ${live[live.length - 1]?.heapUsed.toFixed(0)} MB (${liveSlope.toFixed(1)} MB/min)${`, ${heap.verdict}`}`
        : '; no full-GC samples (BENCH_MEMORY_GC_EVERY) to judge the live heap'),
    samples: w
      .map(
        (l) =>
          `${((l.at - t0) / 1000).toFixed(0)}:${l.rss.toFixed(0)}/${l.heapUsed.toFixed(0)}${l.live ? '*' : ''}/${(l.external + 0).toFixed(0)}`,
      )
      .join(' '),
  };
}

/**
 * The symbols the order phase trades: BENCH_SYMBOLS, or with BENCH_SHARDS > 1 the catalogue's
 * first symbols, one per shard (the shard map spreads them in catalogue order: BTC_USDT on shard
 * 0, ETH_USDT on shard 1).
 */
const benchSymbols = (
  process.env.BENCH_SYMBOLS ??
  ['BTC_USDT', 'ETH_USDT'].slice(0, Math.min(2, Math.max(1, cfg.shards))).join(',')
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

async function main(): Promise<number> {
  assertLocal(cfg.databaseUrl);
  assertLocal(cfg.redisUrl);
  if (cfg.users % 2 !== 0) throw new Error('BENCH_USERS must be even');
  if (cfg.gateways.length === 0) throw new Error('BENCH_GATEWAYS must list 1 or more counts');
  const started = new Date();
  if (cfg.cpuProfDir) mkdirSync(cfg.cpuProfDir, { recursive: true });
  const memoryDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  let webDistDir: string | undefined;
  let web: WebPhaseResult | undefined;
  let pgbench: { tps: number } | undefined;
  const runs: GatewayRun[] = [];
  const problems: string[] = [];
  const prefixes: string[] = [];
  const loaded = cfg.phases.includes('orders') || cfg.phases.includes('sockets');
  try {
    if (cfg.phases.includes('web')) {
      try {
        webDistDir = await buildWebClient();
      } catch (err) {
        problems.push(`web build: ${String(err)}`);
      }
    }
    // The web phase, the audit alone or pgbench alone need one exchange at most.
    const counts = loaded ? cfg.gateways : cfg.gateways.slice(0, 1);
    for (const [i, gateways] of counts.entries()) {
      const label = `${gateways}gw`;
      const run: GatewayRun = { gateways, label, profiles: [] };
      runs.push(run);
      const prefix = `bench:${started.getTime()}:${label}:`;
      prefixes.push(prefix);
      let exchange: Exchange | undefined;
      try {
        exchange = await startExchange({
          databaseUrl: cfg.databaseUrl,
          redisUrl: cfg.redisUrl,
          redisPrefix: prefix,
          demoFunding: 'USDT=100000000,BTC=100000,ETH=100000',
          engineShards: cfg.shards,
          cpuProfDir: cfg.cpuProfDir,
          webDistDir: i === 0 ? webDistDir : undefined,
          gatewayProcesses: gateways,
          label,
          memoryLogDir: memoryDir,
        });
        const ex = exchange;
        log(`exchange with ${gateways} gateway process(es): ${ex.gatewayPids().join(', ')}`);
        const sources: CpuSource[] = [
          ...ex.cpuSources(),
          { name: 'postgres', comm: 'postgres' },
          { name: 'redis', comm: 'redis-server' },
          { name: LOAD_GENERATOR, pid: process.pid },
        ];
        // CPU seconds per process, and the share of the time some task waited for a CPU.
        const meter = (done: (cpu: Map<string, number>, pressure: number) => void) => {
          let before: CpuSnapshot | undefined;
          let p0 = 0;
          let t0 = 0;
          return (edge: 'start' | 'end') => {
            if (edge === 'start') {
              before = cpuSnapshot(sources);
              p0 = cpuPressureMicros();
              t0 = performance.now();
            } else if (before)
              done(
                cpuSeconds(before, cpuSnapshot(sources)),
                (cpuPressureMicros() - p0) / 1000 / (performance.now() - t0),
              );
          };
        };
        // First, on an idle exchange: a page load is not what the load phases measure.
        if (i === 0 && webDistDir) {
          try {
            web = await runWebPhase({
              baseUrl: ex.baseUrl,
              distDir: webDistDir,
              runs: Math.max(1, cfg.webRuns),
            });
          } catch (err) {
            problems.push(`web: ${String(err)}`);
          }
        }
        const users = loaded ? await createUsers(cfg.databaseUrl, cfg.users) : [];
        if (loaded) {
          log(`${users.length} users with sessions; funding them in Demo`);
          await fundUsers(ex.baseUrl, users);
        }
        if (cfg.phases.includes('orders')) {
          const ordersFrom = Date.now();
          try {
            run.orders = await runOrderPath({
              baseUrl: ex.baseUrl,
              wsUrl: ex.wsUrl,
              users,
              rate: cfg.orderRate,
              seconds: cfg.seconds,
              warmupSeconds: cfg.warmupSeconds,
              connections: cfg.connections,
              sampleUsers: cfg.sampleUsers,
              symbols: benchSymbols,
              onMeasured: meter((cpu, pressure) => {
                run.ordersCpu = cpu;
                run.ordersPressure = pressure;
              }),
            });
          } catch (err) {
            problems.push(`${label} order path: ${String(err)}`);
          }
          run.settled = await waitSettled(cfg.databaseUrl, 60_000);
          if (cfg.maxStepSeconds > 0) {
            try {
              run.maxRate = await searchMaxRate({
                baseUrl: ex.baseUrl,
                wsUrl: ex.wsUrl,
                users,
                startRate: cfg.maxStartRate,
                stepRate: cfg.maxStepRate,
                maxRate: cfg.maxRateLimit,
                stepSeconds: cfg.maxStepSeconds,
                minConnections: cfg.connections,
                connectionMs: cfg.stepConnectionMs,
                p99LimitMs: 100,
                between: () => waitSettled(cfg.databaseUrl, 30_000),
                symbols: benchSymbols,
              });
            } catch (err) {
              problems.push(`${label} max rate search: ${String(err)}`);
            }
          }
          run.workerHeapOrders = heapSummary(
            path.join(memoryDir, `${label}-worker.jsonl`),
            ordersFrom,
            Date.now(),
          );
        }
        if (cfg.phases.includes('sockets')) {
          let from = 0;
          let to = 0;
          const cpu = meter((c, pressure) => {
            run.socketsCpu = c;
            run.socketsPressure = pressure;
          });
          try {
            run.sockets = await runSocketPhase({
              wsUrl: ex.wsUrl,
              gatewayPids: () => ex.gatewayPids(),
              workerPid: ex.workerPid,
              onMeasured: (edge) => {
                cpu(edge);
                if (edge === 'start') from = Date.now();
                else to = Date.now();
              },
              users,
              clients: cfg.clients,
              workers: cfg.workers,
              rate: cfg.socketRate,
              seconds: cfg.seconds,
            });
            const judgedFrom = from + warmupOf((to - from) / 1000) * 1000;
            run.workerHeap = heapSummary(
              path.join(memoryDir, `${label}-worker.jsonl`),
              judgedFrom,
              to,
            );
            run.gatewayHeap = heapSummary(
              path.join(memoryDir, `${label}-gateway.jsonl`),
              judgedFrom,
              to,
            );
          } catch (err) {
            problems.push(`${label} socket fan-out: ${String(err)}`);
          }
        }
        if (loaded || cfg.phases.includes('audit')) {
          log('waiting for settlement to catch up');
          run.settled = await waitSettled(cfg.databaseUrl, 60_000);
        }
        await ex.stop();
        if (cfg.phases.includes('audit')) run.audit = await runAudit(cfg.databaseUrl);
      } catch (err) {
        problems.push(`${label}: ${String(err)}`);
      } finally {
        await exchange?.stop();
      }
      if (cfg.cpuProfDir)
        for (const role of ['gateway', 'worker', 'engine']) {
          const profiles = readProfiles(
            path.join(cfg.cpuProfDir, `${label}-${role}`),
            15,
            repoRoot,
          );
          for (const p of profiles)
            run.profiles.push(
              renderProfile(`${role} (${gateways} gateway process${gateways > 1 ? 'es' : ''})`, p),
            );
        }
    }
    if (cfg.phases.includes('pgbench')) {
      try {
        pgbench = await runPgbench({ databaseUrl: cfg.databaseUrl, seconds: cfg.pgbenchSeconds });
      } catch (err) {
        problems.push(`pgbench: ${String(err)}`);
      }
    }
  } finally {
    killAllSync();
    if (webDistDir) rmSync(webDistDir, { recursive: true, force: true });
    for (const prefix of prefixes)
      await deletePrefix(cfg.redisUrl, prefix).catch((err: unknown) =>
        problems.push(`redis cleanup: ${String(err)}`),
      );
  }

  const out = [''];
  if (web) out.push(renderTable('Web client, first load', webRows(web)), '');
  out.push(
    `Engine shards: ${cfg.shards} (orders over ${benchSymbols.join(', ')}); one settlement consumer per shard in the worker`,
  );
  out.push(...renderRuns(runs, pgbench));
  if (cfg.cpuProfDir) {
    out.push(
      '',
      `Where the CPU goes: each exchange process's ${cfg.cpuProfDir} profile (node --cpu-prof, its whole life: warm-up and every phase), top 15 functions by self time`,
    );
    for (const r of runs) out.push(...r.profiles);
  }
  rmSync(memoryDir, { recursive: true, force: true });
  for (const p of problems) out.push(`PROBLEM: ${p}`);
  process.stdout.write(`${out.join('\n')}\n`);
  return problems.length || runs.some((r) => r.audit && !r.audit.ok) ? 1 : 0;
}

function webRows(web: WebPhaseResult): [string, string, string?][] {
  const encodings = (p: PageResult) =>
    Object.entries(p.encodings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const js = (p: PageResult) =>
    `${kb(p.scripts.encoded)} (${p.scripts.files} files, ${kb(p.scripts.decoded)} decoded)`;
  return [
    [
      `web: landing page JS transferred, cold cache (median of ${web.landing.runs})`,
      js(web.landing),
      '< 200 kB',
    ],
    ['web: landing page Largest Contentful Paint (median)', ms(web.landing.lcpMs), '< 1,000 ms'],
    [
      'web: landing page JS as gzip (plain HTTP beyond localhost: no brotli)',
      kb(web.landing.scripts.gzip),
      '',
    ],
    ['web: trade page JS transferred, cold cache', js(web.trade), ''],
    ['web: trade page Largest Contentful Paint (median)', ms(web.trade.lcpMs), ''],
    [
      'web: requests per load, landing / trade (of them /v1 API)',
      `${web.landing.requests} (${web.landing.apiRequests}) / ${web.trade.requests} (${web.trade.apiRequests})`,
      '',
    ],
    [
      'web: script responses by content-encoding, landing / trade',
      `${encodings(web.landing)} / ${encodings(web.trade)}`,
      'br',
    ],
  ];
}

const verdict = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? 'met' : 'MISSED');
const CPU_ORDER = ['gateway', 'worker', 'engine', 'postgres', 'redis'];

function renderRuns(runs: GatewayRun[], pgbench: { tps: number } | undefined): string[] {
  const tps = pgbench?.tps ?? Number.NaN;
  const ratio = (perSecond: number) =>
    Number.isFinite(tps) && Number.isFinite(perSecond) ? num(perSecond / tps, 3) : 'n/a';
  const rows: GridRow[] = [];
  const each = (f: (r: GatewayRun) => [string, (boolean | undefined)?] | undefined) =>
    runs.map((r): [string, (boolean | undefined)?] => f(r) ?? ['']);
  const row = (
    figure: string,
    f: (r: GatewayRun) => [string, (boolean | undefined)?] | undefined,
    target = '',
    pg?: (r: GatewayRun) => string,
  ) => {
    const cells = each(f);
    if (cells.every((c) => c[0] === '')) return;
    rows.push({
      figure,
      values: cells.map((c) => c[0]),
      target,
      pgbench: pg ? [...new Set(runs.map(pg))].join(' / ') : '',
      verdict: cells.some((c) => c[1] !== undefined)
        ? cells.map((c) => verdict(c[1]) || '-').join(' / ')
        : '',
    });
  };
  const o =
    (f: (x: OrderPathResult, r: GatewayRun) => [string, (boolean | undefined)?]) =>
    (r: GatewayRun) => (r.orders ? f(r.orders, r) : undefined);
  const sk =
    (f: (x: SocketPhaseResult, r: GatewayRun) => [string, (boolean | undefined)?]) =>
    (r: GatewayRun) => (r.sockets ? f(r.sockets, r) : undefined);

  row(
    'order path: offered (REST, autocannon) / connections',
    o((x) => [`${num(x.targetRate)} /s / ${x.connections}`]),
  );
  row(
    'order path: orders accepted per second',
    o((x) => [`${num(x.acceptedPerSecond, 1)} /s`]),
    '',
    (r) => (r.orders ? ratio(r.orders.acceptedPerSecond) : ''),
  );
  row(
    'order path: accepted / replied PENDING / rejected',
    o((x) => [`${num(x.accepted)} / ${num(x.pendingReplies)} / ${num(x.rejected)}`]),
  );
  row(
    'order path: errors (HTTP non-200 / socket / timeouts)',
    o((x) => [
      `${num(x.httpErrors)} / ${num(x.socketErrors)} / ${num(x.timeouts)}`,
      x.httpErrors + x.socketErrors + x.timeouts === 0,
    ]),
    '0',
  );
  row(
    'order path: place-to-reply p50 / p99.9',
    o((x) => [`${ms(x.placeToReply.p50)} / ${ms(x.placeToReply.p999)}`]),
  );
  row(
    `order path: place-to-reply p99 at ${num(cfg.orderRate)} /s offered`,
    o((x) => [ms(x.placeToReply.p99), x.placeToReply.p99 < 25]),
    '< 25 ms',
  );
  row(
    'order path: place-to-fill p50 / p99 (fills channel)',
    o((x) => [`${ms(x.placeToFill.p50)} / ${ms(x.placeToFill.p99)} (n=${x.placeToFill.count})`]),
  );
  row('machine: share of the fixed-rate run some task waited for a CPU (PSI; others too)', (r) =>
    r.ordersPressure !== undefined && Number.isFinite(r.ordersPressure)
      ? [`${num(r.ordersPressure * 100)}%`]
      : undefined,
  );
  row(
    'max sustained rate (0 errors, p99 < 100 ms, >= 95% of offered accepted)',
    (r) =>
      r.maxRate
        ? [
            Number.isFinite(r.maxRate.maxHeld)
              ? `${num(r.maxRate.maxHeld)} /s (${num(r.maxRate.maxHeldAccepted)} accepted)`
              : 'none held',
            r.maxRate.maxHeld >= 4000,
          ]
        : undefined,
    '>= 4,000 /s',
  );
  row(
    'max sustained rate / pgbench tps',
    (r) =>
      r.maxRate && pgbench
        ? [ratio(r.maxRate.maxHeldAccepted), r.maxRate.maxHeldAccepted / tps >= 0.4]
        : undefined,
    '>= 0.4',
    () => `${num(tps)} tps`,
  );
  // CPU per order, fixed-rate phase.
  const cpuRows = (
    title: string,
    pick: (
      r: GatewayRun,
    ) => { cpu: Map<string, number> | undefined; orders: number; seconds: number } | undefined,
  ) => {
    const names = [...new Set(runs.flatMap((r) => [...(pick(r)?.cpu?.keys() ?? [])]))].sort(
      (a, b) => {
        // Every engine shard (engine, engine-1, ...) beside the first.
        const rank = (n: string) => CPU_ORDER.indexOf(n.startsWith('engine') ? 'engine' : n);
        const ia = rank(a);
        const ib = rank(b);
        return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
      },
    );
    const exchangeOnly = names.filter((n) => n !== LOAD_GENERATOR);
    const per = (r: GatewayRun, ns: string[]) => {
      const p = pick(r);
      if (!p?.cpu || p.orders <= 0) return undefined;
      const s = ns.reduce((a, n) => a + (p.cpu?.get(n) ?? 0), 0);
      return {
        per1000: (s / p.orders) * 1000,
        cores: s / p.seconds,
      };
    };
    const cell = (r: GatewayRun, ns: string[]): [string] | undefined => {
      const v = per(r, ns);
      return v ? [`${num(v.per1000, 3)} s (${num(v.cores * 100)}% of a core)`] : undefined;
    };
    row(
      `${title}: CPU seconds per 1,000 orders, exchange total (processes + Postgres + Redis)`,
      (r) => cell(r, exchangeOnly),
    );
    for (const n of names) row(`${title}:   ${n}`, (r) => cell(r, [n]));
  };
  cpuRows('order path', (r) =>
    r.orders
      ? { cpu: r.ordersCpu, orders: r.orders.accepted, seconds: r.orders.seconds }
      : undefined,
  );
  row('machine: share of the socket phase some task waited for a CPU (PSI; others too)', (r) =>
    r.socketsPressure !== undefined && Number.isFinite(r.socketsPressure)
      ? [`${num(r.socketsPressure * 100)}%`]
      : undefined,
  );
  row(
    'socket: clients held (of target) / connect failures / dropped',
    sk((x) => [
      `${num(x.held)} of ${num(x.target)} / ${num(x.failed)} / ${num(x.dropped)}`,
      x.held === x.target && x.dropped === 0,
    ]),
    `${num(cfg.clients)}, none dropped`,
  );
  row(
    'socket: orders offered / answered over the socket (skipped)',
    sk((x) => [
      `${num(x.ordersOffered / x.seconds)} / ${num(x.ordersAnswered / x.seconds, 1)} /s (${num(x.ordersSkipped)})`,
    ]),
    `${num(cfg.socketRate)} /s`,
  );
  row(
    'socket: place-to-reply p50 / p99; errors / unanswered',
    sk((x) => [
      `${ms(x.placeToReply.p50)} / ${ms(x.placeToReply.p99)}; ${num(x.orderErrors)} / ${num(x.unanswered)}`,
    ]),
  );
  row(
    'socket: market-data items / WebSocket pushes delivered per second',
    sk((x) => [`${num(x.messagesPerSecond)} / ${num(x.framesPerSecond)}`]),
  );
  row(
    'socket: trade-to-delivery p50 / max (from the trade ts *)',
    sk((x) => [`${ms(x.tradeToDelivery.p50)} / ${ms(x.tradeToDelivery.max)}`]),
  );
  row(
    'socket: trade-to-delivery p99',
    sk((x) => [ms(x.tradeToDelivery.p99), x.tradeToDelivery.p99 < 100]),
    '< 100 ms',
  );
  row(
    'socket: orderBook sequence gaps (clients with gaps)',
    sk((x) => [`${num(x.gaps)} (${num(x.clientsWithGaps)})`, x.gaps === 0]),
    '0',
  );
  row(
    'gateway RSS (all its processes) first / last / max',
    sk((x) => [`${num(x.rss.first)} / ${num(x.rss.last)} / ${num(x.rss.max)} MB`]),
  );
  row(
    'gateway RSS flat after the warm-up (last vs second quarter)',
    sk((x) =>
      x.dropped > 0
        ? [`not judged: ${num(x.dropped)} clients dropped`, false]
        : [
            `${x.rss.flat.lastQuarter.toFixed(0)} vs ${x.rss.flat.secondQuarter.toFixed(0)} MB, ${num(x.rss.flat.mbPerMinute, 1)} MB/min`,
            x.rss.flat.judged ? x.rss.flat.flat : undefined,
          ],
    ),
    '<= +max(10 MB, 5%)',
  );
  row(
    'worker (settlement) RSS first / last / max',
    sk((x) => [
      `${num(x.workerRss.first)} / ${num(x.workerRss.last)} / ${num(x.workerRss.max)} MB`,
    ]),
  );
  row(
    'worker RSS flat after the warm-up (last vs second quarter)',
    sk((x) => [
      `${x.workerRss.flat.lastQuarter.toFixed(0)} vs ${x.workerRss.flat.secondQuarter.toFixed(0)} MB, ${num(x.workerRss.flat.mbPerMinute, 1)} MB/min`,
      x.workerRss.flat.judged ? x.workerRss.flat.flat : undefined,
    ]),
    '<= +max(10 MB, 5%)',
  );
  row('worker live heap (after full GCs) flat after the warm-up', (r) =>
    r.workerHeap?.heapFlat !== undefined
      ? [r.workerHeap.heapFlat ? 'flat' : 'growing', r.workerHeap.heapFlat]
      : undefined,
  );
  cpuRows('socket phase', (r) =>
    r.sockets
      ? { cpu: r.socketsCpu, orders: r.sockets.ordersAnswered, seconds: r.sockets.seconds }
      : undefined,
  );
  row('settlement caught up after the run', (r) =>
    r.settled
      ? [r.settled.settled ? 'yes' : `no (${r.settled.pending} PENDING)`, r.settled.settled]
      : undefined,
  );
  row(
    'ledger audit',
    (r) =>
      r.audit
        ? [r.audit.ok ? 'zero differences' : `DIFFERENCES (exit ${r.audit.exitCode})`, r.audit.ok]
        : undefined,
    'zero differences',
  );
  if (pgbench)
    rows.push({
      figure: 'pgbench: single-row UPDATE tps (-c 8 -j 2), after the exchanges',
      values: runs.map(() => `${num(tps)} /s`),
      target: '',
      pgbench: '',
      verdict: '',
    });

  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const out = [
    renderGrid(
      `Load test - ${cfg.seconds} s per phase, ${os.cpus().length} cores, load average now ${load}; pgbench ${pgbench ? `${num(tps)} tps` : 'not run'}`,
      runs.map((r) => `${r.gateways} gateway process${r.gateways > 1 ? 'es' : ''}`),
      rows,
    ),
    '',
  ];
  for (const r of runs) {
    const tag = `[${r.gateways} gateway${r.gateways > 1 ? 's' : ''}]`;
    if (r.maxRate)
      out.push(
        `${tag} max rate steps (${cfg.maxStepSeconds} s each): ${r.maxRate.steps
          .map(
            (s) =>
              `${s.rate}/s over ${s.connections} conn -> ${s.acceptedPerSecond.toFixed(0)}/s p99 ${s.p99.toFixed(1)} ms ${s.held ? 'held' : `not held (${s.why})`}`,
          )
          .join('; ')}`,
      );
    if (r.orders && Object.keys(r.orders.errorCodes).length)
      out.push(`${tag} order path error codes: ${JSON.stringify(r.orders.errorCodes)}`);
    const x = r.sockets;
    if (x) {
      if (x.dropped > 0)
        out.push(
          `${tag} ${num(x.dropped)} clients dropped by the gateway during the phase, close codes ${JSON.stringify(x.dropCodes)} (4888: heartbeat timeout, their pings arrived late), the first ${x.firstDropSeconds?.toFixed(0) ?? '?'} s after trading started: the gateway's memory and the delivery figures after that are of fewer clients`,
        );
      if (Object.keys(x.failures).length)
        out.push(`${tag} socket connect failures: ${JSON.stringify(x.failures)}`);
      if (Object.keys(x.orderErrorCodes).length)
        out.push(`${tag} socket place error codes: ${JSON.stringify(x.orderErrorCodes)}`);
      const samples = (ss: { t: number; mb: number }[]) =>
        ss.map((s) => `${(s.t - x.tradingFrom).toFixed(0)}:${s.mb.toFixed(0)}`).join(' ');
      out.push(`${tag} gateway RSS: ${x.rss.flat.verdict}`);
      out.push(`${tag} gateway RSS samples (s from trading start:MB): ${samples(x.rss.samples)}`);
      out.push(`${tag} worker RSS: ${x.workerRss.flat.verdict}`);
      out.push(
        `${tag} worker RSS samples (s from trading start:MB): ${samples(x.workerRss.samples)}`,
      );
    }
    if (r.workerHeapOrders) {
      out.push(`${tag} worker memory over the order phase: ${r.workerHeapOrders.text}`);
      out.push(
        `${tag} worker memory samples, order phase (s:rss/heapUsed[* after full GC]/external MB): ${r.workerHeapOrders.samples}`,
      );
    }
    if (r.workerHeap) {
      out.push(`${tag} worker memory (judged window): ${r.workerHeap.text}`);
      out.push(
        `${tag} worker memory samples (s:rss/heapUsed[* after full GC]/external MB): ${r.workerHeap.samples}`,
      );
    }
    if (r.gatewayHeap) out.push(`${tag} gateway memory (judged window): ${r.gatewayHeap.text}`);
    if (r.audit && !r.audit.ok) out.push(`${tag} ledger audit output:\n${r.audit.summary}`);
  }
  if (runs.some((r) => r.sockets))
    out.push(
      "* a trade's ts is its taker command's timestamp, set by the gateway when it begins the placement (the engine is deterministic and reuses it).",
    );
  out.push(
    'CPU: utime + stime from /proc before and after the measured run; postgres and redis are every process of that name on the machine (other work on the same servers included); the load generator (this process: autocannon, socket clients) is listed apart and not in the total.',
  );
  return out;
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    killAllSync();
    process.exit(130);
  });
}
process.once('exit', killAllSync);

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `Load test failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    killAllSync();
    process.exit(1);
  },
);
