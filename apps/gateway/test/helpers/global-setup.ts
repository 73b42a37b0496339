import { deployMigrations, dropDatabase, ensureDatabase } from '@exchange/tooling/db';
import { createDb } from '../../src/db/client.js';
import { seed } from '../../src/db/seed/seed.js';
import { TEMPLATE_URL } from './urls.js';

/** Builds the migrated, seeded template that every test file copies into its own database. */
export default async function setup(): Promise<void> {
  await dropDatabase(TEMPLATE_URL);
  await ensureDatabase(TEMPLATE_URL);
  await deployMigrations(TEMPLATE_URL);
  const db = createDb(TEMPLATE_URL);
  try {
    await seed(db);
  } finally {
    await db.$disconnect();
  }
}
