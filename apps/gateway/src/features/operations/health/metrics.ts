import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, once } from '@exchange/metrics';
import { auditLedger } from '../../wallet/ledger/audit.js';
import { engineShards } from '../../trading/orders/shard-map.js';
import { shardState } from './shard-state.js';

/**
 * The series one process of the exchange reports for all of it (docs/operations.md, Metrics):
 * each engine shard's heartbeat and settlement lag, the job queue, and the periodic ledger
 * audit. They are read at scrape time (the audit on its own timer) by the process that runs
 * settlement, so they are not counted once per gateway process.
 */
interface Source {
  app: FastifyInstance;
  /** When each published seq above the committed cursor was first seen, per shard. */
  firstSeen: Map<string, { seq: number; at: number }[]>;
}
const sources = new Set<Source>();

interface ShardSample {
  shard: string;
  up: number;
  /** null while the engine beats no more (the series is then absent). */
  beatAgeSeconds: number | null;
  committedSeq: number;
  lagEvents: number;
  lagSeconds: number;
}

/**
 * Every shard's state, read once per scrape: a registry collects its series side by side (all
 * start in one tick), so the five series of a shard share the read in flight instead of five.
 */
let reading: Promise<ShardSample[]> | undefined;
function readShards(): Promise<ShardSample[]> {
  if (reading) return reading;
  const now = Date.now();
  const read = Promise.all([...sources].map((source) => sampleShards(source, now))).then((all) =>
    all.flat(),
  );
  reading = read.finally(() => {
    reading = undefined;
  });
  return reading;
}

async function sampleShards(source: Source, now: number): Promise<ShardSample[]> {
  const shards = await engineShards(source.app.db);
  const states = await Promise.all(shards.map((shard) => shardState(source.app, shard)));
  return states.map((s) => {
    // The lag in seconds: each published top is noted when first seen; the oldest note above
    // the committed cursor is how long the oldest unsettled event has waited.
    const top = s.settlement.publishedSeq;
    const settled = s.settlement.settledSeq;
    const seen =
      top === null || top <= settled
        ? []
        : (source.firstSeen.get(s.shard) ?? []).filter((n) => n.seq > settled);
    if (top !== null && top > settled && (seen.at(-1)?.seq ?? -1) < top)
      seen.push({ seq: top, at: now });
    source.firstSeen.set(s.shard, seen);
    return {
      shard: s.shard,
      up: s.engine.ok ? 1 : 0,
      beatAgeSeconds: s.engine.lastBeatMsAgo === null ? null : s.engine.lastBeatMsAgo / 1000,
      committedSeq: s.settlement.settledSeq,
      lagEvents: s.settlement.behind ?? 0,
      lagSeconds: seen[0] ? (now - seen[0].at) / 1000 : 0,
    };
  });
}

/** A per-shard gauge whose value is one field of the scrape's shard samples. */
function shardGauge(name: string, help: string, pick: (s: ShardSample) => number | null): void {
  once(
    name,
    () =>
      new Gauge({
        name,
        help,
        labelNames: ['shard'],
        async collect() {
          const samples = await readShards();
          this.reset();
          for (const s of samples) {
            const v = pick(s);
            if (v !== null) this.set({ shard: s.shard }, v);
          }
        },
      }),
  );
}

shardGauge(
  'exchange_engine_up',
  "1 while the shard's engine beats its heartbeat (expires after three missed beats), 0 once it stopped.",
  (s) => s.up,
);
shardGauge(
  'exchange_engine_heartbeat_age_seconds',
  "Seconds since the shard's engine last beat (absent while it beats no more).",
  (s) => s.beatAgeSeconds,
);
shardGauge(
  'exchange_settlement_lag_events',
  'Events the engine published that settlement has not committed yet, per shard.',
  (s) => s.lagEvents,
);
shardGauge(
  'exchange_settlement_lag_seconds',
  'Age of the oldest published event settlement has not committed (0 when caught up), per shard; measured to the scrape interval.',
  (s) => s.lagSeconds,
);
shardGauge(
  'exchange_settlement_committed_seq',
  "The last engine event seq settlement committed, per shard (the database's cursor).",
  (s) => s.committedSeq,
);

once(
  'exchange_jobs',
  () =>
    new Gauge({
      name: 'exchange_jobs',
      help: 'Background jobs in the queue by state (waiting, active, delayed, prioritized, failed; failed ones are kept up to 5,000).',
      labelNames: ['queue', 'state'],
      async collect() {
        this.reset();
        for (const { app } of sources)
          for (const [state, n] of Object.entries(await app.jobs.counts()))
            this.set({ queue: 'jobs', state }, n);
      },
    }),
);

once(
  'exchange_notifications_undelivered',
  () =>
    new Gauge({
      name: 'exchange_notifications_undelivered',
      help: 'Notices stored but not yet pushed and mailed (the outbox); the sweep delivers those older than 30 s every minute, so a count that stays up means pushes or mail are failing.',
      async collect() {
        let n = 0;
        for (const { app } of sources)
          n = Math.max(n, await app.db.notification.count({ where: { deliveredAt: null } }));
        this.set(n);
      },
    }),
);

/**
 * The audit's series, registered at the first audit: a process that never audits (a gateway
 * process, or LEDGER_AUDIT_INTERVAL_SECONDS=0) reports none, not a 0 that reads as a clean
 * audit at 1970.
 */
const audit = () => ({
  differences: once(
    'exchange_ledger_audit_differences',
    () =>
      new Gauge({
        name: 'exchange_ledger_audit_differences',
        help: 'Differences the last ledger audit found: assets whose entries do not sum to zero, balances that differ from their entries, and negative user balances. Must be 0.',
      }),
  ),
  lastRun: once(
    'exchange_ledger_audit_last_run_timestamp_seconds',
    () =>
      new Gauge({
        name: 'exchange_ledger_audit_last_run_timestamp_seconds',
        help: 'When the last ledger audit finished (Unix time).',
      }),
  ),
  duration: once(
    'exchange_ledger_audit_duration_seconds',
    () =>
      new Histogram({
        name: 'exchange_ledger_audit_duration_seconds',
        help: 'Time a ledger audit took (one repeatable-read pass over every entry and balance).',
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      }),
  ),
});

/** Runs one audit and reports it; an audit that fails is logged and tried again next time. */
export async function runAudit(app: FastifyInstance): Promise<number> {
  const series = audit();
  const end = series.duration.startTimer();
  const r = await auditLedger(app.db);
  end();
  const differences = r.unbalanced.length + r.mismatched.length + r.negative;
  series.differences.set(differences);
  series.lastRun.set(Date.now() / 1000);
  if (differences > 0)
    app.log.error(
      { unbalanced: r.unbalanced, mismatched: r.mismatched.slice(0, 20), negative: r.negative },
      'ledger audit found differences',
    );
  return differences;
}

/**
 * Reports the exchange-wide series from this app while it runs, and audits the ledger every
 * `auditEverySeconds` (0: never), the first time a minute after start.
 */
export function reportExchangeMetrics(app: FastifyInstance, auditEverySeconds: number): void {
  const source: Source = { app, firstSeen: new Map() };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = runAudit(app)
        .catch((err: unknown) => app.log.warn({ err }, 'ledger audit failed'))
        .finally(() => schedule(auditEverySeconds * 1000));
    }, ms);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    sources.add(source);
    if (auditEverySeconds > 0) schedule(Math.min(60_000, auditEverySeconds * 1000));
  });
  app.addHook('onClose', async () => {
    sources.delete(source);
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
