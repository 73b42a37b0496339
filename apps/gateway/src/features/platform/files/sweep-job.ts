import { z } from 'zod';
import type { JobDefinition } from '../../../jobs/jobs.js';
import type { Db } from '../../../db/client.js';
import type { FileStorage } from './file-storage.js';

const payload = z.object({ keys: z.array(z.uuid()).min(1).max(10) });

/** How long after an upload began its storage keys are checked (logical time). */
export const SWEEP_DELAY_MS = 60 * 60 * 1000;

/**
 * An upload writes its files before their rows; a process that dies in between would leave
 * encrypted files nobody can reach. Each upload therefore schedules, before it writes anything,
 * this check of the storage keys it may use: an hour later, any of them without a row is
 * deleted. (A refused upload deletes its files at once; this covers crashes only.)
 */
export function sweepUploadJob(deps: {
  db: Pick<Db, 'storedFile'>;
  storage: FileStorage;
}): JobDefinition<typeof payload> {
  return {
    name: 'files-sweep-upload',
    payload,
    async handle({ keys }) {
      const kept = await deps.db.storedFile.findMany({
        where: { storageKey: { in: keys } },
        select: { storageKey: true },
      });
      const known = new Set(kept.map((r) => r.storageKey));
      for (const key of keys) if (!known.has(key)) await deps.storage.delete(key);
    },
  };
}
