import { engineStreamKeys, type EngineCommandInput } from '@exchange/contracts';
import type { RedisConnections } from '../../../lib/redis.js';

/** Stream names of an engine shard, shared with apps/matching-sim through the contracts. */
export const streamKeys = engineStreamKeys;

/** Appends a command to the shard's input stream (the connection's key prefix applies). */
export async function sendCommand(
  redis: RedisConnections,
  shard: string,
  command: EngineCommandInput,
): Promise<void> {
  await redis.commands.xadd(streamKeys(shard).input, '*', 'c', JSON.stringify(command));
}
