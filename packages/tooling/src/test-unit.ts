// `npm run test:unit`: every package's pure tests, its vitest project `unit` (script `test:unit`):
// no Postgres, Redis, mail catcher, browser or process of the exchange, so it runs with every
// service stopped. Two packages at a time on the two cores; each package's log is one block.
import { formatSeconds, packagesWithScript, runParallel, seconds } from './parallel.js';

// The packages that take longest start first.
const FIRST = ['@exchange/web', '@exchange/gateway'];

async function main(): Promise<number> {
  const start = Date.now();
  const packages = packagesWithScript('test:unit').sort(
    (a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name),
  );
  const results = await runParallel(
    packages.map((p) => ({ name: p.name, pnpm: ['run', 'test:unit'], cwd: p.dir })),
    2,
  );
  const failed = results.filter((r) => r.status !== 0).map((r) => r.name);
  const times = results.map((r) => `${r.name}: ${formatSeconds(r.seconds)}`).join(', ');
  const total = formatSeconds(seconds(start));
  if (failed.length > 0) {
    console.error(
      `\n\x1b[31mUnit tests failed in ${failed.join(', ')}\x1b[0m (${total}; ${times})`,
    );
    return 1;
  }
  console.log(`\n\x1b[32mUnit tests passed in ${total}\x1b[0m (${times})`);
  return 0;
}

function rank(name: string): number {
  const i = FIRST.indexOf(name);
  return i === -1 ? FIRST.length : i;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
