import type { EngineCommandInput } from '@exchange/contracts';
import type { RedisConnections } from '../../lib/redis.js';

/**
 * Stream names of an engine shard; they match apps/matching-sim's service: commands in, events
 * out, and the replay channel (ask on `control` for events again, read them from `replay`).
 */
export function streamKeys(shard: string): { input: string; output: string; control: string; replay: string } {
  return { input: `engine:${shard}:commands`, output: `engine:${shard}:events`, control: `engine:${shard}:control`, replay: `engine:${shard}:replay` };
}

/** Appends a command to the shard's input stream (the connection's key prefix applies). */
export async function sendCommand(redis: RedisConnections, shard: string, command: EngineCommandInput): Promise<void> {
  await redis.commands.xadd(streamKeys(shard).input, '*', 'c', JSON.stringify(command));
}

/** Pub/sub channel on which settlement announces the engine's verdict on one command. */
export function verdictChannel(prefix: string, commandId: string): string {
  return `${prefix}verdict:${commandId}`;
}
