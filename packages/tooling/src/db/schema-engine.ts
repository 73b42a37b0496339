import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);

interface DiffSide {
  tag: 'empty' | 'schemaDatamodel';
  files?: { path: string; content: string }[];
}
interface RawEngine {
  runCommand(command: 'diff', input: unknown): Promise<{ stdout?: string; exitCode: number }>;
  stop(): Promise<void>;
}

/**
 * Prisma's schema engine as WebAssembly: the native engine cannot be downloaded offline.
 * `@prisma/internals` looks for the wasm file in its own build folder, but it ships in `prisma`.
 */
function ensureWasm(): void {
  const internals = path.dirname(require.resolve('@prisma/internals/package.json'));
  const target = path.join(internals, 'build', 'schema_engine_bg.wasm');
  if (existsSync(target)) return;
  const source = path.join(
    path.dirname(require.resolve('prisma/package.json')),
    'build',
    'schema_engine_bg.wasm',
  );
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
}

function side(content: string | null): DiffSide {
  return content === null
    ? { tag: 'empty' }
    : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content }] };
}

/** SQL that turns a database shaped like `from` (null: empty) into one shaped like `to`. */
export async function diffSchemas(from: string | null, to: string): Promise<string> {
  ensureWasm();
  // The diff of two schema files never touches the database, but the engine wants an adapter.
  const adapter = bindMigrationAwareSqlAdapterFactory(
    new PrismaPg({ connectionString: 'postgresql://postgres@localhost:5432/postgres' }),
  );
  // @prisma/migrate ships no type declarations; only this class of it is used.
  const { SchemaEngineWasm } = require('@prisma/migrate') as {
    SchemaEngineWasm: { setup(input: { adapter: unknown }): Promise<RawEngine> };
  };
  const engine = await SchemaEngineWasm.setup({ adapter });
  try {
    const result = await engine.runCommand('diff', {
      from: side(from),
      to: side(to),
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = result.stdout ?? '';
    return sql.includes('-- This is an empty migration.') ? '' : sql.trim();
  } finally {
    await engine.stop();
  }
}
