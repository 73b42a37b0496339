import { defineConfig } from 'vitest/config';

// unit: no Postgres and no process of ours (`git` is asked which files it tracks or ignores).
// integration: migrations and functions on Postgres, the supervisor's child processes.
const UNIT_TESTS = ['test/import-direction.test.ts', 'test/secrets.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
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
