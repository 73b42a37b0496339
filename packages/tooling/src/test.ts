// `npm test`: every check the repository has. First every check but the browser, side by side (the
// static checks, the unit tests, the tests on Postgres and Redis, the Redis Cluster); then the web
// build and the browser tests alone. Each step's time is printed at the end.
import { existsSync } from 'node:fs';
import { CHROMIUM } from './chromium.js';
import { formatSeconds, packagesWithScript, runParallel, seconds, type Job } from './parallel.js';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, requireServices } from './services.js';
import { pnpmSync, runSync } from './workspace.js';

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

// Every vitest project but `unit`: the gateway's integration and slow tests, the engine service and
// simulators, the migrations, the web client's DOM tests. A package whose every test is pure says
// so with a `test:unit` script equal to its `test` script, and is left out here.
const beyondUnit = packagesWithScript('test')
  .filter((p) => p.scripts.test !== p.scripts['test:unit'])
  .flatMap((p) => ['--filter', p.name]);

/**
 * First, side by side: every check that needs no browser. The static checks and the unit tests
 * fill the cores while the integration tests wait on timers and I/O (about 1.3 cores of 2). Each
 * job's log is printed as one block when it ends.
 */
const sideBySide: Job[] = [
  // Every package's integration and slow tests, one package at a time (the gateway's run three
  // files at a time), then the exchange on a real Redis Cluster of three local masters (`npm run
  // test:cluster`). Splitting this job in two did not shorten the phase (the cores are full) and
  // loaded the machine enough to make timing-bound tests fail.
  {
    name: 'integration and slow tests, then the Redis Cluster test',
    pnpm: ['-r', '--workspace-concurrency=1', ...beyondUnit, 'run', 'test', '--project', '!unit'],
    then: [['--filter', '@exchange/tooling', 'exec', 'tsx', 'src/test-cluster.ts']],
  },
  // One ESLint process for every package (eslint.config.mjs at the root): their programs share
  // what they import.
  { name: 'lint', pnpm: ['exec', 'eslint', '--max-warnings=0', '.'] },
  { name: 'typecheck', pnpm: ['-r', '--workspace-concurrency=1', 'run', 'typecheck'] },
  // Every package's vitest project `unit` (`npm run test:unit`), all of them even after one
  // fails (--no-bail).
  {
    name: 'unit tests',
    pnpm: ['-r', '--workspace-concurrency=1', '--no-bail', 'run', 'test:unit'],
  },
  // One formatting for every file (printWidth 100, .prettierignore): `npm run format` fixes it.
  { name: 'format', pnpm: ['exec', 'prettier', '--check', '--log-level=warn', '.'] },
];

/**
 * Then, alone on the machine: the browser scenarios measure frame times and notice latencies,
 * and a loaded machine would make them measure the load.
 */
const steps: [string, string[], NodeJS.ProcessEnv?][] = [
  // The build users get, whatever NODE_ENV the shell has (development would build React's
  // development runtime).
  [
    'web build',
    ['--filter', '@exchange/web', 'run', 'build'],
    { ...process.env, NODE_ENV: 'production' },
  ],
  [
    'browser tests (Chromium, against a freshly started exchange)',
    ['--filter', '@exchange/web', 'run', 'test:e2e'],
  ],
];

async function main(): Promise<number> {
  await requireServices(
    process.env.TEST_DATABASE_BASE_URL
      ? `${process.env.TEST_DATABASE_BASE_URL}/postgres`
      : DEFAULT_DATABASE_URL,
    process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL,
  );
  if (ensureDebianTools() !== 0) return 1;
  const timings: string[] = [];
  const total = Date.now();
  const report = () => `${timings.join(', ')}; ${formatSeconds(seconds(total))} in all`;

  console.log(`\n\x1b[36m━━ ${sideBySide.map((j) => j.name).join(', ')}: side by side\x1b[0m`);
  const start = Date.now();
  const results = await runParallel(sideBySide);
  const parallel = results.map((r) => `${r.name} ${formatSeconds(r.seconds)}`).join(', ');
  timings.push(`side by side: ${formatSeconds(seconds(start))} (${parallel})`);
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length > 0) {
    console.error(`\n\x1b[31m${failed.map((r) => r.name).join(', ')} failed\x1b[0m (${report()})`);
    return failed[0]?.status ?? 1;
  }

  for (const [name, args, env] of steps) {
    console.log(`\n\x1b[36m━━ ${name}\x1b[0m`);
    const start = Date.now();
    const status = pnpmSync(args, env ? { env } : {});
    timings.push(`${name}: ${formatSeconds(seconds(start))}`);
    if (status !== 0) {
      console.error(`\n\x1b[31m${name} failed\x1b[0m (${report()})`);
      return status;
    }
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
