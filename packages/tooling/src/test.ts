// `npm test`: every check the repository has, in the order that fails fastest.
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, requireServices } from './services.js';
import { pnpmSync } from './workspace.js';

const steps: [string, string[]][] = [
  ['typecheck', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']],
  ['lint', ['-r', '--workspace-concurrency=1', 'run', 'lint']],
  ['unit and integration tests', ['-r', '--workspace-concurrency=1', 'run', 'test']],
  ['web build', ['--filter', '@exchange/web', 'run', 'build']],
];

async function main(): Promise<number> {
  await requireServices(
    process.env.TEST_DATABASE_BASE_URL ? `${process.env.TEST_DATABASE_BASE_URL}/postgres` : DEFAULT_DATABASE_URL,
    process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL,
  );
  const timings: string[] = [];
  for (const [name, args] of steps) {
    console.log(`\n\x1b[36m━━ ${name}\x1b[0m`);
    const start = Date.now();
    const status = pnpmSync(args);
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
