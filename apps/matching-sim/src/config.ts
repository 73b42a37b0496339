import { z } from 'zod';

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  REDIS_URL: z.string({ error: 'REDIS_URL is missing: set it to redis://host:6379' }).url(),
  REDIS_PREFIX: z.string().default('ex:'),
  HEARTBEAT_MS: z.coerce.number().int().positive().default(5000),
});
export type Config = z.infer<typeof configSchema>;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(source);
  if (result.success) return result.data;
  throw new Error(`Invalid matching-sim configuration:\n${result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
}
