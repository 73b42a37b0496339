import { defineConfig } from 'vitest/config';

// Every test here is pure (no Postgres, Redis or server): all of them are `npm run test:unit`.
// The files share their worker's modules (no isolation): most of their time is imports. The
// machine is shared and the secrets scan reads every tracked file: room beyond the 5 s default.
export default defineConfig({
  test: { name: 'unit', include: ['test/**/*.test.ts'], isolate: false, testTimeout: 30_000 },
});
