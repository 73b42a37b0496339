import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, ensureDatabase } from '../src/db/databases.js';
import { deployMigrations } from '../src/db/migrations.js';
import { claimEngineHome, prepareEngineHome } from '../src/engine-home.js';

// Two checkouts started against one database bring two engine folders (the folder is derived
// from the checkout): `npm start` runs the one the database knows, and refuses the other unless
// told which to use.
const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgresql://postgres@localhost:5432';
const databaseUrl = `${base}/exchange_test_engine_home_${process.pid}`;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `test:engine-home:${process.pid}:`;
const redis = new Redis(redisUrl, { keyPrefix: redisPrefix });
const first = '/work/one/apps/matching-sim/.data/exchange-exexchange';
const second = '/work/two/apps/matching-sim/.data/exchange-exexchange';
const claim = (dataDir: string, takeOver = false) =>
  claimEngineHome({ databaseUrl, redisUrl, redisPrefix, dataDir, takeOver, host: 'box' });

beforeAll(async () => {
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  await deployMigrations(databaseUrl);
});
afterAll(async () => {
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(redisPrefix.length)));
  redis.disconnect();
  await dropDatabase(databaseUrl);
});

describe("one database, one checkout's engine folder", () => {
  it("refuses a second checkout's folder, naming both and how to choose", async () => {
    expect(await claim(first)).toEqual({ outcome: 'FIRST' });
    expect(await claim(first)).toEqual({ outcome: 'SAME' });

    const refused = await claim(second);
    expect(refused.outcome).toBe('REFUSED');
    const message = refused.outcome === 'REFUSED' ? refused.message : '';
    expect(message).toContain(`last run with the engine folder ${first}`);
    expect(message).toContain(`this checkout's is ${second}`);
    expect(message).toContain(`ENGINE_DATA_DIR=${first} npm start`);
    expect(message).toContain('npm start -- --take-over');
    // What npm start does with it: throws the message (start.ts prints it and exits with 1).
    await expect(
      prepareEngineHome({
        databaseUrl,
        redisUrl,
        redisPrefix,
        dataDir: second,
        takeOver: false,
        host: 'box',
      }),
    ).rejects.toThrow(`this checkout's is ${second}`);

    // Taking over is refused while an engine beats its heartbeat on this exchange's Redis.
    await redis.set('matching:heartbeat', String(Date.now()), 'PX', 5000);
    const busy = await claim(second, true);
    expect(busy).toMatchObject({ outcome: 'REFUSED' });
    expect(busy.outcome === 'REFUSED' && busy.message).toContain('a matching engine is running');
    await redis.del('matching:heartbeat');

    expect(await claim(second, true)).toMatchObject({
      outcome: 'TAKEN_OVER',
      previous: { host: 'box', dataDir: first },
    });
    // From now on the first checkout's folder is the stranger.
    expect(await claim(second)).toEqual({ outcome: 'SAME' });
    const back = await claim(first);
    expect(back.outcome === 'REFUSED' && back.message).toContain(
      `last run with the engine folder ${second}`,
    );
  });

  it("puts settlement's committed seqs back into Redis for the engine to compare with", async () => {
    const pg = await import('pg');
    const c = new pg.default.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`INSERT INTO engine_cursor (shard, "lastSeq") VALUES ('0', 41), ('1', 7)`);
    await c.end();
    await redis.set('engine:{1}:settled', '9');
    await prepareEngineHome({
      databaseUrl,
      redisUrl,
      redisPrefix,
      dataDir: second,
      takeOver: false,
      host: 'box',
    });
    expect(await redis.get('engine:{0}:settled')).toBe('41');
    // Settlement's own (it runs against this database) is left alone.
    expect(await redis.get('engine:{1}:settled')).toBe('9');
  });
});
