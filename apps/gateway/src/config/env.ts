import { z } from 'zod';

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

/** "USDT=100000,BTC=2": simulated funds credited on first entry to a mode. */
const amounts = z.string().transform((s, ctx) => {
  const out: Record<string, string> = {};
  for (const part of s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [asset, amount] = part.split('=').map((x) => x.trim());
    if (!asset || !amount || !/^\d+(\.\d+)?$/.test(amount)) {
      ctx.addIssue({ code: 'custom', message: `expected ASSET=amount pairs, got "${part}"` });
      return z.NEVER;
    }
    out[asset.toUpperCase()] = amount;
  }
  return out;
});

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting of the gateway, read once at start. Unknown variables are ignored. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** json for log collectors; pretty for a person at a terminal (npm start). */
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    DATABASE_URL: z
      .string({ error: 'DATABASE_URL is missing: set it to postgresql://user@host:5432/database' })
      .url('DATABASE_URL must be a URL such as postgresql://postgres@localhost:5432/exchange'),
    REDIS_URL: z
      .string({ error: 'REDIS_URL is missing: set it to redis://host:6379' })
      .url('REDIS_URL must be a URL such as redis://localhost:6379'),
    DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    /** Prefix of every Redis key, stream and queue of this instance (tests isolate by it). */
    REDIS_PREFIX: z.string().default('ex:'),
    /** Origins allowed to call the API from a browser; the web client itself is same-origin. */
    CORS_ORIGINS: csv.default([]),
    COOKIE_DOMAIN: z.string().optional(),
    /** Logical seconds per real second: 3600 makes a 24-hour freeze last 24 real seconds. */
    TIME_SCALE: z.coerce.number().positive().default(1),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    /**
     * Per-IP requests to the REST API (/v1) per window. Sized for an office behind one address:
     * 200 users each loading pages and polling a few endpoints, about 30 calls a minute each.
     * The page itself (static files, client routes, /health, /ready) is never counted.
     */
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(6000),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    /**
     * Per-IP socket handshakes (/v1/websocket/connect) per window, on a counter of their own: one
     * per page load and a few reconnects for each of 200 users behind one address.
     */
    SOCKET_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    /** Per-IP limit, per window, on each endpoint that checks passwords or sends mail. */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
    /**
     * Failed slide-puzzle answers per IP in 10 minutes; past it the address gets 1008 on the
     * puzzle endpoints until the window ends. An office behind one address rarely fails this
     * often; a script guessing at the picture does.
     */
    PUZZLE_FAILURES_MAX: z.coerce.number().int().positive().default(30),
    /** The engine shard serving the symbols (one shard today). */
    ENGINE_SHARD: z
      .string()
      .regex(/^[\w-]+$/)
      .default('0'),
    /** How long a placement waits for the engine's verdict before answering PENDING. */
    ORDER_VERDICT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** How far above the best ask a market buy by amount may fill (0.05 = 5 %). */
    MARKET_PRICE_PROTECTION: z.coerce.number().min(0).max(1).default(0.05),
    /** Settled events kept in the engine's event stream below what settlement has committed. */
    SETTLEMENT_KEEP_EVENTS: z.coerce.number().int().min(1).default(10_000),
    /** Run the settlement consumer in this process (one instance holds its lock at a time). */
    SETTLEMENT: bool.default(true),
    /** false: a worker (settlement, market makers, jobs) that serves no HTTP; see server.ts. */
    LISTEN: bool.default(true),
    /** Simulated market makers keep Demo and Trial books two-sided (off in tests). */
    MARKET_MAKERS: bool.default(false),
    MARKET_MAKER_INTERVAL_MS: z.coerce.number().int().min(200).default(3000),
    MARKET_MAKER_LEVELS: z.coerce.number().int().min(1).max(20).default(3),
    /** A socket with no ping for this long is closed (spec: reply timeout 30 s). */
    SOCKET_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /**
     * Public orderBook and trade pushes of a book arriving within this window reach the clients
     * as one push (0: each at once); see createFanout.
     */
    /** Tickers, forming candles and volume statistics of a book that traded are recomputed at most this often. */
    MARKET_REFRESH_MS: z.coerce.number().int().min(50).max(60_000).default(250),
    MARKET_DATA_CONFLATE_MS: z.coerce.number().int().min(0).max(1000).default(50),
    BLOCKLIST_REFRESH_MS: z.coerce.number().int().positive().default(5_000),
    /** Folder of the built web client to serve on the same origin; empty: API only. */
    WEB_DIST_DIR: z.string().optional(),
    API_DOCS: bool.default(true),

    /** Origin users reach the exchange at; OAuth redirect addresses are built from it. */
    PUBLIC_BASE_URL: z.string().url().default('http://localhost:8080'),
    /** Keys the e-mail code hashes. Required in production. */
    AUTH_SECRET: z
      .string()
      .min(32, 'AUTH_SECRET must be at least 32 characters')
      .default('development-secret-change-me-0123456789'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(259_200),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
    LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
    /** argon2id cost; OWASP's minimum is 19 MiB and 2 iterations. */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
    ARGON2_ITERATIONS: z.coerce.number().int().min(2).default(2),

    /** database: messages go to the dev mailbox table; smtp: through SMTP_URL. */
    MAIL_TRANSPORT: z.enum(['database', 'smtp']).default('database'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Exchange <no-reply@exchange.local>'),

    DEMO_FUNDING: amounts.prefault(
      'USDT=100000,USD=100000,BTC=2,ETH=20,SOL=200,XRP=20000,XAUT=10,TBILL=50000,HKRE=5000,PCRED=50000',
    ),
    TRIAL_FUNDING: amounts.prefault('USDT=10000,USD=10000'),

    OIDC_GOOGLE_ISSUER: z.string().url().optional(),
    OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
    OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_APPLE_ISSUER: z.string().url().optional(),
    OIDC_APPLE_CLIENT_ID: z.string().optional(),
    OIDC_APPLE_CLIENT_SECRET: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.AUTH_SECRET.startsWith('development-secret')) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'AUTH_SECRET must be set in production',
      });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required when MAIL_TRANSPORT is smtp',
      });
    }
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
