import { defineConfig } from 'vitest/config';

// The tests start a metrics listener on a loopback port and nothing else (no Postgres, Redis or
// child process): they are part of `npm run test:unit`.
export default defineConfig({
  test: { name: 'unit', include: ['test/**/*.test.ts'], isolate: false },
});
