// Which engine data folder serves a database. The folder is derived from the checkout (start.ts),
// so a second checkout started against the same database would bring a second folder: an engine
// whose journal knows nothing of the exchange's orders, or one that competes with the first for
// the same command stream. The database remembers the folder that last ran against it, and
// `npm start` refuses another unless told which one to use.
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface EngineHome {
  host: string;
  dataDir: string;
  updatedAt: Date;
}

export type Claim =
  | { outcome: 'FIRST' | 'SAME' }
  | { outcome: 'TAKEN_OVER'; previous: EngineHome }
  | { outcome: 'REFUSED'; previous: EngineHome; message: string };

/**
 * Claims the database for `dataDir` on this host: the first folder to run against it, or the
 * one that did last, goes on; another is refused with a message naming both folders and how to
 * choose, unless `takeOver` (its engine then finds itself behind and rebuilds its books from the
 * database). A take-over is refused too while an engine on the same Redis prefix beats its
 * heartbeat: the other checkout is still running, and two engines would match the same orders.
 */
export async function claimEngineHome(o: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  takeOver: boolean;
  host?: string;
}): Promise<Claim> {
  const host = o.host ?? hostname();
  const db = new pg.Client({ connectionString: o.databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  // One transaction: two starts at once see one another's claim (the row lock).
  await db.query('BEGIN');
  try {
    const [row] = (
      await db.query<EngineHome>(
        'SELECT host, "dataDir", "updatedAt" FROM engine_home WHERE id = 1 FOR UPDATE',
      )
    ).rows;
    const claim = async (): Promise<void> => {
      await db.query(
        `INSERT INTO engine_home (id, host, "dataDir", "updatedAt") VALUES (1, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET host = $1, "dataDir" = $2, "updatedAt" = now()`,
        [host, o.dataDir],
      );
    };
    if (row === undefined || (row.host === host && row.dataDir === o.dataDir)) {
      await claim();
      return { outcome: row === undefined ? 'FIRST' : 'SAME' };
    }
    const where = (h: string, d: string) => (h === host ? d : `${d} on host ${h}`);
    const previous = where(row.host, row.dataDir);
    if (o.takeOver) {
      if (await engineAlive(o.redisUrl, o.redisPrefix))
        return {
          outcome: 'REFUSED',
          previous: row,
          message:
            `Not taking over: a matching engine is running against this database now (its heartbeat ` +
            `in Redis), most likely the other checkout's, with the engine folder ${previous}. ` +
            `Stop it first, then run npm start -- --take-over again.`,
        };
      await claim();
      return { outcome: 'TAKEN_OVER', previous: row };
    }
    return {
      outcome: 'REFUSED',
      previous: row,
      message:
        `This database was last run with the engine folder ${previous} ` +
        `(${row.updatedAt.toISOString()}); this checkout's is ${o.dataDir}. Two engine folders ` +
        `must not serve one database: each would hold its own books. To use that folder, start ` +
        `with ENGINE_DATA_DIR=${row.dataDir} npm start${row.host === host ? '' : ' (on its host)'}; ` +
        `to let this checkout's folder take over, stop the other checkout and run ` +
        `npm start -- --take-over (its engine then rebuilds its books from the database's open ` +
        `orders).`,
    };
  } finally {
    await db.query('COMMIT').catch(() => undefined);
    await db.end().catch(() => undefined);
  }
}

/**
 * What `npm start` does before it starts an engine: claims the database for this checkout's
 * engine folder (throws the refusal's message, which start.ts prints before it exits with 1)
 * and puts settlement's committed seqs back into Redis. Returns a line to show, if any.
 */
export async function prepareEngineHome(o: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  takeOver: boolean;
  host?: string;
}): Promise<string | null> {
  const claim = await claimEngineHome(o);
  if (claim.outcome === 'REFUSED') throw new Error(claim.message);
  await restoreSettledSeqs(o);
  if (claim.outcome !== 'TAKEN_OVER') return null;
  return (
    `this checkout's engine folder ${o.dataDir} takes over the database from ` +
    `${claim.previous.dataDir} (host ${claim.previous.host}): its engine finds itself behind ` +
    `and rebuilds its books from the database's open orders`
  );
}

/**
 * Settlement's committed seq of every shard (engine_cursor) into Redis, where the engine reads
 * it at start (`engine:{<shard>}:settled`, packages/contracts engine.ts), unless it is there:
 * Redis keeps nothing on disk, and an engine whose folder was lost as well would otherwise see
 * an empty stream and number its events from 1 again, below what settlement has committed.
 */
export async function restoreSettledSeqs(o: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
}): Promise<void> {
  const db = new pg.Client({ connectionString: o.databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  const redis = new Redis(o.redisUrl, { keyPrefix: o.redisPrefix });
  try {
    const { rows } = await db.query<{ shard: string; lastSeq: number }>(
      'SELECT shard, "lastSeq" FROM engine_cursor',
    );
    for (const r of rows) await redis.set(`engine:{${r.shard}}:settled`, String(r.lastSeq), 'NX');
  } finally {
    redis.disconnect();
    await db.end().catch(() => undefined);
  }
}

/** Whether any matching engine on this prefix beats its heartbeat (`matching:heartbeat`). */
async function engineAlive(redisUrl: string, prefix: string): Promise<boolean> {
  const redis = new Redis(redisUrl, { keyPrefix: prefix });
  try {
    return (await redis.exists('matching:heartbeat')) === 1;
  } finally {
    redis.disconnect();
  }
}
