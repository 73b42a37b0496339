export { cloneDatabase, dropDatabase, ensureDatabase } from './databases.js';
export {
  createMigration,
  deployMigrations,
  listMigrations,
  pendingSchemaChanges,
} from './migrations.js';
