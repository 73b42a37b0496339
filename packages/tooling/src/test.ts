// `npm test`: every check the repository has, side by side: in front, the tests on Postgres and
// Redis, then the web build and the browser scenarios; behind, at the lowest CPU priority, the
// static checks, the unit tests and the web's component tests. Each step's time is printed at
// the end.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from './chromium.js';
import {
  formatSeconds,
  packagesWithScript,
  runLanes,
  seconds,
  serveQuietWindows,
  timing,
  type JobResult,
  type Lane,
} from './parallel.js';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, requireServices } from './services.js';
import { runSync } from './workspace.js';

/**
 * The browser scenarios that measure wall time ask for the background jobs to stop meanwhile
 * (apps/web/e2e/quiet.ts, `serveQuietWindows`); every job inherits the file's name.
 */
const QUIET_WINDOW_FILE = path.join(os.tmpdir(), `exchange-quiet-${process.pid}`);
process.env.QUIET_WINDOW_FILE = QUIET_WINDOW_FILE;

/**
 * What the tests run from Debian's packages: Chromium (and CJK fonts) for the browser tests,
 * Prometheus and promtool for the operations checks. As root, the missing ones are installed.
 */
const DEBIAN_TOOLS: { path: string; packages: string[] }[] = [
  { path: CHROMIUM, packages: ['chromium', 'fonts-noto-cjk'] },
  { path: process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus', packages: ['prometheus'] },
];

function ensureDebianTools(): number {
  const missing = DEBIAN_TOOLS.filter((t) => !existsSync(t.path));
  if (missing.length === 0) return 0;
  const packages = missing.flatMap((t) => t.packages);
  if (process.getuid?.() !== 0) {
    console.error(
      `${missing.map((t) => t.path).join(' and ')} missing: install Debian's packages (apt-get install ${packages.join(' ')}).`,
    );
    return 1;
  }
  console.log(`Installing ${packages.join(', ')} from Debian packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    runSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
  if (install() === 0) return 0;
  runSync('apt-get', ['update'], { env });
  return install();
}

// Every vitest project on Postgres and Redis: the gateway's integration and slow tests, the
// engine service and simulators, the migrations. A package whose every test is pure says so with
// a `test:unit` script equal to its `test` script, and is left out here; the web client's
// component tests (project `dom`) need no service and run with the CPU-bound checks.
const WEB = '@exchange/web';
const onServices = packagesWithScript('test')
  .filter((p) => p.scripts.test !== p.scripts['test:unit'] && p.name !== WEB)
  .flatMap((p) => ['--filter', p.name]);

/**
 * Every check at once, in three lanes (each lane's steps one after another):
 * - in front, at normal priority: the tests on Postgres and Redis, then the web build and the
 *   browser scenarios. They wait on timers and I/O much of their time, some bound how long the
 *   exchange may take, and the browser scenarios measure frame times: one step at a time, so
 *   they see the machine as if alone;
 * - behind, in two lanes at the lowest priority (a session of their own at nice 19, see
 *   `BACKGROUND` in parallel.ts): the CPU-bound checks, which take only the cores the front lane
 *   leaves idle.
 */
/** A background test's time limit (ms): generous, a test that hangs still fails. */
const BACKGROUND_TEST_TIMEOUT = 240_000;

const lanes: Lane[] = [
  {
    jobs: [
      {
        // One package at a time (the gateway's files run three at a time), then the exchange on
        // a real Redis Cluster of three local masters (`npm run test:cluster`). Splitting this
        // lane in two loaded the machine enough to make timing-bound tests fail.
        name: 'integration and slow tests, then the Redis Cluster test',
        pnpm: [
          '-r',
          '--workspace-concurrency=1',
          ...onServices,
          'run',
          'test',
          '--project',
          '!unit',
        ],
        then: [['--filter', '@exchange/tooling', 'exec', 'tsx', 'src/test-cluster.ts']],
      },
      // The build users get, whatever NODE_ENV the shell has (development would build React's
      // development runtime).
      {
        name: 'web build',
        pnpm: ['--filter', WEB, 'run', 'build'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
      {
        name: 'browser tests (Chromium, against a freshly started exchange)',
        pnpm: ['--filter', WEB, 'run', 'test:e2e'],
      },
    ],
  },
  // The static checks, at nice 19: they only take what every other job leaves. The two short
  // ones first: lint, the longest (170-200 CPU-s), is the step that ends last when the machine is
  // shared, and format and typecheck (40-45 CPU-s each) used to run after it, past the browser
  // scenarios' end (a clean clone of 3c2205c: lint ended at 1,017 s, the suite at 1,069 s).
  {
    independent: true,
    jobs: [
      {
        name: 'typecheck',
        pnpm: ['-r', '--workspace-concurrency=1', 'run', 'typecheck'],
        background: 19,
      },
      // One formatting for every file (printWidth 100, .prettierignore): `npm run format` fixes it.
      {
        name: 'format',
        pnpm: ['exec', 'prettier', '--check', '--log-level=warn', '.'],
        background: 19,
      },
      // One ESLint process for every package (eslint.config.mjs at the root): their programs
      // share what they import.
      { name: 'lint', pnpm: ['exec', 'eslint', '--max-warnings=0', '.'], background: 19 },
    ],
  },
  // The unit and component tests: at nice 10 they get most of the idle CPU, and first, while
  // the tests on services leave more of it idle than the browser scenarios do. Behind the front
  // lane a test waits for the CPU rather than for the code, so their time limits are a CPU-bound
  // test's, not a timing test's (BACKGROUND_TEST_TIMEOUT): starved beside the browser scenarios,
  // component tests and a property test of the engine ran out of their usual 20-30 s.
  {
    independent: true,
    jobs: [
      {
        name: 'web component tests (happy-dom)',
        pnpm: [
          '--filter',
          WEB,
          'exec',
          'vitest',
          'run',
          '--project',
          'dom',
          `--testTimeout=${BACKGROUND_TEST_TIMEOUT}`,
        ],
        // How long Testing Library's findBy/waitFor wait (src/test/setup-dom.ts).
        env: { ...process.env, DOM_WAIT_MS: String(BACKGROUND_TEST_TIMEOUT / 2) },
        background: 10,
      },
      // Every package's vitest project `unit` (`npm run test:unit`), all of them even after one
      // fails (--no-bail).
      {
        name: 'unit tests',
        pnpm: [
          '-r',
          '--workspace-concurrency=1',
          '--no-bail',
          'run',
          'test:unit',
          `--testTimeout=${BACKGROUND_TEST_TIMEOUT}`,
        ],
        background: 10,
      },
    ],
  },
];

async function main(): Promise<number> {
  await requireServices(
    process.env.TEST_DATABASE_BASE_URL
      ? `${process.env.TEST_DATABASE_BASE_URL}/postgres`
      : DEFAULT_DATABASE_URL,
    process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL,
  );
  if (ensureDebianTools() !== 0) return 1;
  const total = Date.now();
  const results: JobResult[] = [];
  const cpuTotal = () => results.reduce((sum, r) => sum + (r.cpu ?? 0), 0);
  const report = () =>
    `${results.map((r) => `${r.name}: ${timing(r)}`).join('; ')}; ${formatSeconds(seconds(total))} in all, ${formatSeconds(cpuTotal())} of CPU by the steps`;
  const names = lanes.map((l) => l.jobs.map((j) => j.name).join(' then ')).join('; ');
  console.log(`\n\x1b[36m━━ side by side: ${names}\x1b[0m`);
  const stopServing = serveQuietWindows(QUIET_WINDOW_FILE);
  try {
    results.push(...(await runLanes(lanes)));
  } finally {
    stopServing();
  }
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length > 0) {
    // A job's block is printed when it ends, often long before the last one: its failure again
    // at the bottom, where a truncated log (CI keeps the end) still shows it.
    for (const r of failed)
      console.error(`\n\x1b[31m━━ ${r.name} failed; its last lines:\x1b[0m\n${r.tail ?? ''}`);
    console.error(`\n\x1b[31m${failed.map((r) => r.name).join(', ')} failed\x1b[0m (${report()})`);
    return failed[0]?.status ?? 1;
  }
  console.log(`\n\x1b[32mAll checks passed\x1b[0m (${report()})`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
