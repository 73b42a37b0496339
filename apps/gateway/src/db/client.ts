import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client.js';
import { observePool } from '../lib/metrics.js';
import { guardPool, warnOnStderr, type PoolErrorHandler } from './pool-errors.js';

export type Db = PrismaClient;
export { Prisma } from './generated/client.js';

/**
 * One client per process. Transactions queue for a connection rather than fail fast: a burst
 * of orders on one balance serialises on its row lock, and each must wait its turn. Its pool is
 * made here (not by the adapter) so that a connection Postgres drops is reported to `onError`
 * and replaced, never an uncaught 'error' event (see pool-errors.ts).
 */
export function createDb(
  connectionString: string,
  poolSize = 20,
  onError: PoolErrorHandler = warnOnStderr,
): Db {
  const pool = observePool(
    guardPool(new pg.Pool({ connectionString, max: poolSize }), 'prisma', onError),
    'prisma',
  );
  // The adapter's typings come from another @types/pg release; the runtime pg is the same one
  // (the adapter takes a pool only when it is an instance of its own pg.Pool).
  const adapterPool = pool as unknown as ConstructorParameters<typeof PrismaPg>[0];
  return new PrismaClient({
    adapter: new PrismaPg(adapterPool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: 15_000, timeout: 20_000 },
  });
}
