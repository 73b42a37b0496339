// `npm test`: every check the repository has, in the order that fails fastest: the checks that need
// no service side by side, then the tests on Postgres and Redis, the Redis Cluster, the web build
// and the browser tests. Each step's time is printed at the end.
import { existsSync } from 'node:fs';
import { formatSeconds, packagesWithScript, runParallel, seconds, type Job } from './parallel.js';
import { runClusterTest } from './redis-cluster.js';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, requireServices } from './services.js';
import { pnpmSync, runSync } from './workspace.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests drive Debian's Chromium; as root, install it (and CJK fonts) when missing. */
function ensureChromium(): number {
  if (existsSync(CHROMIUM)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium).`,
    );
    return 1;
  }
  console.log('Installing Chromium from Debian packages...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    runSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], {
      env,
    }) === 0
  )
    return 0;
  runSync('apt-get', ['update'], { env });
  return runSync(
    'apt-get',
    ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'],
    { env },
  );
}

/** The cheap checks, side by side: none needs Postgres or Redis, together they fill both cores. */
const sideBySide: Job[] = [
  { name: 'lint', pnpm: ['-r', '--workspace-concurrency=1', 'run', 'lint'] },
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

// Every vitest project but `unit`, which ran above: the gateway's integration and slow tests, the
// engine service and simulators, the migrations, the web client's DOM tests. A package whose every
// test is pure says so with a `test:unit` script equal to its `test` script, and is left out here.
const beyondUnit = packagesWithScript('test')
  .filter((p) => p.scripts.test !== p.scripts['test:unit'])
  .flatMap((p) => ['--filter', p.name]);

const steps: [string, string[], NodeJS.ProcessEnv?][] = [
  [
    'integration and slow tests',
    ['-r', '--workspace-concurrency=1', ...beyondUnit, 'run', 'test', '--project', '!unit'],
  ],
  // The exchange on a real Redis Cluster of three local masters (`npm run test:cluster`).
  ['Redis Cluster test', []],
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
    const status =
      name === 'Redis Cluster test'
        ? await runClusterTest()
        : name.startsWith('browser') && ensureChromium() !== 0
          ? 1
          : pnpmSync(args, env ? { env } : {});
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
