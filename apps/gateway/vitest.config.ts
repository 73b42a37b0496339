import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/helpers/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    // The Redis Cluster test needs a cluster: `npm run test:cluster` starts one and runs it
    // with vitest.cluster.config.ts.
    exclude: ['test/cluster/**', '**/node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file has its own database and Redis prefix; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
