import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, ensureDatabase } from '../src/db/databases.js';
import {
  functionSources,
  functionStatements,
  migratedFunctions,
  pendingFunctionChanges,
} from '../src/db/functions.js';
import { deployMigrations, listMigrations } from '../src/db/migrations.js';

const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgresql://postgres@localhost:5432';
const migrated = `${base}/exchange_test_functions_a_${process.pid}`;
const fromSources = `${base}/exchange_test_functions_b_${process.pid}`;
afterAll(async () => {
  await dropDatabase(migrated);
  await dropDatabase(fromSources);
});

async function definitions(url: string, names: string[]): Promise<Map<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query<{ name: string; def: string }>(
      `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' AND p.proname = ANY($1)`,
      [names],
    );
    return new Map(res.rows.map((r) => [r.name, r.def]));
  } finally {
    await c.end();
  }
}

describe('the SQL functions', () => {
  it('are written once, in prisma/functions/, and the migrations define exactly those', () => {
    const sources = functionSources();
    expect([...sources.keys()].sort()).toEqual([
      'ledger_entry_immutable',
      'place_orders',
      'settle_batch',
    ]);
    // Change a source without `npm run db:migration <name>` and this fails, naming the function.
    expect(pendingFunctionChanges(listMigrations()).map((f) => f.name)).toEqual([]);
  });

  it('leave the same definitions in a database as their sources do', async () => {
    const sources = functionSources();
    for (const url of [migrated, fromSources]) {
      await dropDatabase(url);
      await ensureDatabase(url);
    }
    await deployMigrations(migrated);
    // The tables the functions use, then the functions from the sources over them.
    await deployMigrations(fromSources);
    const c = new pg.Client({ connectionString: fromSources });
    await c.connect();
    try {
      for (const statement of sources.values()) await c.query(statement);
    } finally {
      await c.end();
    }
    const names = [...sources.keys()];
    expect(await definitions(fromSources, names)).toEqual(await definitions(migrated, names));
  });

  it('notice a changed body and take the last definition across migrations', () => {
    const v1 = 'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;';
    const v2 =
      'CREATE OR REPLACE FUNCTION f() RETURNS int\nLANGUAGE sql AS $body$ SELECT 2; $body$;';
    const migrations = [
      { name: '1', sql: v1, checksum: '' },
      { name: '2', sql: `-- later\n${v2}\nCREATE INDEX x ON t (a);`, checksum: '' },
    ];
    expect(migratedFunctions(migrations).get('f')).toBe(v2);
    expect(functionStatements(v1).get('f')).toBe(
      'CREATE OR REPLACE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;',
    );
  });
});
