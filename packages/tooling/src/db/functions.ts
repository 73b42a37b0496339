// The database's functions (PL/pgSQL) kept once, in prisma/functions/<name>.sql: the source to
// edit. Migrations are append-only history, so a changed function reaches them as a new
// migration with its CREATE OR REPLACE statement, which `create` writes from the source.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Migration } from './migrations.js';
import { prismaDir } from './paths.js';

export const functionsDir = path.join(prismaDir, 'functions');

const CREATE = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/gi;

/** Each `CREATE [OR REPLACE] FUNCTION` statement of a SQL text, by function name, last one wins. */
export function functionStatements(sql: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of sql.matchAll(CREATE)) {
    const start = m.index;
    // The body is dollar-quoted ($$ or $tag$); the statement ends at the first ';' after it.
    const open = /\$[a-z_]*\$/i.exec(sql.slice(start));
    if (!open) continue;
    const bodyStart = start + open.index + open[0].length;
    const close = sql.indexOf(open[0], bodyStart);
    const end = close < 0 ? -1 : sql.indexOf(';', close + open[0].length);
    if (end < 0) continue;
    found.set((m[1] ?? '').toLowerCase(), normalise(sql.slice(start, end + 1)));
  }
  return found;
}

/** The same statement whether first created or replaced, without trailing blanks. */
function normalise(statement: string): string {
  return statement
    .replace(/^CREATE\s+FUNCTION/i, 'CREATE OR REPLACE FUNCTION')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** The sources: name -> statement, from prisma/functions/<name>.sql. */
export function functionSources(dir = functionsDir): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const name = file.slice(0, -4);
    const statement = functionStatements(readFileSync(path.join(dir, file), 'utf8')).get(name);
    if (!statement) throw new Error(`prisma/functions/${file} does not create function ${name}`);
    out.set(name, statement);
  }
  return out;
}

/** What the migrations leave defined: each function's last statement across them, in order. */
export function migratedFunctions(migrations: readonly Migration[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of migrations)
    for (const [name, statement] of functionStatements(m.sql)) out.set(name, statement);
  return out;
}

/** The sources whose statement differs from what the migrations define (new ones included). */
export function pendingFunctionChanges(
  migrations: readonly Migration[],
): { name: string; statement: string }[] {
  const migrated = migratedFunctions(migrations);
  return [...functionSources()]
    .filter(([name, statement]) => migrated.get(name) !== statement)
    .map(([name, statement]) => ({ name, statement }));
}
