import pg from 'pg';

function adminUrl(url: string): { admin: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Unsupported database name "${name}"`);
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

async function withAdmin<T>(
  url: string,
  fn: (c: pg.Client, name: string) => Promise<T>,
): Promise<T> {
  const { admin, name } = adminUrl(url);
  const client = new pg.Client({ connectionString: admin });
  // A connection Postgres drops fails the statement in progress (or the next); its 'error'
  // event must not end the process as an uncaught exception.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the database of `url` when it does not exist. */
export async function ensureDatabase(url: string): Promise<boolean> {
  return withAdmin(url, async (c, name) => {
    const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await c.query(`CREATE DATABASE "${name}"`);
    return true;
  });
}

export async function dropDatabase(url: string): Promise<void> {
  await withAdmin(url, async (c, name) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** A new database copied from a template: how each test file gets its own migrated, seeded database. */
export async function cloneDatabase(templateUrl: string, url: string): Promise<void> {
  const { name: template } = adminUrl(templateUrl);
  await withAdmin(url, async (c, name) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
}
