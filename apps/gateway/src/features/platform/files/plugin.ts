import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { parseFileKey } from '../../../config/env.js';
import { FileCipher } from './file-crypto.js';
import { LocalFileStorage } from './file-storage.js';
import fp from 'fastify-plugin';
import type { FilesDeps } from './file-service.js';
import { fileRoutes } from './routes.js';
import { SWEEP_DELAY_MS, sweepUploadJob } from './sweep-job.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The uploads module (storage, cipher, reviewer links) for the features that use files. */
    files: FilesDeps;
  }
}

/** apps/gateway/.data/files, wherever the process was started from. */
const DEFAULT_FILE_STORAGE_DIR = fileURLToPath(new URL('../../../../.data/files', import.meta.url));

/**
 * The uploads module as the app configures it: the local storage folder, the encryption key
 * (FILE_ENCRYPTION_KEY, required in every mode) and the reviewer links' key, derived from
 * AUTH_SECRET so it needs no setting of its own.
 */
function createFiles(app: FastifyInstance): FilesDeps {
  const { env } = app;
  const key = parseFileKey(env.FILE_ENCRYPTION_KEY);
  if (!key) throw new Error('FILE_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64');
  const store = new LocalFileStorage(env.FILE_STORAGE_DIR ?? DEFAULT_FILE_STORAGE_DIR);
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

/** Uploads: the module other features use (`app.files`), its sweep job and its routes. */
async function files(app: FastifyInstance): Promise<void> {
  app.decorate('files', createFiles(app));
  await app.register(fileRoutes(app.files));
}

export default fp(files, { name: 'platform/files', dependencies: ['infrastructure', 'auth'] });
