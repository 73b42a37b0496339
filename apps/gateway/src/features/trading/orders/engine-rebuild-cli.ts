// `npm run engine:rebuild [-- --shard <name>]`: gives an engine that started behind the exchange
// (its data folder lost or older than the database; its log says so) its books from the
// database's open orders (engine-rebuild.ts). A running gateway worker does the same by itself;
// this is for an engine running without one. The engine must be running; settlement must have
// committed everything the engine published.
import { createDb } from '../../../db/client.js';
import { createRedis } from '../../../lib/redis.js';
import { rebuildEngine } from './engine-rebuild.js';
import { engineShards } from './shard-map.js';
import { localInstallationEnv } from '../../../config/local-env.js';

// The exchange `npm start` runs, unless the environment names another.
const env = localInstallationEnv();
const db = createDb(env.DATABASE_URL, 2);
const redis = createRedis(env, env.REDIS_PREFIX);
try {
  const named = process.argv.indexOf('--shard');
  const shards = named >= 0 ? [process.argv[named + 1] ?? ''] : await engineShards(db);
  let exitCode = 0;
  for (const shard of shards) {
    const r = await rebuildEngine({ db, redis, shard, retryRefused: true, timeoutMs: 30_000 });
    const out = process.stdout;
    if (r.state === 'NOT_BEHIND')
      out.write(`Shard ${shard}: the engine is not behind; nothing to do.\n`);
    else if (r.state === 'REBUILT') {
      out.write(
        `Shard ${shard}: the engine holds the database's ${r.orders} open orders and numbers its events on from seq ${r.seq}.\n`,
      );
      for (const s of r.skipped) out.write(`  not given to the engine: ${s}\n`);
      if (r.skipped.length > 0) {
        out.write(
          `  npm run reconcile -- --shard ${shard} --apply cancels them and releases their funds.\n`,
        );
        exitCode = 1;
      }
    } else if (r.state === 'SETTLING') {
      out.write(
        `Shard ${shard}: settlement has committed seq ${r.settledSeq} of the ${r.streamSeq} the engine published; ` +
          'start the gateway worker (npm start) so it catches up: the rebuild then happens by itself.\n',
      );
      exitCode = 1;
    } else {
      out.write(`Shard ${shard}: the engine refused the rebuild: ${r.error}\n`);
      exitCode = 1;
    }
  }
  process.exitCode = exitCode;
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
} finally {
  await db.$disconnect();
  await redis.close();
}
