// `npm test`: every check the repository has, in the order that fails fastest.
import { existsSync } from 'node:fs';
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

const steps: [string, string[], NodeJS.ProcessEnv?][] = [
  ['typecheck', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']],
  ['lint', ['-r', '--workspace-concurrency=1', 'run', 'lint']],
  // One formatting for every file (printWidth 100, .prettierignore): `npm run format` fixes it.
  ['format', ['exec', 'prettier', '--check', '--log-level=warn', '.']],
  ['unit and integration tests', ['-r', '--workspace-concurrency=1', 'run', 'test']],
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
  for (const [name, args, env] of steps) {
    console.log(`\n\x1b[36m━━ ${name}\x1b[0m`);
    const start = Date.now();
    const status =
      name === 'Redis Cluster test'
        ? await runClusterTest()
        : name.startsWith('browser') && ensureChromium() !== 0
          ? 1
          : pnpmSync(args, env ? { env } : {});
    timings.push(`${name}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
    if (status !== 0) {
      console.error(`\n\x1b[31m${name} failed\x1b[0m`);
      return status;
    }
  }
  console.log(`\n\x1b[32mAll checks passed\x1b[0m (${timings.join(', ')})`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
