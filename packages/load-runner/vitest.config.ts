import { defineConfig } from 'vitest/config';

// The runner's tests are pure (statistics, parsing): all of them are `npm run test:unit`.
// The files share their worker's modules (no isolation): most of their time is imports.
export default defineConfig({
  test: { name: 'unit', include: ['test/**/*.test.ts'], isolate: false },
});
