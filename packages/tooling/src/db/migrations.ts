import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migratedSchemaPath, migrationsDir, schemaPath } from './paths.js';
import { pendingFunctionChanges } from './functions.js';

/** The advisory lock id Prisma's own migrate uses, so the two never run at once. */
const MIGRATION_LOCK = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function listMigrations(dir = migrationsDir): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** SQL still missing from the migrations: empty when schema.prisma has a migration for every change. */
export async function pendingSchemaChanges(): Promise<string> {
  const migrated = existsSync(migratedSchemaPath) ? readFileSync(migratedSchemaPath, 'utf8') : null;
  // Loaded only here: applying migrations (deploy) needs pg alone, so the docker image's built
  // `migrate` command carries no schema engine (build-processes.ts).
  const { diffSchemas } = await import('./schema-engine.js');
  return diffSchemas(migrated, readFileSync(schemaPath, 'utf8'));
}

/**
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql from the schema changes and, after
 * them, the CREATE OR REPLACE statement of every function whose source in prisma/functions/
 * differs from what the migrations define.
 */
export async function createMigration(name: string, now = new Date()): Promise<string | null> {
  const schemaSql = await pendingSchemaChanges();
  const functions = pendingFunctionChanges(listMigrations());
  if (schemaSql === '' && functions.length === 0) return null;
  const sql = [
    ...(schemaSql === '' ? [] : [schemaSql]),
    ...functions.map(
      (f) => `-- ${f.name}, from prisma/functions/${f.name}.sql (edit it there)\n${f.statement}`,
    ),
  ].join('\n\n');
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const folder = `${stamp}_${name.replace(/[^a-z0-9_]+/gi, '_').toLowerCase()}`;
  mkdirSync(path.join(migrationsDir, folder), { recursive: true });
  writeFileSync(path.join(migrationsDir, folder, 'migration.sql'), `${sql}\n`);
  writeFileSync(migratedSchemaPath, readFileSync(schemaPath, 'utf8'));
  const lock = path.join(migrationsDir, 'migration_lock.toml');
  if (!existsSync(lock)) writeFileSync(lock, 'provider = "postgresql"\n');
  return folder;
}

/**
 * Applies pending migrations in order, each in its own transaction, recording them in
 * `_prisma_migrations` exactly as `prisma migrate deploy` does, so either tool can follow the other.
 */
export async function deployMigrations(
  connectionString: string,
  dir = migrationsDir,
): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  // A connection Postgres drops fails the statement in progress (or the next); its 'error'
  // event must not end the process as an uncaught exception.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const ran: string[] = [];
    for (const m of listMigrations(dir)) {
      const previous = applied.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          throw new Error(
            `Migration ${m.name} was changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      ran.push(m.name);
    }
    return ran;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
