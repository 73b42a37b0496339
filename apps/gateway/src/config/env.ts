import { z } from 'zod';

const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting of the gateway, read once at start. Unknown variables are ignored. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json for log collectors; pretty for a person at a terminal (npm start). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is missing: set it to postgresql://user@host:5432/database' })
    .url('DATABASE_URL must be a URL such as postgresql://postgres@localhost:5432/exchange'),
  REDIS_URL: z
    .string({ error: 'REDIS_URL is missing: set it to redis://host:6379' })
    .url('REDIS_URL must be a URL such as redis://localhost:6379'),
  /** Prefix of every Redis key, stream and queue of this instance (tests isolate by it). */
  REDIS_PREFIX: z.string().default('ex:'),
  /** Origins allowed to call the API from a browser; the web client itself is same-origin. */
  CORS_ORIGINS: csv.default([]),
  COOKIE_DOMAIN: z.string().optional(),
  /** Logical seconds per real second: 3600 makes a 24-hour freeze last 24 real seconds. */
  TIME_SCALE: z.coerce.number().positive().default(1),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BLOCKLIST_REFRESH_MS: z.coerce.number().int().positive().default(5_000),
  /** Folder of the built web client to serve on the same origin; empty: API only. */
  WEB_DIST_DIR: z.string().optional(),
  API_DOCS: bool.default(true),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment or throws one readable message naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new EnvError(`Invalid gateway configuration:\n${lines.join('\n')}`);
}
