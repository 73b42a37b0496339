// `npm run backup`: one folder with everything an installation needs to come back, taken while
// it runs and trades. The database is dumped from one snapshot (pg_dump --snapshot), and the
// engine's folders are copied after it, so their journals reach at least the dump's settlement
// cursors; a restore cuts them back to exactly those (engine-cut.ts in apps/matching-sim).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { appDir, repoRoot } from '../workspace.js';
import {
  BACKUP_FORMAT,
  DATABASE_DUMP,
  DATA_SECRETS,
  MANIFEST,
  databaseSummary,
  listFiles,
  secretFingerprints,
  sha256File,
  type Manifest,
  type ShardManifest,
} from './manifest.js';

export interface BackupOptions {
  databaseUrl: string;
  engineDataDir: string;
  fileStorageDir: string;
  /** The installation's secrets: only their fingerprints go into the manifest. */
  secrets: Record<string, string | undefined>;
  /** Where the installation keeps them, for the warning and the manifest. */
  secretsFile: string;
  /** The backup folder to make (it must not exist). */
  out: string;
  log?: (line: string) => void;
  /**
   * Called with the dump's exported snapshot while pg_dump runs (the exchange goes on meanwhile):
   * a drill reads the database as the dump sees it through it (SET TRANSACTION SNAPSHOT).
   */
  onSnapshot?: (snapshotId: string) => Promise<void>;
}

/** The engine's files a backup takes: journal segments and snapshots, nothing set aside. */
const ENGINE_FILE = /^(journal-\d+\.log|snapshot(-\d+-\d+)?\.json)$/;

export async function createBackup(o: BackupOptions): Promise<Manifest> {
  const log = o.log ?? (() => undefined);
  if (existsSync(o.out)) throw new Error(`${o.out} exists: a backup goes into a new folder`);
  // Made under another name and renamed when complete: an interrupted backup never looks whole.
  const work = `${o.out}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true, mode: 0o700 });
  const pin = path.join(
    o.engineDataDir,
    `.backup-pin-${process.pid}-${randomBytes(3).toString('hex')}`,
  );
  const db = new pg.Client({ connectionString: o.databaseUrl });
  db.on('error', () => undefined);
  try {
    // Files first and again after the dump: every file a row of the dump names existed at one of
    // the two moments (uploads land under new names; a file goes only when its row goes).
    const filesDir = path.join(work, 'files');
    copyFiles(o.fileStorageDir, filesDir);
    // Hard links to the engine's files as they are before the dump: the engine deletes old
    // segments and snapshots once settlement has passed them, and the journal from the dump's
    // cursor on must still be there when it is copied after the dump.
    pinEngine(o.engineDataDir, pin);

    await db.connect();
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const snapshotId = (await db.query<{ id: string }>('SELECT pg_export_snapshot() AS id'))
      .rows[0]!.id;
    const cursors = Object.fromEntries(
      (
        await db.query<{ shard: string; lastSeq: number }>(
          'SELECT shard, "lastSeq" FROM engine_cursor ORDER BY shard',
        )
      ).rows.map((r) => [r.shard, r.lastSeq]),
    );
    const mapShards = (
      await db.query<{ shard: string }>(
        'SELECT DISTINCT "engineShard" AS shard FROM trading_symbol ORDER BY 1',
      )
    ).rows.map((r) => r.shard);
    const migrations = (
      await db.query<{ name: string }>(
        `SELECT migration_name AS name FROM _prisma_migrations
         WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
      )
    ).rows.map((r) => r.name);
    const summary = await databaseSummary(db);
    const fileKeys = (
      await db.query<{ key: string }>('SELECT "storageKey" AS key FROM stored_file')
    ).rows.map((r) => r.key);
    const server = (await db.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
    log(
      `dumping the database (snapshot ${snapshotId}; settlement cursors ${JSON.stringify(cursors)})`,
    );
    await Promise.all([
      pgDump(o.databaseUrl, snapshotId, path.join(work, DATABASE_DUMP)),
      o.onSnapshot?.(snapshotId),
    ]);
    await db.query('COMMIT');
    await db.end();

    const specs = shardSpecs(o.databaseUrl);
    const shards: Record<string, ShardManifest> = {};
    const names = new Set([...mapShards, ...Object.keys(cursors), ...Object.keys(specs)]);
    for (const shard of [...names].sort()) {
      const to = path.join(work, 'engine', `shard-${shard}`);
      copyEngine(
        path.join(o.engineDataDir, `shard-${shard}`),
        path.join(pin, `shard-${shard}`),
        to,
      );
      const seq = cursors[shard] ?? 0;
      const entry: ShardManifest = { seq, specs: specs[shard] ?? [], cut: null };
      // A trial cut now: a backup whose engine cannot be brought to its cursor is said so today,
      // not on the day it is needed.
      const cut = runCut({ from: to, seq, specs: entry.specs });
      if ('problem' in cut) {
        entry.problem = cut.problem;
        log(
          `engine shard ${shard}: its folder cannot be cut at seq ${seq} (${cut.problem}); a restore ` +
            `lets the engine rebuild its books from the database's open orders instead`,
        );
      } else {
        entry.cut = cut;
        log(
          `engine shard ${shard}: at seq ${seq} (${cut.held} orders held; the journal holds ` +
            `${cut.beyond} later commands, left out on restore)`,
        );
      }
      shards[shard] = entry;
    }
    copyFiles(o.fileStorageDir, filesDir);
    const copied = new Set(listFiles(filesDir).map((f) => path.posix.basename(f)));
    const missing = fileKeys.filter((k) => !copied.has(k)).sort();
    if (missing.length > 0)
      log(`${missing.length} uploaded files the database names are not in ${o.fileStorageDir}`);

    writeFileSync(path.join(work, 'README.txt'), readme(o));
    const checksums: Record<string, string> = {};
    for (const f of listFiles(work)) checksums[f] = await sha256File(path.join(work, f));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      source: {
        database: new URL(o.databaseUrl).pathname.slice(1),
        host: hostname(),
        engineDataDir: o.engineDataDir,
        fileStorageDir: o.fileStorageDir,
        commit: gitCommit(),
        node: process.version,
      },
      database: {
        file: DATABASE_DUMP,
        server,
        pgDump: execFileSync(pgTool('pg_dump'), ['--version'], { encoding: 'utf8' }).trim(),
        migrations,
        cursors,
        summary,
      },
      engine: { shards },
      files: { count: listFiles(filesDir).length, missing },
      secrets: {
        included: false,
        file: path.relative(repoRoot, o.secretsFile) || o.secretsFile,
        fingerprints: secretFingerprints(o.secrets),
      },
      checksums,
    };
    writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    renameSync(work, o.out);
    return manifest;
  } catch (err) {
    await db.end().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    throw err;
  } finally {
    rmSync(pin, { recursive: true, force: true });
  }
}

