import net from 'node:net';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@localhost:5432/exchange';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const FIX_POSTGRES =
  'start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start (or set DATABASE_URL)';
const FIX_REDIS =
  'start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no (or set REDIS_URL)';

async function postgresReachable(url: string): Promise<string | null> {
  const u = new URL(url);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString(), connectionTimeoutMillis: 3000 });
  // A connection Postgres drops fails the statement in progress (or the next); its 'error'
  // event must not end the process as an uncaught exception.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return (err as Error).message || 'unreachable';
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisReachable(url: string): Promise<string | null> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (err: string | null) => {
      socket.destroy();
      resolve(err);
    };
    socket.setTimeout(3000, () => done('timed out'));
    socket.on('error', (err) => done(err.message));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG') ? null : d.toString().trim()));
  });
}

/** Exits with one line per unreachable service and the command that fixes it. */
export async function requireServices(databaseUrl: string, redisUrl: string): Promise<void> {
  const [pgErr, redisErr] = await Promise.all([
    postgresReachable(databaseUrl),
    redisReachable(redisUrl),
  ]);
  if (pgErr)
    console.error(
      `PostgreSQL is not reachable at ${new URL(databaseUrl).host} (${pgErr}); ${FIX_POSTGRES}`,
    );
  if (redisErr)
    console.error(
      `Redis is not reachable at ${new URL(redisUrl).host} (${redisErr}); ${FIX_REDIS}`,
    );
  if (pgErr || redisErr) process.exit(1);
}
