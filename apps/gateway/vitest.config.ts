import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file has its own database and Redis prefix; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
