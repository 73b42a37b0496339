/**
 * Redis stream names of one engine shard (the client's key prefix is added by ioredis):
 * commands in, events out, and the replay channel: a reader that finds events missing from
 * `output` (Redis keeps nothing on disk) asks on `control` for them again, and the engine
 * writes them, regenerated from its snapshot and journal, to `replay`.
 */
export function streamKeys(shard: string): { input: string; output: string; control: string; replay: string } {
  return { input: `engine:${shard}:commands`, output: `engine:${shard}:events`, control: `engine:${shard}:control`, replay: `engine:${shard}:replay` };
}
