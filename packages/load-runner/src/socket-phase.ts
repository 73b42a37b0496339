import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { BenchUser } from './exchange.js';
import { log, rssMb } from './exchange.js';
import { orderBody, plannedOrder, SYMBOL } from './orders.js';
import { BenchSocket } from './socket-client.js';
import {
  Histogram,
  judgeFlat,
  slope,
  summarize,
  warmupOf,
  type Flatness,
  type Summary,
} from './stats.js';

export interface SocketPhaseResult {
  seconds: number;
  target: number;
  held: number;
  failed: number;
  dropped: number;
  /** Close codes of the clients that were dropped (4888: the gateway's heartbeat timeout). */
  dropCodes: Record<string, number>;
  /** Seconds from the start of trading to the first drop; null when none. */
  firstDropSeconds: number | null;
  failures: Record<string, number>;
  connectSeconds: number;
  messagesPerSecond: number;
  /** WebSocket pushes per second carrying them (a push holds one settlement batch's items). */
  framesPerSecond: number;
  tradesPerSecondSeen: number;
  tradeToDelivery: { p50: number; p99: number; max: number; count: number };
  gaps: number;
  clientsWithGaps: number;
  noSnapshot: number;
  ordersOffered: number;
  ordersAnswered: number;
  ordersSkipped: number;
  maxInFlight: number;
  unanswered: number;
  orderErrors: number;
  orderErrorCodes: Record<string, number>;
  placeToReply: Summary;
  /** Seconds from the first RSS sample to the start of trading. */
  tradingFrom: number;
  rss: RssSeries;
  /** The worker process (settlement) sampled the same way. */
  workerRss: RssSeries;
}

interface WorkerResult {
  type: 'result';
  held: number;
  dropped: number;
  dropCodes: Record<string, number>;
  firstDropAt: number | null;
  failed: number;
  failures: Record<string, number>;
  messages: number;
  frames: number;
  tradeMessages: number;
  bookMessages: number;
  gaps: number;
  clientsWithGaps: number;
  noSnapshot: number;
  hist: { buckets: Uint32Array; count: number; maxSeen: number };
}

