import { defineConfig } from 'vitest/config';

// unit: the engine and pure helpers, no Redis, server or child process (`npm run test:unit`).
// integration: the service on Redis, the simulators' HTTP servers, spawned processes.
const UNIT_TESTS = [
  'test/engine/**/*.test.ts',
  'test/contracts-engine.test.ts',
  'test/price-feed.test.ts',
  'test/service/journal.test.ts',
  'test/service/engine-cut.test.ts',
];

// The development VM is shared: property and recovery tests get room beyond the 5 s default.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      // Pure files share their worker's modules (no isolation): most of their time is imports.
      { extends: true, test: { name: 'unit', include: UNIT_TESTS, isolate: false } },
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts'], exclude: UNIT_TESTS },
      },
    ],
  },
});
