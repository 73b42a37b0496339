import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP } from './e2e/browser';

/**
 * The browser scenarios on @playwright/test, in Debian's Chromium (`npm test` installs it when
 * missing; Playwright's own browser download is not used).
 *   pnpm --filter @exchange/web test:e2e                        every scenario
 *   pnpm --filter @exchange/web test:e2e -g 'crypto wallet' --no-deps
 *                                                  the ones whose title matches (without --no-deps,
 *                                                  the projects before theirs run whole first)
 *   E2E_WORKERS=1 pnpm --filter @exchange/web test:e2e          one at a time
 *
 * One exchange (e2e/global-setup.ts) serves the projects `solo` and `shared`; `real-liquidity`
 * starts a fresh one of its own. Each project runs when the one before passed.
 * - solo: scenarios that change what every page sees (the operator's maintenance, hand-published
 *   tickers and book levels, a seeded trade history), measure times (frame times, notice
 *   latency) or expect markets nobody traded yet (reference prices), one at a time, first.
 * - shared: scenarios that touch only their own users, side by side (E2E_WORKERS, default 5).
 * - real-liquidity: a visitor's first 30 s on a freshly started exchange, alone at the end.
 * No retries: a scenario that fails once is a failure. A failure keeps its trace and a
 * screenshot of every open page in e2e/results/ (`npx playwright show-trace <zip>`).
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './e2e/results',
  workers: Number(process.env.E2E_WORKERS ?? 5),
  retries: 0,
  forbidOnly: true,
  // A scenario's own steps wait with their own timeouts; this bounds the whole scenario, to catch
  // a hang: the longest take 3-5 minutes on five workers, and a clean-clone run on a slow hour
  // (every step of npm test took 1.5-2 times its usual CPU) saw the fiat journey, progressing,
  // cut at 8 on its last page.
  timeout: 720_000,
  reporter: [['list', { printSteps: false }]],
  use: {
    // An action waiting for what never comes (a link the page does not show) fails in 90 s with
    // its locator, instead of holding a worker until the scenario's bound.
    actionTimeout: 90_000,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    viewport: DESKTOP,
    locale: 'en-US',
    // A failed scenario keeps its trace: every action with its timing, the console, the network
    // and the sources, and a screenshot of every open page. Without DOM snapshots, which cost
    // about a ninth of the scenarios' CPU on this 2-core machine (the same 13 scenarios on five
    // workers: 402 CPU-s and 262 s with them, 357 CPU-s and 235 s without, 327 CPU-s with no trace
    // at all); E2E_TRACE=full records them when a failure needs the page's DOM at each step.
    // The screencast is never recorded: it costs more still.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE === 'full',
      sources: true,
    },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'solo', testMatch: 'solo.spec.ts' },
    { name: 'shared', testMatch: 'shared.spec.ts', fullyParallel: true, dependencies: ['solo'] },
    { name: 'real-liquidity', testMatch: 'real-liquidity.spec.ts', dependencies: ['shared'] },
    // Figures, not checks: skipped unless E2E_BENCH is set (e2e/bench.spec.ts).
    { name: 'bench', testMatch: 'bench.spec.ts' },
  ],
});
