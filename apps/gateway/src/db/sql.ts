import pg from 'pg';
import { observePool } from '../lib/metrics.js';
import { guardPool, warnOnStderr, type PoolErrorHandler } from './pool-errors.js';

/**
 * A plain node-postgres pool for the order path's hot statements (placement, settlement),
 * next to Prisma for everything else: Prisma's query engine costs about a millisecond of CPU
 * per statement, which is most of an order's budget at thousands of orders per second.
 *
 * Prisma's DateTime columns are `timestamp(3)` without a time zone holding UTC; this pool reads
 * them as UTC whatever the process's time zone, and statements pass ISO strings cast to
 * `timestamp`. Numerics and int8 stay strings (exact), to be read with Decimal and BigInt.
 */
export type Sql = pg.Pool;

const TIMESTAMP = 1114;
const utcTimestamp = (s: string) => new Date(`${s.replace(' ', 'T')}Z`);
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === TIMESTAMP
      ? utcTimestamp
      : (pg.types.getTypeParser(
          oid,
          format ?? 'text',
        ) as unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

export function createSql(
  connectionString: string,
  max = 20,
  onError: PoolErrorHandler = warnOnStderr,
): Sql {
  // A dropped connection (a restarted server, pg_terminate_backend) must not crash the process:
  // it is reported, and the pool connects again for the next query (pool-errors.ts).
  return observePool(
    guardPool(
      new pg.Pool({ connectionString, max, types, application_name: 'gateway-sql' }),
      'sql',
      onError,
    ),
    'gateway-sql',
  );
}
