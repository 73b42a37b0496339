import { createHash, createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { parseFileKey } from '../../config/env.js';
import { FileCipher } from './file-crypto.js';
import { LocalFileStorage, type FileStorage } from './file-storage.js';
import type { FilesDeps } from './file-service.js';
import { SWEEP_DELAY_MS, sweepUploadJob } from './sweep-job.js';

export { assertOwnedFiles, reviewerUrl, type FilesDeps, type ReviewLinks } from './file-service.js';
export type { FileStorage } from './file-storage.js';
export { fileRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The uploads module (storage, cipher, reviewer links) for the features that use files. */
    files: FilesDeps;
  }
}

/** apps/gateway/.data/files, wherever the process was started from. */
export const DEFAULT_FILE_STORAGE_DIR = fileURLToPath(
  new URL('../../../.data/files', import.meta.url),
);

/**
 * The uploads module as the app configures it: the local storage folder, the encryption key
 * (a fixed development key, with a warning, when FILE_ENCRYPTION_KEY is unset outside
 * production; the env check refuses that in production) and the reviewer links' key, derived
 * from AUTH_SECRET so it needs no setting of its own.
 */
export function createFiles(app: FastifyInstance, storage?: FileStorage): FilesDeps {
  const { env } = app;
  let key = env.FILE_ENCRYPTION_KEY ? parseFileKey(env.FILE_ENCRYPTION_KEY) : null;
  if (!key) {
    if (env.NODE_ENV !== 'test')
      app.log.warn('FILE_ENCRYPTION_KEY is not set: uploads are encrypted with a development key');
    key = createHash('sha256').update('exchange development file key').digest();
  }
  const store = storage ?? new LocalFileStorage(env.FILE_STORAGE_DIR ?? DEFAULT_FILE_STORAGE_DIR);
  const sweep = sweepUploadJob({ db: app.db, storage: store });
  app.jobs.register(sweep);
  return {
    db: app.db,
    storage: store,
    sweepLater: async (keys) => {
      // At least 15 real minutes even when logical time runs fast (TIME_SCALE), so a sweep never
      // overtakes an upload still in progress.
      const delayMs = Math.max(SWEEP_DELAY_MS, 15 * 60_000 * app.clock.scale);
      await app.jobs.enqueue(sweep, { keys }, { delayMs });
    },
    cipher: new FileCipher(key),
    links: {
      secret: createHmac('sha256', env.AUTH_SECRET).update('file review links').digest(),
      clock: app.clock,
      baseUrl: env.PUBLIC_BASE_URL,
    },
  };
}