function once<T>(w: Worker, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      w.off('message', on);
      reject(new Error(`worker did not answer ${type} in ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (m: { type?: string }) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      w.off('message', on);
      resolve(m as T);
    };
    w.on('message', on);
  });
}

/**
 * Phase 2: market-data clients spread over worker threads, connected before trading starts;
 * then traders place crossing orders over the socket at a fixed rate while the clients count
 * deliveries, gaps and delay, and the gateway's RSS is sampled every 2 s.
 */
export async function runSocketPhase(o: {
  wsUrl: string;
  /** The gateway's processes (several with GATEWAY_PROCESSES > 1: their RSS is added up). */
  gatewayPids: () => number[];
  workerPid: number;
  /** Called when trading starts and ends (CPU accounting). */
  onMeasured?: (edge: 'start' | 'end') => void;
  users: BenchUser[];
  clients: number;
  workers: number;
  rate: number;
  seconds: number;
  /** Per trader: an offer finding this many placements unanswered is skipped (and counted). */
  maxInFlight?: number;
}): Promise<SocketPhaseResult> {
  const maxInFlight = o.maxInFlight ?? 10;
  const rss: { t: number; mb: number }[] = [];
  const workerRss: { t: number; mb: number }[] = [];
  const t0 = performance.now();
  const sampleRss = async () => {
    const t = (performance.now() - t0) / 1000;
    const [g, w] = await Promise.all([
      Promise.all(o.gatewayPids().map((pid) => rssMb(pid))).then((all) =>
        all.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0),
      ),
      rssMb(o.workerPid),
    ]);
    rss.push({ t, mb: g });
    workerRss.push({ t, mb: w });
  };
  await sampleRss();
  const rssTimer = setInterval(() => void sampleRss(), 2000);

  log(`socket fan-out: connecting ${o.clients} clients over ${o.workers} worker threads`);
  const per = Math.ceil(o.clients / o.workers);
  const workers: Worker[] = [];
  for (let i = 0; i < o.workers; i++) {
    const clients = Math.min(per, o.clients - i * per);
    if (clients <= 0) break;
    const w = new Worker(new URL('./socket-worker-boot.mjs', import.meta.url), {
      workerData: { wsUrl: o.wsUrl, clients, symbol: SYMBOL, concurrency: 25 },
    });
    w.on('error', (err) => log(`socket worker failed: ${err.message}`));
    workers.push(w);
  }
  const connectStart = performance.now();
  const connected = await Promise.all(
    workers.map((w) => once<{ held: number; failed: number }>(w, 'connected', 180_000)),
  );
  const connectSeconds = (performance.now() - connectStart) / 1000;
  log(
    `socket fan-out: ${connected.reduce((n, c) => n + c.held, 0)} clients subscribed in ${connectSeconds.toFixed(1)} s; trading ${o.rate} orders/s for ${o.seconds} s`,
  );

  // Traders: logged-in sockets placing crossing pairs at 50,000.
  const traderCount = Math.min(o.users.length, 20);
  const traders: BenchSocket[] = [];
  for (let i = 0; i < traderCount; i++) {
    const u = o.users[i];
    if (!u) continue;
    const s = await BenchSocket.open(o.wsUrl);
    await s.must('login', { token: u.token, runtimeMode: 1 });
    traders.push(s);
  }
  for (const w of workers) w.postMessage({ cmd: 'start' });
  const latencies: number[] = [];
  const orderErrorCodes: Record<string, number> = {};
  let orderErrors = 0;
  let issued = 0;
  let answered = 0;
  let skipped = 0;
  const inFlight = new Map<BenchSocket, number>();
  const inflight = new Set<Promise<void>>();
  const start = performance.now();
  o.onMeasured?.('start');
  const runTag = Date.now().toString(36);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - start) / 1000;
      if (elapsed >= o.seconds) {
        clearInterval(tick);
        resolve();
        return;
      }
      const due = Math.floor(elapsed * o.rate) - issued;
      for (let i = 0; i < due; i++) {
        const n = issued++;
        const plan = plannedOrder(n, traders.length, true);
        const s = traders[plan.user];
        if (!s) continue;
        // Bounded in flight per trader: a gateway that falls behind is not buried under a
        // backlog that would outlive the phase; what was not offered is counted.
        if ((inFlight.get(s) ?? 0) >= maxInFlight) {
          skipped++;
          continue;
        }
        inFlight.set(s, (inFlight.get(s) ?? 0) + 1);
        const sent = performance.now();
        const p = s.request('place', orderBody(plan, `s${runTag}${n}`)).then((r) => {
          inFlight.set(s, (inFlight.get(s) ?? 1) - 1);
          if (r.code === 'CLOSED') return;
          answered++;
          latencies.push(performance.now() - sent);
          if (r.code !== '200' || (r.data as { status?: string } | null)?.status === 'REJECTED') {
            orderErrors++;
            orderErrorCodes[r.code] = (orderErrorCodes[r.code] ?? 0) + 1;
          }
        });
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
      }
    }, 5);
  });
  const seconds = (performance.now() - start) / 1000;
  o.onMeasured?.('end');
  await Promise.race([Promise.all(inflight), new Promise((r) => setTimeout(r, 10_000))]);
  // Let the last trades reach the clients before stopping the count.
  await new Promise((r) => setTimeout(r, 2000));
  const results = await Promise.all(
    workers.map((w) => {
      const p = once<WorkerResult>(w, 'result', 60_000);
      w.postMessage({ cmd: 'stop' });
      return p;
    }),
  );
  clearInterval(rssTimer);
  await sampleRss();
  for (const t of traders) t.close();
  for (const w of workers) w.postMessage({ cmd: 'close' });
  await Promise.all(
    workers.map((w) =>
      Promise.race([
        new Promise((r) => w.once('exit', r)),
        new Promise((r) => setTimeout(r, 3000)),
      ]),
    ),
  );
  for (const w of workers) void w.terminate();

  const hist = new Histogram(1, 60_000);
  const failures: Record<string, number> = {};
  for (const r of results) {
    hist.merge(r.hist);
    for (const [m, n] of Object.entries(r.failures)) failures[m] = (failures[m] ?? 0) + n;
  }
  const sum = (f: (r: WorkerResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const held = sum((r) => r.held);
  const dropCodes: Record<string, number> = {};
  for (const r of results)
    for (const [c, n] of Object.entries(r.dropCodes)) dropCodes[c] = (dropCodes[c] ?? 0) + n;
  const drops = results.map((r) => r.firstDropAt).filter((t): t is number => t !== null);
  // Worker threads stamp with Date.now(); trading started at `start` on this thread's clock.
  const startedAtMs = Date.now() - (performance.now() - start);
  const firstDropSeconds = drops.length ? (Math.min(...drops) - startedAtMs) / 1000 : null;
  const measured = seconds + 2;
  return {
    seconds,
    target: o.clients,
    held,
    failed: sum((r) => r.failed),
    dropped: sum((r) => r.dropped),
    dropCodes,
    firstDropSeconds,
    failures,
    connectSeconds,
    messagesPerSecond: sum((r) => r.messages) / measured,
    framesPerSecond: sum((r) => r.frames) / measured,
    tradesPerSecondSeen: held ? sum((r) => r.tradeMessages) / held / measured : 0,
    tradeToDelivery: {
      p50: hist.percentile(50),
      p99: hist.percentile(99),
      max: hist.maxSeen,
      count: hist.count,
    },
    gaps: sum((r) => r.gaps),
    clientsWithGaps: sum((r) => r.clientsWithGaps),
    noSnapshot: sum((r) => r.noSnapshot),
    ordersOffered: issued,
    ordersAnswered: answered,
    ordersSkipped: skipped,
    maxInFlight,
    unanswered: issued - skipped - answered,
    orderErrors,
    orderErrorCodes,
    placeToReply: summarize(latencies),
    tradingFrom: (start - t0) / 1000,
    rss: series(rss, (start - t0) / 1000, seconds),
    workerRss: series(workerRss, (start - t0) / 1000, seconds),
  };
}

export interface RssSeries {
  first: number;
  last: number;
  max: number;
  /** Least-squares slope over the samples taken while orders traded. */
  mbPerMinute: number;
  samples: { t: number; mb: number }[];
  flat: Flatness;
}

function series(
  samples: { t: number; mb: number }[],
  tradingFromSeconds: number,
  tradingSeconds: number,
): RssSeries {
  return {
    flat: judgeFlat(samples, tradingFromSeconds + warmupOf(tradingSeconds)),
    first: samples[0]?.mb ?? Number.NaN,
    last: samples[samples.length - 1]?.mb ?? Number.NaN,
    max: Math.max(...samples.map((r) => r.mb)),
    mbPerMinute: slope(
      samples.filter((r) => r.t >= tradingFromSeconds).map((r) => ({ x: r.t / 60, y: r.mb })),
    ),
    samples,
  };
}
