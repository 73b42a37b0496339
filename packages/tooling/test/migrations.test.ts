import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, ensureDatabase } from '../src/db/databases.js';
import { deployMigrations, listMigrations, pendingSchemaChanges } from '../src/db/migrations.js';
import { diffSchemas } from '../src/db/schema-engine.js';

const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgresql://postgres@localhost:5432';
const url = `${base}/exchange_test_migrations_${process.pid}`;

afterAll(() => dropDatabase(url));

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

describe('migrations', () => {
  it('cover every change of schema.prisma (create one with `pnpm db:migration <name>`)', async () => {
    expect(await pendingSchemaChanges()).toBe('');
  });

  it('apply in order to an empty database, once, recorded as Prisma records them', async () => {
    await dropDatabase(url);
    await ensureDatabase(url);
    const all = listMigrations().map((m) => m.name);
    expect(await deployMigrations(url)).toEqual(all);
    expect(await deployMigrations(url)).toEqual([]);
    const rows = await query<{ migration_name: string; finished_at: Date | null }>(
      'SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(all);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    const tables = await query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(tables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining(['asset', 'trading_symbol', 'block_list_item']),
    );
  });

  it('refuse a migration edited after it was applied, and roll back a failing one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    mkdirSync(path.join(dir, '001_a'));
    writeFileSync(path.join(dir, '001_a', 'migration.sql'), 'CREATE TABLE t_edit (id int);');
    await deployMigrations(url, dir);
    writeFileSync(path.join(dir, '001_a', 'migration.sql'), 'CREATE TABLE t_edit (id bigint);');
    await expect(deployMigrations(url, dir)).rejects.toThrow(/changed after it was applied/);

    const bad = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    mkdirSync(path.join(bad, '001_bad'));
    writeFileSync(
      path.join(bad, '001_bad', 'migration.sql'),
      'CREATE TABLE t_half (id int); SELECT nonsense();',
    );
    await expect(deployMigrations(url, bad)).rejects.toThrow(/001_bad failed/);
    const half = await query("SELECT 1 FROM pg_tables WHERE tablename = 't_half'");
    expect(half).toHaveLength(0);
  });

  it('diff two schemas into SQL', async () => {
    const a = 'datasource db {\n provider = "postgresql"\n}\nmodel A {\n id Int @id\n}\n';
    const b = a.replace('id Int @id', 'id Int @id\n name String?');
    expect(await diffSchemas(a, a)).toBe('');
    expect(await diffSchemas(a, b)).toMatch(/ADD COLUMN\s+"name" TEXT/);
  });
});
