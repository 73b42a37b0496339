// `npm run reconcile [-- [--shard <name>] --apply [--force]]`: lists where the database and the engine disagree on open
// orders, and with --apply makes them agree (engine-reconcile.ts). The engine must be running.
import { createDb } from '../../../db/client.js';
import { ScaledClock } from '../../../lib/clock.js';
import { createRedis } from '../../../lib/redis.js';
import { reconcileWithEngine } from './engine-reconcile.js';
import { engineShards } from './shard-map.js';
import { localInstallationEnv } from '../../../config/local-env.js';

// The exchange `npm start` runs, unless the environment names another.
const env = localInstallationEnv();
const apply = process.argv.includes('--apply');
const force = process.argv.includes('--force');
const db = createDb(env.DATABASE_URL, 2);
const redis = createRedis(env, env.REDIS_PREFIX);
try {
  // Every shard of the shard map, or the one named by --shard.
  const named = process.argv.indexOf('--shard');
  const shards = named >= 0 ? [process.argv[named + 1] ?? ''] : await engineShards(db);
  let exitCode = 0;
  for (const shard of shards) {
    const { findings, applied, quiet, engineSeq, settledSeq } = await reconcileWithEngine({
      db,
      redis,
      clock: new ScaledClock(env.TIME_SCALE),
      shard,
      apply,
      force,
    });
    const out = process.stdout;
    out.write(`Shard ${shard}: engine at seq ${engineSeq}, settlement committed ${settledSeq}.\n`);
    if (!quiet)
      out.write(
        'The exchange was not quiet (settlement behind the engine in every pass): listed are the ' +
          'disagreements every pass saw, some may be settlement catching up. Stop the gateways and ' +
          'run again; --apply changes nothing in this state unless --force is given as well.\n',
      );
    if (findings.length === 0)
      out.write('The database and the engine agree on every open order.\n');
    for (const f of findings)
      out.write(`${f.side.padEnd(13)} order ${f.orderId} (${f.book}): ${f.detail}\n`);
    if (findings.length > 0)
      out.write(
        apply && (quiet || force)
          ? `Applied ${applied} of ${findings.length}.\n`
          : 'Nothing changed; run again with --apply to make them agree.\n',
      );
    if (findings.length > 0 && !(apply && (quiet || force))) exitCode = 1;
  }
  process.exitCode = exitCode;
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
} finally {
  await db.$disconnect();
  await redis.close();
}