/** pg_dump and pg_restore: PG_BIN's when set, else the ones on the PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  return process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name;
}

function pgDump(url: string, snapshotId: string, file: string): Promise<void> {
  return runPgTool('pg_dump', [
    '--format=custom',
    `--snapshot=${snapshotId}`,
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
}

/** Runs pg_dump or pg_restore; fails with its error output, or says how to get it. */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool(name), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) =>
      reject(
        new Error(
          `${name} could not be run (${err.message}): install the PostgreSQL client or set PG_BIN`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** Copies the uploads not yet copied (finished ones only: an upload in progress ends in .tmp). */
function copyFiles(from: string, to: string): void {
  for (const f of listFiles(from)) {
    if (f.endsWith('.tmp')) continue;
    const target = path.join(to, f);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      copyFileSync(path.join(from, f), target);
    } catch (err) {
      // Deleted between the listing and the copy: its row is gone too.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

function pinEngine(engineDataDir: string, pin: string): void {
  if (!existsSync(engineDataDir)) return;
  for (const dir of readdirSync(engineDataDir)) {
    if (!dir.startsWith('shard-')) continue;
    mkdirSync(path.join(pin, dir), { recursive: true });
    for (const f of readdirSync(path.join(engineDataDir, dir))) {
      if (!ENGINE_FILE.test(f)) continue;
      const from = path.join(engineDataDir, dir, f);
      try {
        linkSync(from, path.join(pin, dir, f));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue;
        // No hard links there (another file system): a copy keeps it just as well.
        copyFileSync(from, path.join(pin, dir, f));
      }
    }
  }
}

/**
 * The shard's files now, plus those the engine deleted since they were pinned: a journal
 * segment is the same file under both (it only grows), the current snapshot the newer one.
 */
function copyEngine(current: string, pinned: string, to: string): void {
  mkdirSync(to, { recursive: true });
  const names = new Set<string>();
  for (const dir of [current, pinned])
    if (existsSync(dir)) for (const f of readdirSync(dir)) if (ENGINE_FILE.test(f)) names.add(f);
  for (const f of names) {
    for (const dir of [current, pinned]) {
      try {
        copyFileSync(path.join(dir, f), path.join(to, f));
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

/** The engine symbols of every shard, as `npm start` gives them to the engines. */
function shardSpecs(databaseUrl: string): Record<string, unknown[]> {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/features/trading/orders/engine-symbols-cli.ts', '--all'],
    {
      cwd: appDir('gateway'),
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as Record<string, unknown[]>;
}

export type CutOutcome = NonNullable<ShardManifest['cut']> | { problem: string };

/** Runs the engine's cut (apps/matching-sim engine-cut-cli.ts) on a shard folder. */
export function runCut(args: {
  from: string;
  to?: string;
  seq: number;
  specs: unknown[];
}): CutOutcome {
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/service/engine-cut-cli.ts', JSON.stringify(args)],
      { cwd: appDir('matching-sim'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return JSON.parse(out) as NonNullable<ShardManifest['cut']>;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    return { problem: stderr || (err as Error).message };
  }
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function readme(o: BackupOptions): string {
  const lost = Object.entries(DATA_SECRETS)
    .map(([name, what]) => `  ${name}: without it ${what}`)
    .join('\n');
  return `A backup of the exchange (database ${new URL(o.databaseUrl).pathname.slice(1)}), made by npm run backup.

  manifest.json   versions, migrations, settlement cursors, checksums of every file
  database.dump   pg_dump --format=custom, from one snapshot
  engine/         every engine shard's snapshots and journal (cut to the cursors on restore)
  files/          the uploaded files, still encrypted

THE SECRETS FILE IS NOT IN THIS BACKUP. Keep a copy of ${o.secretsFile} apart from it
(another place, another medium): whoever holds both can read everything. Restoring needs it:
${lost}

Restore: npm run restore -- <this folder> (docs/operations.md, Backup and restore).
`;
}
