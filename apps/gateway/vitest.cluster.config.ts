import { defineConfig } from 'vitest/config';

/** The Redis Cluster test only; run by `npm run test:cluster`, which starts the cluster. */
export default defineConfig({
  test: {
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
