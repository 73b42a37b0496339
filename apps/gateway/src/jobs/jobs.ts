import { Queue, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import type { RedisConnections } from '../lib/redis.js';
import { jobFailures } from '../lib/metrics.js';

/** A kind of background job: an id, a payload schema and a handler (one file per job). */
export interface JobDefinition<S extends z.ZodType> {
  readonly name: string;
  readonly payload: S;
  handle(payload: z.infer<S>, job: Job): Promise<void>;
}

/** Retry policy of every job: five attempts with exponential back-off from 1 s. */
const DEFAULT_ATTEMPTS = 5;
const BACKOFF_MS = 1000;
const QUEUE = 'exchange';

/**
 * BullMQ's key prefix under the Redis prefix. Its keys are `<prefix>:<queue>:...` and its scripts
 * touch several at once: the hash tag keeps a queue's keys in one slot of a Redis Cluster.
 */
export const jobsPrefix = (redisPrefix: string): string => `${redisPrefix}{bull}`;

/**
 * Moves the queue of a release before the hash tag (`<prefix>bull:...`) to its name now, so the
 * jobs still waiting in a single Redis (a 24-hour freeze, a review) survive the upgrade. Jobs
 * refer to each other by id, never by key, so renaming every key moves the queue whole. Run
 * at start with the exchange's old processes stopped; nothing to do once the old keys are gone
 * (and never on a cluster, which never held them). Returns how many keys moved.
 */
export async function renameLegacyQueueKeys(redis: RedisConnections): Promise<number> {
  if (redis.cluster) return 0;
  const conn = redis.forBullMq();
  const legacy = `${redis.prefix}bull:`;
  const now = `${jobsPrefix(redis.prefix)}:`;
  let moved = 0;
  let cursor = '0';
  do {
    const [next, keys] = await conn.scan(cursor, 'MATCH', `${legacy}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      // Another instance starting at the same moment may have moved it already.
      const ok = await conn.renamenx(key, `${now}${key.slice(legacy.length)}`).catch(() => 0);
      moved += ok;
    }
  } while (cursor !== '0');
  return moved;
}

export interface Jobs {
  register<S extends z.ZodType>(def: JobDefinition<S>): void;
  /** Enqueues a job; `delayMs` is logical time and is scaled by the clock. */
  enqueue<S extends z.ZodType>(
    def: JobDefinition<S>,
    payload: z.infer<S>,
    opts?: { delayMs?: number; jobId?: string },
  ): Promise<string>;
  /** Jobs of this kind not finished yet: waiting, running, or delayed (also for a retry). */
  pending<S extends z.ZodType>(def: JobDefinition<S>): Promise<number>;
  /**
   * Makes the delayed jobs of this kind due now and returns how many. For tests on the manual
   * clock, whose logical time does not move real timers: handlers of promotable jobs check their
   * own due time against the clock and put themselves back when early.
   */
  promote<S extends z.ZodType>(def: JobDefinition<S>): Promise<number>;
  /** Jobs of every kind by state (waiting, active, delayed, prioritized, failed), for metrics. */
  counts(): Promise<Record<string, number>>;
  /** Starts processing registered jobs in this process. */
  start(): void;
  close(): Promise<void>;
}

/**
 * All delayed work of the spec (risk reviews, freezes, batch windows, e-mail) runs through one
 * BullMQ queue on the connections owned by the Redis module. Payloads are validated on both ends.
 */
export function createJobs(opts: {
  redis: RedisConnections;
  clock: Clock;
  log: FastifyBaseLogger;
}): Jobs {
  const prefix = jobsPrefix(opts.redis.prefix);
  let queue: Queue | undefined;
  let worker: Worker | undefined;
  const handlers = new Map<string, JobDefinition<z.ZodType>>();

  const getQueue = () => {
    if (queue) return queue;
    queue = new Queue(QUEUE, { connection: opts.redis.forBullMq(), prefix });
    // A Queue or Worker re-emits its connection's errors: without a listener that is an uncaught
    // 'error' event. The connection reconnects by itself.
    queue.on('error', (err) => opts.log.warn({ err }, 'job queue: redis connection error'));
    return queue;
  };

  return {
    register(def) {
      if (handlers.has(def.name)) throw new Error(`Job ${def.name} registered twice`);
      handlers.set(def.name, def);
    },
    async enqueue(def, payload, enqueueOpts = {}) {
      const data: unknown = def.payload.parse(payload);
      const job = await getQueue().add(def.name, data, {
        attempts: DEFAULT_ATTEMPTS,
        backoff: { type: 'exponential', delay: BACKOFF_MS },
        delay: opts.clock.realDelay(enqueueOpts.delayMs ?? 0),
        removeOnComplete: 1000,
        removeOnFail: 5000,
        ...(enqueueOpts.jobId ? { jobId: enqueueOpts.jobId } : {}),
      });
      return job.id ?? '';
    },
    async pending(def) {
      const jobs = await getQueue().getJobs(['waiting', 'prioritized', 'active', 'delayed']);
      return jobs.filter((job) => job.name === def.name).length;
    },
    async promote(def) {
      const jobs = await getQueue().getJobs(['delayed']);
      const mine = jobs.filter((job) => job.name === def.name);
      await Promise.all(mine.map((job) => job.promote()));
      return mine.length;
    },
    async counts() {
      return getQueue().getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
    },
    start() {
      if (worker) return;
      worker = new Worker(
        QUEUE,
        async (job) => {
          const def = handlers.get(job.name);
          if (!def) throw new Error(`No handler for job ${job.name}`);
          await def.handle(def.payload.parse(job.data), job);
        },
        { connection: opts.redis.forBullMq(), prefix, concurrency: 4 },
      );
      worker.on('error', (err) => opts.log.warn({ err }, 'job worker: redis connection error'));
      worker.on('failed', (job, err) => {
        jobFailures.inc({ job: job?.name ?? 'unknown' });
        opts.log.warn({ job: job?.name, id: job?.id, err }, 'job failed');
      });
    },
    async close() {
      await worker?.close();
      await queue?.close();
    },
  };
}
