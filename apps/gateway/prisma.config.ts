import { defineConfig } from 'prisma/config';

// The CLI is only used for `prisma generate` (offline). Migrations go through
// packages/tooling/src/db, which drives Prisma's WebAssembly schema engine.
export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
});
