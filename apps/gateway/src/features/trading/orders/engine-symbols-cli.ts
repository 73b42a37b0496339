import { createDb } from '../../../db/client.js';
import { engineSymbolSpecs } from './engine-symbols.js';
import { assignShards, engineShards } from './shard-map.js';

/**
 * The engine's view of the shard map, for whatever starts engines (`npm start`, docker-compose,
 * the bench):
 * - no argument: ENGINE_SYMBOLS of the shard ENGINE_SHARD (default "0");
 * - `--all`: `{ "<shard>": [specs] }` for every shard of the map;
 * - `--assign <n>`: first spreads the symbols over shards "0".."n-1" (a symbol with open orders
 *   stays where it is; what moved is reported on stderr), then prints as `--all`.
 */
const db = createDb(process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange');
try {
  const assign = process.argv.indexOf('--assign');
  if (assign >= 0) {
    const { moved, kept } = await assignShards(db, Number(process.argv[assign + 1]));
    for (const m of moved) process.stderr.write(`${m.symbol}: shard ${m.from} -> ${m.to}\n`);
    if (kept.length > 0)
      process.stderr.write(`kept on their shard (open orders): ${kept.join(', ')}\n`);
  }
  if (assign >= 0 || process.argv.includes('--all')) {
    const map: Record<string, unknown> = {};
    for (const shard of await engineShards(db)) map[shard] = await engineSymbolSpecs(db, shard);
    process.stdout.write(JSON.stringify(map));
  } else {
    process.stdout.write(
      JSON.stringify(await engineSymbolSpecs(db, process.env.ENGINE_SHARD ?? '0')),
    );
  }
} finally {
  await db.$disconnect();
}
