import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { SPOT_ORDER_ENDPOINTS } from '@exchange/contracts';
import type { BenchUser } from './exchange.js';
import { log } from './exchange.js';
import { orderBody, plannedOrder } from './orders.js';
import { BenchSocket } from './socket-client.js';
import { summarize, type Summary } from './stats.js';

export interface OrderPathResult {
  seconds: number;
  connections: number;
  targetRate: number;
  sent: number;
  accepted: number;
  acceptedPerSecond: number;
  pendingReplies: number;
  rejected: number;
  httpErrors: number;
  socketErrors: number;
  timeouts: number;
  errorCodes: Record<string, number>;
  placeToReply: Summary;
  placeToFill: Summary;
  fillSampleUsers: number;
}

interface Ctx {
  measured?: boolean;
  sentAt?: number;
  coid?: string;
  user?: number;
}

/**
 * Phase 1: autocannon at a fixed overall arrival rate on POST /v1/spot-order/place, every
 * request with its own user, side, price and clientOrderId. A sample of users hold sockets on
 * the private fills channel, so place-to-fill is measured on the real load.
 */
export async function runOrderPath(o: {
  baseUrl: string;
  wsUrl: string;
  users: BenchUser[];
  rate: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  sampleUsers: number;
  /** The symbols the orders take turns over (one per engine shard); BTC_USDT alone by default. */
  symbols?: readonly string[];
  /** Called just before and just after the measured run (CPU accounting). */
  onMeasured?: (edge: 'start' | 'end') => void;
}): Promise<OrderPathResult> {
  const sample = Math.min(o.sampleUsers, o.users.length);
  const sockets: BenchSocket[] = [];
  const fillAt = new Map<string, number>();
  for (let i = 0; i < sample; i++) {
    const u = o.users[i];
    if (!u) continue;
    const s = await BenchSocket.open(o.wsUrl);
    await s.must('login', { token: u.token, runtimeMode: 1 });
    // One subscription carries the account's fills of every symbol.
    await s.must('subscribe', {}, 'fills');
    s.onPush = (p) => {
      if (p.channel !== 'fills') return;
      const id = (p.data as { orderId?: string }).orderId;
      if (id && !fillAt.has(id)) fillAt.set(id, performance.now());
    };
    sockets.push(s);
  }

  const latencies: number[] = [];
  const sampleSent = new Map<string, number>();
  const errorCodes: Record<string, number> = {};
  let k = 0;
  let accepted = 0;
  let pendingReplies = 0;
  let rejected = 0;
  let httpErrors = 0;
  const runTag = Date.now().toString(36);
  const headers = (token: string) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'runtime-mode': '1',
  });
  const first = o.users[0];
  if (!first) throw new Error('no users');

  log(
    `order path: ${o.rate} orders/s target, ${o.connections} connections, ${o.seconds} s, ${o.users.length} users`,
  );
  let measuring = false;
  const load = (duration: number) =>
    autocannon({
      url: o.baseUrl,
      connections: o.connections,
      pipelining: 1,
      duration,
      overallRate: o.rate,
      timeout: 30,
      requests: [
        {
          method: SPOT_ORDER_ENDPOINTS.place.method,
          path: SPOT_ORDER_ENDPOINTS.place.path,
          headers: headers(first.token),
          setupRequest: (req, context) => {
            const ctx = context as Ctx;
            const n = measuring ? k++ : k + 10_000_000 + warm++;
            const plan = plannedOrder(n, o.users.length, false, o.symbols);
            const user = o.users[plan.user] ?? first;
            const coid = `b${runTag}${n}`;
            ctx.sentAt = performance.now();
            ctx.coid = coid;
            ctx.user = plan.user;
            if (measuring && plan.user < sample) sampleSent.set(coid, ctx.sentAt);
            ctx.measured = measuring;
            return {
              ...req,
              headers: headers(user.token),
              body: JSON.stringify(orderBody(plan, coid)),
            };
          },
          onResponse: (status, body, context) => {
            const ctx = context as Ctx;
            if (!ctx.measured) return;
            const now = performance.now();
            if (ctx.sentAt !== undefined) latencies.push(now - ctx.sentAt);
            if (status !== 200) {
              httpErrors++;
              let code = String(status);
              try {
                code = `${status}/${(JSON.parse(body) as { code?: string }).code ?? '?'}`;
              } catch {
                // not JSON
              }
              errorCodes[code] = (errorCodes[code] ?? 0) + 1;
              return;
            }
            try {
              const reply = JSON.parse(body) as {
                code?: string;
                data?: { id?: string; status?: string; clientOrderId?: string };
              };
              const st = reply.data?.status;
              if (st === 'REJECTED') rejected++;
              else accepted++;
              if (st === 'PENDING') pendingReplies++;
              const coid = reply.data?.clientOrderId ?? ctx.coid;
              if (coid && reply.data?.id && sampleSent.has(coid)) {
                sampleSent.set(`id:${reply.data.id}`, sampleSent.get(coid) ?? 0);
                sampleSent.delete(coid);
              }
            } catch {
              httpErrors++;
              errorCodes['unreadable body'] = (errorCodes['unreadable body'] ?? 0) + 1;
            }
          },
        },
      ],
    });
  // A warm-up at the same rate (JIT, connection pools, first plans), not measured; then a
  // pause for settlement to drain before the measured run.
  let warm = 0;
  if (o.warmupSeconds > 0) {
    log(`order path: warming up for ${o.warmupSeconds} s`);
    await load(o.warmupSeconds);
    await new Promise((r) => setTimeout(r, 3000));
  }
  measuring = true;
  o.onMeasured?.('start');
  const start = performance.now();
  const result = await load(o.seconds);
  const seconds = (performance.now() - start) / 1000;
  o.onMeasured?.('end');
  // Late fills of the last orders.
  await new Promise((r) => setTimeout(r, 3000));
  for (const s of sockets) s.close();

  const toFill: number[] = [];
  for (const [key, sent] of sampleSent) {
    if (!key.startsWith('id:')) continue;
    const at = fillAt.get(key.slice(3));
    if (at !== undefined) toFill.push(at - sent);
  }
  return {
    seconds,
    connections: o.connections,
    targetRate: o.rate,
    sent: k,
    accepted,
    acceptedPerSecond: accepted / o.seconds,
    pendingReplies,
    rejected,
    httpErrors,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    errorCodes,
    placeToReply: summarize(latencies),
    placeToFill: summarize(toFill),
    fillSampleUsers: sample,
  };
}

