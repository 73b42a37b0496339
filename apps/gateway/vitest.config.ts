import { defineConfig } from 'vitest/config';

/**
 * Three projects; `vitest run` (the package's `test` script) runs all of them.
 * - unit: pure tests. No Postgres, Redis, mail catcher, browser or child process, hence no
 *   globalSetup: `npm run test:unit` works with every service stopped. A new file lands in
 *   integration until it is listed here.
 * - slow: integration tests that take about a minute alone (or load the machine for long).
 * - integration: everything else; each file gets its own database copy and Redis prefix.
 */
export const UNIT_TESTS = [
  'test/config/env.test.ts',
  'test/config/settings-doc.test.ts',
  'test/features/fiat/foreign-exchange/settings.test.ts',
  'test/features/identity/auth/auth-puzzle-trace.test.ts',
  'test/features/identity/security/security-totp.test.ts',
  'test/features/platform/mail/mail-texts.test.ts',
  'test/features/trading/market-data/candle-start.test.ts',
  'test/features/trading/settlement/apply-events.test.ts',
  'test/features/wallet/ledger/ledger-posting.test.ts',
  'test/features/wallet/withdrawal/batch-window.test.ts',
  'test/lib/clock.test.ts',
  'test/lib/text-frame.test.ts',
  'test/lib/ttl-cache.test.ts',
];

export const SLOW_TESTS = [
  // The gateway's own cluster: one primary and its worker processes.
  'test/node-cluster.test.ts',
  // A bot solving the slider puzzle, many times over.
  'test/features/identity/auth/auth-puzzle-attack.test.ts',
  // The living market: market makers, the chain and bank simulators, backfilled candles.
  'test/features/trading/market-maker/market-liquidity.test.ts',
  'test/features/trading/market-maker/market-maker.test.ts',
  // Statements, with a month of 50,000 flows.
  'test/features/wallet/reports/statements.test.ts',
];

// The Redis Cluster test needs a cluster: `npm run test:cluster` starts one and runs it with
// vitest.cluster.config.ts.
const exclude = ['test/cluster/**', '**/node_modules/**'];

const services = {
  // A worker imports the gateway once and runs file after file on it: each file still builds its
  // own app on its own database copy, Redis prefix and mail catcher (test/helpers/build.ts), and
  // no file changes a module's state. With isolation, importing the app took 342 of 510 s.
  isolate: false,
  globalSetup: ['./test/helpers/global-setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Each file has its own database and Redis prefix. Shared by the projects: slow and
    // integration files run side by side, three at a time (the files wait on timers and I/O much
    // of their time: three keep a 2-core machine at about 130 % CPU). TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    projects: [
      // Pure files share their worker's modules (no isolation): most of their time is imports.
      { test: { name: 'unit', include: UNIT_TESTS, exclude, isolate: false } },
      { test: { name: 'slow', include: SLOW_TESTS, exclude, ...services } },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [...exclude, ...UNIT_TESTS, ...SLOW_TESTS],
          ...services,
        },
      },
    ],
  },
});
