import { defineConfig } from 'vitest/config';

// Every test here is pure (no Postgres, Redis or server): all of them are `npm run test:unit`.
// The files share their worker's modules (no isolation): most of their time is imports.
export default defineConfig({
  test: { name: 'unit', include: ['test/**/*.test.ts'], isolate: false },
});