export interface RateStep {
  rate: number;
  connections: number;
  acceptedPerSecond: number;
  p99: number;
  errors: number;
  held: boolean;
  /** Why it did not hold. */
  why: string;
}

export interface MaxRateResult {
  steps: RateStep[];
  /** The highest offered rate that held; NaN when none did. */
  maxHeld: number;
  /** Its accepted orders per second. */
  maxHeldAccepted: number;
}

/**
 * A rate "held" when nothing failed, p99 place-to-reply stayed under `p99LimitMs` and the orders
 * accepted per second came to at least `minShare` of the offered rate: autocannon is closed-loop
 * per connection, so an exchange that cannot keep up shows fewer accepted orders (not a backlog).
 */
export function judgeStep(
  r: Pick<
    OrderPathResult,
    'targetRate' | 'acceptedPerSecond' | 'httpErrors' | 'socketErrors' | 'timeouts'
  > & {
    placeToReply: Pick<Summary, 'p99'>;
  },
  p99LimitMs = 100,
  minShare = 0.95,
): { held: boolean; why: string } {
  const errors = r.httpErrors + r.socketErrors + r.timeouts;
  const why: string[] = [];
  if (errors > 0) why.push(`${errors} errors`);
  if (!(r.placeToReply.p99 < p99LimitMs)) why.push(`p99 ${r.placeToReply.p99.toFixed(0)} ms`);
  if (!(r.acceptedPerSecond >= minShare * r.targetRate))
    why.push(
      `accepted ${r.acceptedPerSecond.toFixed(0)}/s < ${Math.round(minShare * 100)}% of offered`,
    );
  return { held: why.length === 0, why: why.join(', ') };
}

/**
 * The maximum sustained rate: short steps from `startRate` up by `stepRate` while they hold (or
 * down by halves while the first does not), with the connections raised with the rate (enough for the
 * offered rate at `connectionMs` per reply; never fewer than `minConnections`), settlement let
 * catch up between steps.
 */
export async function searchMaxRate(o: {
  baseUrl: string;
  wsUrl: string;
  users: BenchUser[];
  startRate: number;
  stepRate: number;
  maxRate: number;
  stepSeconds: number;
  minConnections: number;
  connectionMs: number;
  p99LimitMs: number;
  between: () => Promise<unknown>;
  symbols?: readonly string[];
}): Promise<MaxRateResult> {
  const steps: RateStep[] = [];
  const run = async (rate: number) => {
    const connections = Math.max(o.minConnections, Math.ceil((rate * o.connectionMs) / 1000));
    log(`max rate search: ${rate} orders/s offered over ${connections} connections`);
    const r = await runOrderPath({
      baseUrl: o.baseUrl,
      wsUrl: o.wsUrl,
      users: o.users,
      rate,
      seconds: o.stepSeconds,
      warmupSeconds: 0,
      connections,
      sampleUsers: 0,
      ...(o.symbols ? { symbols: o.symbols } : {}),
    });
    const v = judgeStep(r, o.p99LimitMs);
    const step: RateStep = {
      rate,
      connections,
      acceptedPerSecond: r.acceptedPerSecond,
      p99: r.placeToReply.p99,
      errors: r.httpErrors + r.socketErrors + r.timeouts,
      ...v,
    };
    steps.push(step);
    log(
      `max rate search: ${rate}/s -> ${r.acceptedPerSecond.toFixed(0)}/s accepted, p99 ${r.placeToReply.p99.toFixed(1)} ms: ${v.held ? 'held' : `not held (${v.why})`}`,
    );
    await o.between();
    return step;
  };
  let best: RateStep | undefined;
  let rate = o.startRate;
  const first = await run(rate);
  if (first.held) {
    best = first;
    for (rate += o.stepRate; rate <= o.maxRate; rate += o.stepRate) {
      const s = await run(rate);
      if (!s.held) break;
      best = s;
    }
  } else {
    // Down by halves: a busy machine may hold a small fraction of the start rate.
    for (rate = Math.floor(rate / 2); rate >= 50; rate = Math.floor(rate / 2)) {
      const s = await run(rate);
      if (s.held) {
        best = s;
        break;
      }
    }
  }
  return {
    steps,
    maxHeld: best?.rate ?? Number.NaN,
    maxHeldAccepted: best?.acceptedPerSecond ?? Number.NaN,
  };
}
