// `npm run test:cluster`: the exchange against a real Redis Cluster (see runClusterTest).
import { runClusterTest } from './redis-cluster.js';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, requireServices } from './services.js';

async function main(): Promise<number> {
  // Postgres for the test's database; the single Redis only for the test helpers' clean-up.
  await requireServices(
    process.env.TEST_DATABASE_BASE_URL
      ? `${process.env.TEST_DATABASE_BASE_URL}/postgres`
      : DEFAULT_DATABASE_URL,
    process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL,
  );
  return runClusterTest();
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
