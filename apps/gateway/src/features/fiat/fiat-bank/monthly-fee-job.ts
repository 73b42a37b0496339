import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { JobDefinition, Jobs } from '../../../jobs/jobs.js';
import type { Clock } from '../../../lib/clock.js';
import { hkMonth, levyMonthlyFees, nextHkMonthStart } from './fees.js';

const payload = z.object({ dueAt: z.number().int() });

/**
 * The virtual-account fee, on the shared clock: due at each Hong Kong month's first instant, it
 * levies every month an open account has not paid for yet (so a job missed while the exchange
 * was stopped is caught up by the next run), then schedules itself for the next month's start.
 * Levying is idempotent per account and month, so an early, late or repeated run is harmless;
 * an early one (tests promote it) waits again.
 */
export function monthlyFeeJob(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  onLevied?: (count: number) => Promise<void>;
}): JobDefinition<typeof payload> {
  const job: JobDefinition<typeof payload> = {
    name: 'partner-bank-monthly-fees',
    payload,
    async handle({ dueAt }) {
      const early = dueAt - deps.clock.now();
      if (early > 0) {
        await deps.jobs.enqueue(job, { dueAt }, { delayMs: early });
        return;
      }
      const levied = await levyMonthlyFees(deps.db, deps.clock.date());
      if (levied && deps.onLevied) await deps.onLevied(levied);
      await scheduleNextMonthlyFees(deps, job);
    },
  };
  return job;
}

/** Schedules the run at the next Hong Kong month's start (one job per month, by its id). */
export async function scheduleNextMonthlyFees(
  deps: { clock: Clock; jobs: Jobs },
  job: JobDefinition<typeof payload>,
): Promise<void> {
  const next = nextHkMonthStart(hkMonth(deps.clock.now()));
  await deps.jobs.enqueue(
    job,
    { dueAt: next.getTime() },
    { delayMs: next.getTime() - deps.clock.now(), jobId: `${job.name}-${hkMonth(next)}` },
  );
}
