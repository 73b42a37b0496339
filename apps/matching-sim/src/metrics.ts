import { Counter, Gauge, Histogram, LATENCY_BUCKETS, once } from '@exchange/metrics';

/**
 * The engine's and the simulators' Prometheus series (packages/metrics; docs/operations.md,
 * Metrics), served by each process on METRICS_PORT. Every engine series carries its shard.
 */
export const engineMetrics = {
  commands: once(
    'exchange_engine_commands_total',
    () =>
      new Counter({
        name: 'exchange_engine_commands_total',
        help: 'Commands the engine journalled and applied, per shard.',
        labelNames: ['shard'],
      }),
  ),
  events: once(
    'exchange_engine_events_total',
    () =>
      new Counter({
        name: 'exchange_engine_events_total',
        help: 'Events the engine published (accepted, trades, book changes, rejections...), per shard.',
        labelNames: ['shard'],
      }),
  ),
  latency: once(
    'exchange_engine_command_latency_seconds',
    () =>
      new Histogram({
        name: 'exchange_engine_command_latency_seconds',
        help: "Time from a command's arrival in the shard's input stream (its stream id) to its events published, per shard.",
        labelNames: ['shard'],
        buckets: LATENCY_BUCKETS,
      }),
  ),
  fsync: once(
    'exchange_engine_journal_fsync_seconds',
    () =>
      new Histogram({
        name: 'exchange_engine_journal_fsync_seconds',
        help: 'Time to write one batch of commands to the journal and fsync it (the engine acts only after), per shard.',
        labelNames: ['shard'],
        buckets: LATENCY_BUCKETS,
      }),
  ),
  seq: once(
    'exchange_engine_seq',
    () =>
      new Gauge({
        name: 'exchange_engine_seq',
        help: 'The seq of the last event the engine produced, per shard.',
        labelNames: ['shard'],
      }),
  ),
  lastBeat: once(
    'exchange_engine_last_beat_timestamp_seconds',
    () =>
      new Gauge({
        name: 'exchange_engine_last_beat_timestamp_seconds',
        help: 'When the engine last wrote its heartbeat to Redis (Unix time), per shard.',
        labelNames: ['shard'],
      }),
  ),
};

/**
 * exchange_engine_behind: 1 while the shard's engine waits for its books to be rebuilt from the
 * database (its data folder was lost or is older than the exchange; docs/operations.md).
 */
export function reportBehind(shard: string, behind: () => boolean): void {
  once(
    'exchange_engine_behind',
    () =>
      new Gauge({
        name: 'exchange_engine_behind',
        help: "1 while the shard's engine is behind the exchange and waits for its books to be rebuilt from the database's open orders; 0 while it matches.",
        labelNames: ['shard'],
        collect() {
          this.set({ shard }, behind() ? 1 : 0);
        },
      }),
  );
}

/** delivered: the exchange answered code 200; refused: it answered otherwise; unreachable. */
export const simCallbacks = once(
  'exchange_sim_callbacks_total',
  () =>
    new Counter({
      name: 'exchange_sim_callbacks_total',
      help: 'Signed callbacks a simulated outside party sent to the exchange, by outcome.',
      labelNames: ['outcome'],
    }),
);
