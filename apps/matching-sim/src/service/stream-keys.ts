/** Redis stream names of one engine shard (the client's key prefix is added by ioredis). */
export function streamKeys(shard: string): { input: string; output: string } {
  return { input: `engine:${shard}:commands`, output: `engine:${shard}:events` };
}
