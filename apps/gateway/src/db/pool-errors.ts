import type pg from 'pg';

/** Where a dropped Postgres connection was seen: an idle one in the pool, or one in use. */
export type PoolErrorSource = 'idle' | 'in-use';

/** Told of every error a pool or one of its connections reports; must not throw. */
export type PoolErrorHandler = (err: Error, pool: string, source: PoolErrorSource) => void;

/** For the command-line tools, which have no logger: one line on stderr. */
export const warnOnStderr: PoolErrorHandler = (err, pool, source) => {
  process.stderr.write(`postgres (${pool}, ${source} connection): ${err.message}\n`);
};

/**
 * A node-postgres pool that never takes the process down when Postgres drops its connections
 * (a restart, a failover, pg_terminate_backend: 57P01). pg-pool listens for the errors of idle
 * connections only (and re-emits them on the pool), while a connection handed out (a Prisma
 * transaction, a pinned writer, or one just connected whose first message from the server is
 * already the termination) emits 'error' with no listener, which is an uncaught exception.
 * Every connection gets its own listener as it is made; the pool then drops the dead one when it
 * is released (it is no longer queryable) and makes a new one on demand.
 */
export function guardPool(pool: pg.Pool, name: string, onError: PoolErrorHandler): pg.Pool {
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_err, client) => inUse.delete(client));
  // pg-pool re-emits an idle connection's error here after dropping the connection.
  pool.on('error', (err) => onError(err, name, 'idle'));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (inUse.has(client)) onError(err, name, 'in-use');
    });
  });
  return pool;
}
