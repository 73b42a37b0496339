// Where one installation keeps what is its own, derived as `npm start` derives it: shared by
// start.ts, `npm run backup` and `npm run restore`, so a backup reads and a restore writes the
// very folders and keys the exchange runs on.
import path from 'node:path';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from './services.js';
import { appDir } from './workspace.js';

export interface Installation {
  databaseUrl: string;
  databaseName: string;
  redisUrl: string;
  redisPrefix: string;
  /** Absolute: the engine's shard folders (`shard-<id>`), as the database records it. */
  engineDataDir: string;
  /** Absolute: the gateway's uploaded files (encrypted). */
  fileStorageDir: string;
}

export function installation(env: NodeJS.ProcessEnv = process.env): Installation {
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  // One exchange is one database, its own Redis namespace and its own engine journal: the
  // engine's streams and journal must never outlive or cross the database they belong to.
  const redisPrefix = env.REDIS_PREFIX ?? `ex:${databaseName}:`;
  const engineDataDir = path.resolve(
    // A relative folder is the engine's (its working directory is apps/matching-sim).
    appDir('matching-sim'),
    env.ENGINE_DATA_DIR ??
      path.join('.data', `${databaseName}-${redisPrefix.replace(/[^\w-]/g, '')}`),
  );
  return {
    databaseUrl,
    databaseName,
    redisUrl: env.REDIS_URL || DEFAULT_REDIS_URL,
    redisPrefix,
    engineDataDir,
    // The gateway's default (features/platform/files), relative to its own folder like the gateway
    // reads it.
    fileStorageDir: path.resolve(
      appDir('gateway'),
      env.FILE_STORAGE_DIR ?? path.join('.data', 'files'),
    ),
  };
}
