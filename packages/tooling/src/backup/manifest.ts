// The backup folder's manifest: what is in it, from which point, and the sha256 of every file,
// so a restore can refuse a backup that was damaged in storage or in transit before it touches
// anything.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database.dump';
export const BACKUP_FORMAT = 1;

/** The secrets whose loss makes part of a backup unreadable (see secretFingerprints). */
export const DATA_SECRETS = {
  FILE_ENCRYPTION_KEY: 'uploaded files do not open',
  TOTP_ENCRYPTION_KEY: 'Authenticator (2FA) links cannot be read',
  AUTH_SECRET: "sessions end and reviewers' file links stop working",
  CSRF_SECRET: 'open browser forms are refused once',
  CHAIN_HD_SEED: "users' deposit addresses cannot be derived again",
} as const;

/** Counts and digests of what a restore must give back, read in the dump's own snapshot. */
export interface DatabaseSummary {
  users: string;
  orders: string;
  trades: string;
  ledgerEntries: string;
  storedFiles: string;
  /** sha256 of every balance row (account, mode, asset, available, frozen). */
  balances: string;
  /** sha256 of every open order (id, status, quantity, filled). */
  openOrders: string;
}

export interface ShardManifest {
  /** Settlement's committed seq in the dump (engine_cursor): the point the engine is cut at. */
  seq: number;
  /** The symbols the shard's engine ran with (its replay needs them). */
  specs: unknown[];
  /** What a trial cut gave when the backup was made, or why it could not be made. */
  cut: { seq: number; baseSeq: number; replayed: number; beyond: number; held: number } | null;
  problem?: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  source: {
    database: string;
    host: string;
    engineDataDir: string;
    fileStorageDir: string;
    commit: string | null;
    node: string;
  };
  database: {
    file: typeof DATABASE_DUMP;
    server: string;
    pgDump: string;
    /** Applied Prisma migrations (`_prisma_migrations`), oldest first. */
    migrations: string[];
    /** Settlement's cursor of every shard, as the dump holds it. */
    cursors: Record<string, number>;
    summary: DatabaseSummary;
  };
  engine: { shards: Record<string, ShardManifest> };
  files: { count: number; missing: string[] };
  secrets: {
    included: false;
    /** Where the installation keeps them (never copied into a backup). */
    file: string;
    /** A digest of each secret (not the secret): a restore checks it has the same ones. */
    fingerprints: Record<string, string>;
  };
  /** sha256 of every other file in the folder, by its path there ('/' separated). */
  checksums: Record<string, string>;
}

/**
 * A short digest of each secret that decides whether backed-up data can be read: enough to tell
 * the same secret from another, and nothing that helps guess a 256-bit one.
 */
export function secretFingerprints(
  secrets: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(DATA_SECRETS)) {
    const value = secrets[name];
    if (value)
      out[name] = createHash('sha256')
        .update(`exchange backup fingerprint\n${name}\n${value}`)
        .digest('hex')
        .slice(0, 16);
  }
  return out;
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Every file under `dir`, as paths relative to it with '/' separators, sorted. */
export function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

export class DamagedBackup extends Error {}

/**
 * Reads the manifest and checks every file against it: a file changed, missing or not listed
 * (the manifest is the backup's whole content) refuses the backup with the list of problems.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const manifestPath = path.join(dir, MANIFEST);
  if (!existsSync(manifestPath))
    throw new DamagedBackup(`${dir} is not a backup: it has no ${MANIFEST}`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch (err) {
    throw new DamagedBackup(`the backup's ${MANIFEST} cannot be read: ${(err as Error).message}`);
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.checksums !== 'object')
    throw new DamagedBackup(
      `the backup's ${MANIFEST} is not of format ${BACKUP_FORMAT} (made by another version?)`,
    );
  const problems: string[] = [];
  const present = new Set(listFiles(dir).filter((f) => f !== MANIFEST));
  for (const [file, expected] of Object.entries(manifest.checksums)) {
    if (!present.delete(file)) problems.push(`${file} is missing`);
    else if ((await sha256File(path.join(dir, file))) !== expected)
      problems.push(`${file} does not match its checksum`);
  }
  for (const file of present) problems.push(`${file} is not in the manifest`);
  if (!(DATABASE_DUMP in manifest.checksums)) problems.push(`${DATABASE_DUMP} is not listed`);
  if (problems.length > 0)
    throw new DamagedBackup(
      `the backup ${dir} is damaged, nothing was restored:\n  ${problems.slice(0, 20).join('\n  ')}` +
        (problems.length > 20 ? `\n  ... and ${problems.length - 20} more` : ''),
    );
  return manifest;
}

const OPEN = `('PENDING', 'NEW', 'PARTIALLY_FILLED', 'TRIGGERED', 'TRAILING')`;
const digest = (rows: string, order: string, from: string) =>
  `(SELECT encode(sha256(convert_to(coalesce(string_agg(concat_ws('|', ${rows}), E'\\n' ORDER BY ${order}), ''), 'UTF8')), 'hex') FROM ${from})`;

/** The summary of a database (in the caller's transaction: the dump's snapshot when backing up). */
export async function databaseSummary(db: pg.ClientBase): Promise<DatabaseSummary> {
  const { rows } = await db.query<DatabaseSummary>(`SELECT
    (SELECT count(*) FROM app_user)::text AS users,
    (SELECT count(*) FROM spot_order)::text AS orders,
    (SELECT count(*) FROM spot_trade)::text AS trades,
    (SELECT count(*) FROM ledger_entry)::text AS "ledgerEntries",
    (SELECT count(*) FROM stored_file)::text AS "storedFiles",
    ${digest(`"accountId", mode, asset, available, frozen`, `"accountId", mode, asset`, 'balance')} AS balances,
    ${digest(`id, status, quantity, "filledQuantity"`, 'id', `spot_order WHERE status IN ${OPEN}`)} AS "openOrders"`);
  return rows[0]!;
}
