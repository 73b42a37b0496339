// The load-test runner (`pnpm bench`): starts a fresh exchange on this machine, measures the
// web client's first load in Chromium, the order path (REST, autocannon), the socket fan-out (ws
// clients in worker threads), a pgbench reference and the ledger audit, and prints one table.
// Only targets localhost.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
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
  startExchange,
  waitSettled,
  type Exchange,
} from './exchange.js';
import { runOrderPath, type OrderPathResult } from './order-path.js';
import { runPgbench } from './pgbench.js';
import { runSocketPhase, type SocketPhaseResult } from './socket-phase.js';
import { kb, ms, num, renderTable } from './table.js';
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
  clients: int('BENCH_CLIENTS', 2000),
  workers: int('BENCH_WORKERS', 2),
  socketRate: int('BENCH_SOCKET_ORDER_RATE', 200),
  pgbenchSeconds: int('BENCH_PGBENCH_SECONDS', 10),
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

async function main(): Promise<number> {
  assertLocal(cfg.databaseUrl);
  assertLocal(cfg.redisUrl);
  if (cfg.users % 2 !== 0) throw new Error('BENCH_USERS must be even');
  const started = new Date();
  const prefix = `bench:${started.getTime()}:`;
  if (cfg.cpuProfDir) mkdirSync(cfg.cpuProfDir, { recursive: true });
  let exchange: Exchange | undefined;
  let webDistDir: string | undefined;
  let web: WebPhaseResult | undefined;
  let orders: OrderPathResult | undefined;
  let sockets: SocketPhaseResult | undefined;
  let settled: { pending: number; settled: boolean } | undefined;
  let pgbench: { tps: number } | undefined;
  let audit: AuditResult | undefined;
  const problems: string[] = [];
  try {
    if (cfg.phases.includes('web')) {
      try {
        webDistDir = await buildWebClient();
      } catch (err) {
        problems.push(`web build: ${String(err)}`);
      }
    }
    exchange = await startExchange({
      databaseUrl: cfg.databaseUrl,
      redisUrl: cfg.redisUrl,
      redisPrefix: prefix,
      demoFunding: 'USDT=100000000,BTC=100000',
      cpuProfDir: cfg.cpuProfDir,
      webDistDir,
    });
    // First, on an idle exchange: a page load is not what the load phases measure.
    if (webDistDir) {
      try {
        web = await runWebPhase({
          baseUrl: exchange.baseUrl,
          distDir: webDistDir,
          runs: Math.max(1, cfg.webRuns),
        });
      } catch (err) {
        problems.push(`web: ${String(err)}`);
      }
    }
    const loaded = cfg.phases.includes('orders') || cfg.phases.includes('sockets');
    const users = loaded ? await createUsers(cfg.databaseUrl, cfg.users) : [];
    if (loaded) {
      log(`${users.length} users with sessions; funding them in Demo`);
      await fundUsers(exchange.baseUrl, users);
    }

    if (cfg.phases.includes('orders')) {
      try {
        orders = await runOrderPath({
          baseUrl: exchange.baseUrl,
          wsUrl: exchange.wsUrl,
          users,
          rate: cfg.orderRate,
          seconds: cfg.seconds,
          warmupSeconds: cfg.warmupSeconds,
          connections: cfg.connections,
          sampleUsers: cfg.sampleUsers,
        });
      } catch (err) {
        problems.push(`order path: ${String(err)}`);
      }
      settled = await waitSettled(cfg.databaseUrl, 60_000);
    }
    if (cfg.phases.includes('sockets')) {
      try {
        sockets = await runSocketPhase({
          wsUrl: exchange.wsUrl,
          gatewayPid: exchange.gatewayPid,
          workerPid: exchange.workerPid,
          users,
          clients: cfg.clients,
          workers: cfg.workers,
          rate: cfg.socketRate,
          seconds: cfg.seconds,
        });
      } catch (err) {
        problems.push(`socket fan-out: ${String(err)}`);
      }
    }
    if (loaded || cfg.phases.includes('audit')) {
      log('waiting for settlement to catch up');
      settled = await waitSettled(cfg.databaseUrl, 60_000);
    }
    await exchange.stop();
    if (cfg.phases.includes('audit')) audit = await runAudit(cfg.databaseUrl);
    if (cfg.phases.includes('pgbench')) {
      try {
        pgbench = await runPgbench({ databaseUrl: cfg.databaseUrl, seconds: cfg.pgbenchSeconds });
      } catch (err) {
        problems.push(`pgbench: ${String(err)}`);
      }
    }
  } finally {
    await exchange?.stop();
    killAllSync();
    if (webDistDir) rmSync(webDistDir, { recursive: true, force: true });
    await deletePrefix(cfg.redisUrl, prefix).catch((err: unknown) =>
      problems.push(`redis cleanup: ${String(err)}`),
    );
  }

  const rows: [string, string, string?][] = [];
  if (web) {
    const encodings = (p: PageResult) =>
      Object.entries(p.encodings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
    const js = (p: PageResult) =>
      `${kb(p.scripts.encoded)} (${p.scripts.files} files, ${kb(p.scripts.decoded)} decoded)`;
    rows.push(
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
    );
  }
  if (orders) {
    rows.push(
      ['order path: offered rate (REST, autocannon)', `${num(orders.targetRate)} /s`, ''],
      [
        'order path: orders accepted per second',
        `${num(orders.acceptedPerSecond, 1)} /s`,
        '>= 2,000 /s',
      ],
      [
        'order path: accepted / replied PENDING / rejected',
        `${num(orders.accepted)} / ${num(orders.pendingReplies)} / ${num(orders.rejected)}`,
        '',
      ],
      [
        'order path: errors (HTTP non-200 / socket / timeouts)',
        `${num(orders.httpErrors)} / ${num(orders.socketErrors)} / ${num(orders.timeouts)}`,
        '0',
      ],
      ['order path: place-to-reply p50', ms(orders.placeToReply.p50)],
      ['order path: place-to-reply p99', ms(orders.placeToReply.p99), '< 50 ms'],
      ['order path: place-to-reply p99.9', ms(orders.placeToReply.p999)],
      [
        `order path: place-to-fill p50 (fills channel, ${orders.fillSampleUsers} users, n=${orders.placeToFill.count})`,
        ms(orders.placeToFill.p50),
      ],
      ['order path: place-to-fill p99', ms(orders.placeToFill.p99)],
      ['order path: place-to-fill p99.9', ms(orders.placeToFill.p999)],
    );
  }
  if (pgbench) {
    rows.push(['pgbench: single-row UPDATE tps (-c 8 -j 2)', `${num(pgbench.tps)} /s`]);
    if (orders)
      rows.push(['order path / pgbench ratio', num(orders.acceptedPerSecond / pgbench.tps, 3)]);
  }
  if (sockets) {
    rows.push(
      [
        'socket: clients held (of target)',
        `${num(sockets.held)} of ${num(sockets.target)}`,
        '2,000',
      ],
      [
        'socket: connect failures / dropped during run',
        `${num(sockets.failed)} / ${num(sockets.dropped)}`,
        '0',
      ],
      [
        'socket: orders offered over the socket',
        `${num(sockets.ordersOffered / sockets.seconds)} /s`,
        '200 /s',
      ],
      [
        'socket: orders answered over the socket',
        `${num(sockets.ordersAnswered / sockets.seconds, 1)} /s`,
        '200 /s',
      ],
      [
        `socket: offers skipped (trader had ${sockets.maxInFlight} in flight)`,
        num(sockets.ordersSkipped),
        '0',
      ],
      [
        'socket: place-to-reply p50 / p99 / p99.9',
        `${ms(sockets.placeToReply.p50)} / ${ms(sockets.placeToReply.p99)} / ${ms(sockets.placeToReply.p999)}`,
      ],
      [
        'socket: place errors / unanswered at the end',
        `${num(sockets.orderErrors)} / ${num(sockets.unanswered)}`,
        '0',
      ],
      [
        'socket: market-data items (trades, book changes) delivered per second',
        `${num(sockets.messagesPerSecond)} /s`,
      ],
      [
        'socket: market-data pushes (WebSocket messages) per second',
        `${num(sockets.framesPerSecond)} /s`,
      ],
      [
        'socket: book and trade pushes conflated per (MARKET_DATA_CONFLATE_MS)',
        `${process.env.MARKET_DATA_CONFLATE_MS ?? '50'} ms`,
      ],
      ['socket: trades seen per client per second', num(sockets.tradesPerSecondSeen, 1)],
      ['socket: trade-to-delivery p50 (from the trade ts *)', ms(sockets.tradeToDelivery.p50)],
      ['socket: trade-to-delivery p99', ms(sockets.tradeToDelivery.p99), '< 100 ms'],
      ['socket: trade-to-delivery max', ms(sockets.tradeToDelivery.max)],
      [
        'socket: orderBook sequence gaps (clients with gaps)',
        `${num(sockets.gaps)} (${num(sockets.clientsWithGaps)})`,
        '0',
      ],
      [
        'gateway RSS first / last / max',
        `${num(sockets.rss.first)} / ${num(sockets.rss.last)} / ${num(sockets.rss.max)} MB`,
      ],
      ['gateway RSS trend during trading', `${num(sockets.rss.mbPerMinute, 1)} MB/min`, 'flat'],
      [
        'worker (settlement) RSS first / last / max',
        `${num(sockets.workerRss.first)} / ${num(sockets.workerRss.last)} / ${num(sockets.workerRss.max)} MB`,
      ],
      [
        'worker RSS trend during trading',
        `${num(sockets.workerRss.mbPerMinute, 1)} MB/min`,
        'flat',
      ],
    );
  }
  if (settled)
    rows.push([
      'settlement caught up after the run',
      settled.settled ? 'yes' : `no (${settled.pending} PENDING)`,
    ]);
  if (audit)
    rows.push([
      'ledger audit',
      audit.ok ? 'zero differences' : `DIFFERENCES (exit ${audit.exitCode})`,
      'zero differences',
    ]);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const out = [
    '',
    renderTable(
      `Load test ${started.toISOString()} - ${cfg.seconds} s per phase, ${os.cpus().length} cores, load average now ${load}`,
      rows,
    ),
    '',
  ];
  if (sockets)
    out.push(
      "* a trade's ts is its taker command's timestamp, set by the gateway when it begins the placement (the engine is deterministic and reuses it).",
    );
  if (orders && Object.keys(orders.errorCodes).length)
    out.push(`order path error codes: ${JSON.stringify(orders.errorCodes)}`);
  if (sockets && Object.keys(sockets.failures).length)
    out.push(`socket connect failures: ${JSON.stringify(sockets.failures)}`);
  if (sockets && Object.keys(sockets.orderErrorCodes).length)
    out.push(`socket place error codes: ${JSON.stringify(sockets.orderErrorCodes)}`);
  if (sockets)
    out.push(
      `gateway RSS samples (s:MB): ${sockets.rss.samples.map((s) => `${s.t.toFixed(0)}:${s.mb.toFixed(0)}`).join(' ')}`,
    );
  if (sockets)
    out.push(
      `worker RSS samples (s:MB): ${sockets.workerRss.samples.map((s) => `${s.t.toFixed(0)}:${s.mb.toFixed(0)}`).join(' ')}`,
    );
  if (audit && !audit.ok) out.push(`ledger audit output:\n${audit.summary}`);
  if (cfg.cpuProfDir)
    out.push(
      `CPU profiles: ${readdirSync(cfg.cpuProfDir)
        .map((f) => path.join(cfg.cpuProfDir ?? '', f))
        .join(', ')}`,
    );
  for (const p of problems) out.push(`PROBLEM: ${p}`);
  process.stdout.write(`${out.join('\n')}\n`);
  return problems.length || (audit && !audit.ok) ? 1 : 0;
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
