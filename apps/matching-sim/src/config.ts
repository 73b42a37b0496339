import {
  engineSymbolSpec,
  firstClusterNodeUrl,
  redisClusterNodesSetting,
} from '@exchange/contracts';
import { z } from 'zod';
import { DEFAULT_SYMBOLS } from './service/default-symbols.js';

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  REDIS_URL: z.string({ error: 'REDIS_URL is missing: set it to redis://host:6379' }).url(),
  /** A Redis Cluster's seed nodes (as the gateway's setting); when set it wins over REDIS_URL. */
  REDIS_CLUSTER_NODES: redisClusterNodesSetting,
  REDIS_PREFIX: z.string().default('ex:'),
  HEARTBEAT_MS: z.coerce.number().int().positive().default(5000),
  /** Journal and snapshots; must be on a disk that survives restarts. */
  ENGINE_DATA_DIR: z.string().default('.data'),
  ENGINE_SHARD: z
    .string()
    .regex(/^[\w-]+$/)
    .default('0'),
  /** JSON list of engine symbol specs; defaults to the simulated market's symbols. */
  ENGINE_SYMBOLS: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return DEFAULT_SYMBOLS;
      const parsed = z.array(engineSymbolSpec).safeParse(safeJson(s));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of engine symbol specs' });
      return z.NEVER;
    }),
  ENGINE_BATCH: z.coerce.number().int().positive().default(500),
  /** JSON list of price-feed assets ({asset, anchor (HKD), volatility, decimals}); none: no feed. */
  PRICE_FEED_ASSETS: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return [];
      const parsed = z
        .array(
          z.object({
            asset: z.string(),
            anchor: z.string().regex(/^\d+(\.\d+)?$/),
            volatility: z.number().nonnegative(),
            decimals: z.number().int().min(0).max(12),
          }),
        )
        .safeParse(safeJson(s));
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of {asset, anchor, volatility, decimals}',
      });
      return z.NEVER;
    }),
  PRICE_FEED_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** Seeds the price feed's walk (the gateway's market makers share it); unset: random. */
  MARKET_SEED: z.coerce.number().int().nonnegative().optional(),
  // A snapshot holds the matching thread for about a millisecond per thousand resting orders
  // (40 ms at 40,000 here); every 100,000 commands it stays off the 99th percentile of latency,
  // and recovery replays at most that many commands (well under a second).
  ENGINE_SNAPSHOT_EVERY: z.coerce.number().int().positive().default(100_000),
});
export type Config = z.infer<typeof configSchema>;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // With a cluster, REDIS_URL may be left out: the connection is made from the cluster setting.
  const clusterUrl = source.REDIS_URL ? undefined : firstClusterNodeUrl(source.REDIS_CLUSTER_NODES);
  const result = configSchema.safeParse(clusterUrl ? { ...source, REDIS_URL: clusterUrl } : source);
  if (result.success) return result.data;
  throw new Error(
    `Invalid matching-sim configuration:\n${result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
  );
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}
