// Offline migrations: `create <name>` writes a migration from the schema changes,
// `deploy` applies pending ones to DATABASE_URL, `check` fails when a change has no migration.
import { ensureDatabase } from './databases.js';
import { createMigration, deployMigrations, pendingSchemaChanges } from './migrations.js';

const [command, arg] = process.argv.slice(2);
const url = process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange';

async function main(): Promise<number> {
  switch (command) {
    case 'create': {
      if (!arg) throw new Error('Usage: cli.ts create <name>');
      const folder = await createMigration(arg);
      console.log(folder ? `Created prisma/migrations/${folder}` : 'No schema changes.');
      return 0;
    }
    case 'deploy': {
      await ensureDatabase(url);
      const ran = await deployMigrations(url);
      console.log(ran.length ? `Applied ${ran.join(', ')}` : 'Database is up to date.');
      return 0;
    }
    case 'check': {
      const sql = await pendingSchemaChanges();
      if (sql === '') return 0;
      console.error(`schema.prisma has changes without a migration:\n${sql}`);
      return 1;
    }
    default:
      console.error('Usage: cli.ts create <name> | deploy | check');
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
