import { engineStreamKeys } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { RedisConnections } from '../../../lib/redis.js';

/**
 * One engine shard as operators see it: its heartbeat's age, and how far settlement is behind
 * what the engine published (the output stream's top against the committed cursor). Read by
 * /ready and by the metrics.
 */
export async function shardState(app: { db: Db; redis: RedisConnections }, shard: string) {
  const keys = engineStreamKeys(shard);
  const [beat, cursor, top] = await Promise.all([
    app.redis.commands.get(keys.heartbeat),
    app.db.engineCursor.findUnique({ where: { shard } }),
    app.redis.commands.xrevrange(keys.output, '+', '-', 'COUNT', 1),
  ]);
  const settledSeq = cursor?.lastSeq ?? 0;
  const id = top[0]?.[0];
  const publishedSeq = id === undefined ? null : Number(id.split('-')[1]);
  return {
    shard,
    engine: {
      ok: beat !== null,
      lastBeatMsAgo: beat === null ? null : Math.max(0, Date.now() - Number(beat)),
    },
    settlement: {
      settledSeq,
      publishedSeq,
      behind: publishedSeq === null ? null : Math.max(0, publishedSeq - settledSeq),
    },
  };
}
