// `npm run restore <backup>`: a stopped or fresh installation rebuilt from a backup folder. Every
// check comes before the first change (checksums, migrations, secrets, nothing running, the
// engine cut into a scratch folder); what was there before is moved aside, never deleted.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { listMigrations } from '../db/migrations.js';
import { runCut, runPgTool } from './backup.js';
import {
  DATA_SECRETS,
  DATABASE_DUMP,
  databaseSummary,
  listFiles,
  secretFingerprints,
  verifyBackup,
  type Manifest,
} from './manifest.js';

export interface RestoreOptions {
  backup: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  engineDataDir: string;
  fileStorageDir: string;
  /** The secrets the restored installation will run with (environment and secrets file). */
  secrets: Record<string, string | undefined>;
  /** Replace a database that exists (it is renamed aside, not dropped). */
  replace?: boolean;
  /** Go on although secrets differ from the backup's (what they protect is then lost). */
  acceptNewSecrets?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the previous database, engine folder went, if there were any. */
  previousDatabase: string | null;
  previousEngineDir: string | null;
  /** Shards whose engine rebuilds its books from the database (their folder could not be cut). */
  rebuilt: string[];
}

export class RestoreRefused extends Error {}

export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const log = o.log ?? (() => undefined);
  const manifest = await verifyBackup(o.backup);
  log(`checksums match (${Object.keys(manifest.checksums).length} files)`);

  const known = new Set(listMigrations().map((m) => m.name));
  const unknown = manifest.database.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `the backup's database has migrations this checkout does not know (${unknown.join(', ')}): ` +
        `restore with the version that made it (commit ${manifest.source.commit ?? 'unknown'})`,
    );

  const ours = secretFingerprints(o.secrets);
  const differing = Object.entries(manifest.secrets.fingerprints)
    .filter(([name, fp]) => ours[name] !== fp)
    .map(([name]) => name);
  if (differing.length > 0 && !o.acceptNewSecrets)
    throw new RestoreRefused(
      `this installation's secrets are not the backup's (${differing.join(', ')} ` +
        `${differing.length === 1 ? 'differs or is missing' : 'differ or are missing'}): put the secrets file kept apart ` +
        `from this backup at ${manifest.secrets.file} (mode 600) and run the restore again. Without it:\n` +
        differing.map((n) => `  ${n}: ${DATA_SECRETS[n as keyof typeof DATA_SECRETS]}`).join('\n') +
        `\n(--accept-new-secrets restores anyway and gives that up)`,
    );

  const target = new URL(o.databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/i.test(name)) throw new RestoreRefused(`unsupported database name "${name}"`);
  const admin = new URL(o.databaseUrl);
  admin.pathname = '/postgres';
  const redis = new Redis(o.redisUrl, { lazyConnect: true });
  redis.on('error', () => undefined);
  const pgAdmin = new pg.Client({ connectionString: admin.toString() });
  pgAdmin.on('error', () => undefined);
  await pgAdmin.connect();
  const scratch = `${o.engineDataDir}.restoring-${process.pid}`;
  try {
    await redis.connect();
    if ((await redis.exists(`${o.redisPrefix}matching:heartbeat`)) === 1)
      throw new RestoreRefused(
        `a matching engine of this installation is running (its heartbeat in Redis, prefix ` +
          `${o.redisPrefix}, which also outlives a stopped engine by up to 15 s): stop the ` +
          `exchange first`,
      );
    const exists =
      (await pgAdmin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists) {
      if (!o.replace)
        throw new RestoreRefused(
          `the database ${name} exists: restore into a new one (DATABASE_URL), or pass --replace ` +
            `to set it aside (renamed, not dropped) and put the backup in its place`,
        );
      const { rows } = await pgAdmin.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      if (Number(rows[0]?.n) > 0)
        throw new RestoreRefused(
          `${rows[0]?.n} connections are open on ${name}: stop the exchange (and anything else ` +
            `using the database) first`,
        );
    }

    // The engine first, into a scratch folder: a backup it cannot restore changes nothing.
    rmSync(scratch, { recursive: true, force: true });
    const rebuilt: string[] = [];
    for (const [shard, s] of Object.entries(manifest.engine.shards)) {
      const cut = runCut({
        from: path.join(o.backup, 'engine', `shard-${shard}`),
        to: path.join(scratch, `shard-${shard}`),
        seq: s.seq,
        specs: s.specs,
      });
      if ('problem' in cut) {
        // Its folder stays empty: the engine starts behind settlement's cursor and waits until
        // settlement gives it the database's open orders (engine-service.ts fallBehind).
        rmSync(path.join(scratch, `shard-${shard}`), { recursive: true, force: true });
        rebuilt.push(shard);
        log(
          `engine shard ${shard}: ${cut.problem}; its engine will rebuild its books from the ` +
            `database's open orders when it starts`,
        );
      } else log(`engine shard ${shard}: cut at seq ${cut.seq} (${cut.held} orders held)`);
    }
    mkdirSync(scratch, { recursive: true });

    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    let previousDatabase: string | null = null;
    if (exists) {
      previousDatabase = `${name.slice(0, 40)}_before_restore_${stamp}`;
      await pgAdmin.query(`ALTER DATABASE "${name}" RENAME TO "${previousDatabase}"`);
      log(`the database ${name} was renamed ${previousDatabase}`);
    }
    await pgAdmin.query(`CREATE DATABASE "${name}"`);
    log(`restoring the database into ${name}`);
    await pgRestore(o.databaseUrl, path.join(o.backup, DATABASE_DUMP));

    const db = new pg.Client({ connectionString: o.databaseUrl });
    db.on('error', () => undefined);
    await db.connect();
    try {
      const summary = await databaseSummary(db);
      const wrong = Object.entries(manifest.database.summary)
        .filter(([k, v]) => summary[k as keyof typeof summary] !== v)
        .map(([k]) => k);
      if (wrong.length > 0)
        throw new Error(
          `the restored database differs from the backup's summary (${wrong.join(', ')})`,
        );
      // The restored folder is the one that runs against it now (engine-home.ts).
      await db.query(
        `INSERT INTO engine_home (id, host, "dataDir", "updatedAt") VALUES (1, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET host = $1, "dataDir" = $2, "updatedAt" = now()`,
        [hostname(), o.engineDataDir],
      );
    } finally {
      await db.end().catch(() => undefined);
    }

    // Redis keeps nothing durable, but what the old engine left on this prefix (streams whose
    // seqs run past the cursors, the settled watermarks) would make the restored one seem behind.
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${o.redisPrefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');

    let previousEngineDir: string | null = null;
    if (existsSync(o.engineDataDir) && readdirSync(o.engineDataDir).length > 0) {
      previousEngineDir = `${o.engineDataDir}.before-restore-${stamp}`;
      renameSync(o.engineDataDir, previousEngineDir);
      log(`the engine folder was moved to ${previousEngineDir}`);
    } else rmSync(o.engineDataDir, { recursive: true, force: true });
    mkdirSync(path.dirname(o.engineDataDir), { recursive: true });
    renameSync(scratch, o.engineDataDir);

    // Added beside what is there: uploads are named by random keys, and the folder may be shared
    // by installations of one checkout (apps/gateway/.data/files).
    const files = path.join(o.backup, 'files');
    if (existsSync(files)) cpSync(files, o.fileStorageDir, { recursive: true, force: true });
    log(`${listFiles(files).length} uploaded files restored into ${o.fileStorageDir}`);
    return { manifest, previousDatabase, previousEngineDir, rebuilt };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    redis.disconnect();
    await pgAdmin.end().catch(() => undefined);
  }
}

function pgRestore(url: string, file: string): Promise<void> {
  // One transaction: a restore that fails leaves an empty database, not half of one.
  return runPgTool('pg_restore', [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    `--dbname=${url}`,
    file,
  ]);
}
