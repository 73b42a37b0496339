import { z } from 'zod';
import type { JobDefinition, Jobs } from '../../../jobs/jobs.js';
import { deliverOverdueNotices, type NotifyDeps } from './notify.js';

const payload = z.object({ slot: z.number().int() });

/** How often the sweep runs (logical time). */
export const OUTBOX_SWEEP_MS = 60_000;

/**
 * The notifications outbox sweep: delivers notices stored but left undelivered (see
 * `deliverOverdueNotices`), then schedules its next run. One run per slot of OUTBOX_SWEEP_MS
 * across every gateway (the job id is the slot's), and one at start, which is when what a
 * crashed process left behind is found.
 */
export function outboxSweepJob(deps: NotifyDeps & { jobs: Jobs }): JobDefinition<typeof payload> {
  const job: JobDefinition<typeof payload> = {
    name: 'notification-outbox-sweep',
    payload,
    async handle() {
      try {
        for (let round = 0; round < 10; round += 1)
          if ((await deliverOverdueNotices(deps)) < 500) break;
      } finally {
        await scheduleOutboxSweep(deps, job);
      }
    },
  };
  return job;
}

export async function scheduleOutboxSweep(
  deps: Pick<NotifyDeps, 'clock'> & { jobs: Jobs },
  job: JobDefinition<typeof payload>,
  delayMs = OUTBOX_SWEEP_MS,
): Promise<void> {
  const slot = Math.floor((deps.clock.now() + delayMs) / OUTBOX_SWEEP_MS);
  await deps.jobs.enqueue(job, { slot }, { delayMs, jobId: `notification-outbox-sweep-${slot}` });
}
