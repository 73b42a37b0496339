import {
  CRYPTO_WITHDRAWAL_FEE_RATE,
  firstClusterNodeUrl,
  redisClusterNodesSetting,
} from '@exchange/contracts';
import { PUBLISHED_SECRETS, secretSetting } from '@exchange/contracts/secrets';
import { withSecretsFile } from '@exchange/contracts/secrets-file';
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

/** FILE_ENCRYPTION_KEY's bytes: 64 hex digits or the base64 (or base64url) of 32 bytes. */
export function parseFileKey(value: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  return key?.length === 32 ? key : null;
}

/** A secret issued by someone else (an OAuth client's): any value but a published one. */
const issuedSecret = z
  .string()
  .refine((v) => !PUBLISHED_SECRETS.includes(v), 'is a value published in the repository')
  .optional();

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every setting of the gateway, read once at start. Unknown variables are ignored. Each
 * setting's `.describe()` is its row in docs/configuration.md (`npm run docs:config`).
 */
export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'test', 'production'])
      .default('development')
      .describe(
        'development, test or production. Production turns the development conveniences off (API_DOCS, READY_DETAILS, REAL_MARKET_MAKERS, DEV_CREDIT) and refuses the shortened times some settings allow elsewhere.',
      ),
    HOST: z
      .string()
      .default('127.0.0.1')
      .describe(
        'The address the gateway listens on: loopback unless set (0.0.0.0 for every interface).',
      ),
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(8080)
      .describe('The HTTP port of the API, the socket and the web client.'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('The least severe log level written.'),
    LOG_FORMAT: z
      .enum(['json', 'pretty'])
      .default('json')
      .describe('json for log collectors; pretty for a person at a terminal (npm start).'),
    DATABASE_URL: z
      .string({ error: 'DATABASE_URL is missing: set it to postgresql://user@host:5432/database' })
      .url('DATABASE_URL must be a URL such as postgresql://postgres@localhost:5432/exchange')
      .describe(
        'The Postgres database (npm start: postgresql://postgres@localhost:5432/exchange).',
      ),
    REDIS_URL: z
      .string({ error: 'REDIS_URL is missing: set it to redis://host:6379' })
      .url('REDIS_URL must be a URL such as redis://localhost:6379')
      .describe(
        'The Redis server (npm start: redis://127.0.0.1:6379); not needed with REDIS_CLUSTER_NODES.',
      ),
    REDIS_CLUSTER_NODES: redisClusterNodesSetting.describe(
      "A Redis Cluster's seed nodes, comma-separated host:port (or redis://user:password@host:port, rediss:// for TLS); when set, every connection goes to the cluster and REDIS_URL is not needed (docs/operations.md, Redis Cluster).",
    ),
    DB_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(2)
      .max(200)
      .default(20)
      .describe(
        "Connections of each of the process's two Postgres pools (Prisma's and node-postgres'); with GATEWAY_PROCESSES and no DB_POOL_SIZE, the processes share the default (20 / processes, at least 5 each).",
      ),
    REDIS_PREFIX: z
      .string()
      .default('ex:')
      .describe(
        'Prefix of every Redis key, channel, stream and queue of this instance (tests isolate by it).',
      ),
    CORS_ORIGINS: csv
      .default([])
      .describe(
        'Origins allowed to call the API from a browser (comma-separated); the web client itself is same-origin.',
      ),
    COOKIE_DOMAIN: z
      .string()
      .optional()
      .describe(
        "The Domain of the session cookies (they then lose their `__Host-` names); unset: cookies of the exchange's host only.",
      ),
    TIME_SCALE: z.coerce
      .number()
      .positive()
      .default(1)
      .describe(
        'Logical seconds per real second: 3600 makes a 24-hour freeze last 24 real seconds.',
      ),
    REQUEST_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(30_000)
      .describe('How long a request may take before the gateway answers it with a timeout.'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024)
      .describe('The largest request body accepted, in bytes.'),
    RATE_LIMIT_MAX: z.coerce
      .number()
      .int()
      .positive()
      .default(6000)
      .describe(
        'Per-IP requests to the REST API (/v1) per window. Sized for an office behind one address: 200 users each loading pages and polling a few endpoints, about 30 calls a minute each. The page itself (static files, client routes, /health, /ready) is never counted.',
      ),
    RATE_LIMIT_WINDOW_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(60_000)
      .describe('The window of the per-IP limits.'),
    SOCKET_RATE_LIMIT_MAX: z.coerce
      .number()
      .int()
      .positive()
      .default(600)
      .describe(
        'Per-IP socket handshakes (/v1/websocket/connect) per window, on a counter of their own: one per page load and a few reconnects for each of 200 users behind one address.',
      ),
    AUTH_RATE_LIMIT_MAX: z.coerce
      .number()
      .int()
      .positive()
      .default(20)
      .describe(
        'Per-IP limit, per window, on each endpoint that checks a password, sends mail or issues or checks a slide puzzle.',
      ),
    PUZZLE_FAILURES_MAX: z.coerce
      .number()
      .int()
      .positive()
      .default(30)
      .describe(
        'Failed slide-puzzle answers per IP in 10 minutes; past it the address gets 1008 on the puzzle endpoints until the window ends.',
      ),
    ORDER_VERDICT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(3000)
      .describe("How long a placement waits for the engine's verdict before answering PENDING."),
    MARKET_PRICE_PROTECTION: z.coerce
      .number()
      .min(0)
      .max(1)
      .default(0.05)
      .describe('How far above the best ask a market buy by amount may fill (0.05 = 5 %).'),
    SETTLEMENT_KEEP_EVENTS: z.coerce
      .number()
      .int()
      .min(1)
      .default(10_000)
      .describe(
        "Settled events kept in the engine's event stream below what settlement has committed.",
      ),
    SETTLEMENT: bool
      .default(true)
      .describe(
        'Run the settlement consumer in this process (one instance holds its lock at a time).',
      ),
    LEDGER_AUDIT_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(300)
      .describe(
        'Seconds between ledger audits in the settling process (exchange_ledger_audit_differences must stay 0; the first runs a minute after start); 0 turns the audit off.',
      ),
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .describe(
        "The port of this process's Prometheus metrics (GET /metrics); unset: none. npm start gives every process its own (docs/operations.md, Metrics and alerts).",
      ),
    METRICS_HOST: z
      .string()
      .default('127.0.0.1')
      .describe('The address the metrics listen on: loopback unless set; never the public one.'),
    SETTLEMENT_SHARDS: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{1,32}(,[A-Za-z0-9_-]{1,32})*$/,
        'a comma-separated list of shard names',
      )
      .optional()
      .transform((s) => s?.split(','))
      .describe(
        'The engine shards this process settles (comma-separated); unset: every shard of the shard map. Workers on several machines or cores can split the shards between them.',
      ),
    LISTEN: bool
      .default(true)
      .describe(
        'false: a worker (settlement, market makers, jobs) that serves no HTTP; see server.ts.',
      ),
    MARKET_MAKERS: bool
      .default(false)
      .describe('Simulated market makers keep Demo and Trial books two-sided (off in tests).'),
    MARKET_MAKER_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(200)
      .default(3000)
      .describe('How often each market maker requotes its book.'),
    MARKET_MAKER_LEVELS: z.coerce
      .number()
      .int()
      .min(1)
      .max(50)
      .default(20)
      .describe('Price levels each market maker quotes on each side.'),
    MARKET_SEED: z.coerce
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        "Seeds the market makers' walk, sizes and taker flow and the chart history; unset: random.",
      ),
    REAL_MARKET_MAKERS: bool
      .optional()
      .describe(
        "Market makers in Real mode too, their house accounts funded by crypto deposits from the simulated chains' faucet (the operator treasury). Default: on outside production.",
      ),
    CHART_HISTORY_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(400)
      .default(30)
      .describe(
        'Days of simulated chart history a fresh book gets before its first trade (0: none).',
      ),
    SOCKET_IDLE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(30_000)
      .describe('A socket with no ping for this long is closed (spec: reply timeout 30 s).'),
    MARKET_REFRESH_MS: z.coerce
      .number()
      .int()
      .min(50)
      .max(60_000)
      .default(250)
      .describe(
        'Tickers, forming candles and volume statistics of a book that traded are recomputed at most this often.',
      ),
    MARKET_DATA_CONFLATE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(50)
      .describe(
        'Public orderBook and trade pushes of a book arriving within this window reach the clients as one push (0: each at once).',
      ),
    BLOCKLIST_REFRESH_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(5_000)
      .describe('How often each gateway reloads the block list.'),
    WEB_DIST_DIR: z
      .string()
      .optional()
      .describe('Folder of the built web client to serve on the same origin; unset: API only.'),
    API_DOCS: bool
      .optional()
      .describe('The API docs at /v1/docs; on by default except in production.'),
    READY_DETAILS: bool
      .optional()
      .describe(
        "The order path's engine and settlement figures in /ready's answer; on by default except in production.",
      ),
    TRUSTED_PROXIES: csv
      .default([])
      .describe(
        "Addresses or CIDRs of the reverse proxies in front of the gateway (comma-separated, e.g. 10.0.0.0/8,127.0.0.1). Only a request from one of them may name the client's address in x-forwarded-for; by default none does, so no client can choose the address its per-IP limits count against.",
      ),

    PUBLIC_BASE_URL: z
      .string()
      .url()
      .default('http://localhost:8080')
      .describe(
        "The address users reach the exchange at; OAuth redirect addresses are built from it, and an https: address gives the session cookies their `__Host-` names and the socket's wss: origin in the content security policy.",
      ),
    EMAIL_CODE_RESEND_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(60)
      .describe(
        'How soon another e-mail code of the same purpose may be asked for while the last one is unused (one a minute; shortened only for the browser tests, never below 60 in production). Once a code was used, the next operation gets its code at once.',
      ),
    EMAIL_CODES_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(20)
      .describe(
        'E-mail codes of one purpose one address may be sent in an hour: the bound on a user (or a stranger typing their address) asking for code after code.',
      ),
    AUTH_SECRET: secretSetting('AUTH_SECRET').describe(
      'Keys the e-mail code hashes, signed tokens and the file review links (see Secrets).',
    ),
    TOTP_ENCRYPTION_KEY: secretSetting('TOTP_ENCRYPTION_KEY', 'hex32').describe(
      'Seals Google Authenticator secrets (AES-256-GCM): 32 bytes as 64 hex characters, e.g. openssl rand -hex 32 (see Secrets).',
    ),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(259_200)
      .describe('How long an access token is valid.'),
    REFRESH_TOKEN_TTL_DAYS: z.coerce
      .number()
      .int()
      .positive()
      .default(30)
      .describe('How long a refresh token is valid.'),
    SESSION_MAX_AGE_DAYS: z.coerce
      .number()
      .int()
      .positive()
      .default(30)
      .describe('Absolute lifetime of a session from its login; refreshing never extends it.'),
    CSRF_SECRET: secretSetting('CSRF_SECRET').describe(
      'Keys the session-bound CSRF token (an HMAC of the session id; see Secrets).',
    ),
    LOGIN_MAX_ATTEMPTS: z.coerce
      .number()
      .int()
      .positive()
      .default(5)
      .describe(
        'Wrong passwords for one e-mail from one client address before that pair is locked (see Lockout).',
      ),
    LOGIN_LOCK_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .default(15)
      .describe('How long a login lock lasts.'),
    LOGIN_ACCOUNT_MAX_ATTEMPTS: z.coerce
      .number()
      .int()
      .positive()
      .default(25)
      .describe(
        'Wrong passwords for one e-mail from all addresses together (each counted for the lock duration) before the account is locked for addresses it has never signed in from.',
      ),
    ARGON2_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(19_456)
      .default(19_456)
      .describe("argon2id memory cost of password hashes; OWASP's minimum is 19 MiB."),
    ARGON2_ITERATIONS: z.coerce
      .number()
      .int()
      .min(2)
      .default(2)
      .describe("argon2id iterations; OWASP's minimum is 2."),

    SMTP_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'Where e-mail leaves: smtp://host:port (smtps:// for TLS). npm start points it at the mail catcher it runs; required in production. Without it no e-mail is sent (the job fails).',
      ),
    MAIL_FROM: z
      .string()
      .default('Exchange <no-reply@exchange.local>')
      .describe("The sender of the exchange's e-mail."),
    EXCHANGE_NAME: z
      .string()
      .min(1)
      .max(80)
      .default('Exchange')
      .describe("The exchange's name as its documents print it (statements)."),

    KYC_PROVIDER_URL: z
      .string()
      .url()
      .default('http://127.0.0.1:8091')
      .describe("The KYC provider's API (the simulated one under npm start, on PORT+11)."),
    KYC_CALLBACK_SECRET: secretSetting('KYC_CALLBACK_SECRET').describe(
      "Shared with the KYC provider: signs its callbacks and the gateway's requests (see Secrets).",
    ),
    KYC_CALLBACK_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'Where the provider posts decisions; default PUBLIC_BASE_URL + /v1/kyc/public/provider/callback.',
      ),
    KYC_CALLBACK_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(300)
      .describe('KYC callbacks signed longer ago (or ahead) than this are refused as replays.'),
    CHAIN_API_URL: z
      .string()
      .url()
      .default('http://127.0.0.1:8092')
      .describe(
        "The chains' API: a node or custody provider (the simulated chains under npm start, on PORT+12).",
      ),
    CHAIN_CALLBACK_SECRET: secretSetting('CHAIN_CALLBACK_SECRET').describe(
      "Shared with the chains: signs their callbacks and the gateway's calls (see Secrets).",
    ),
    CHAIN_CALLBACK_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'Where the chains report; default PUBLIC_BASE_URL + /v1/wallet/crypto/public/chain/callback.',
      ),
    CHAIN_CALLBACK_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(300)
      .describe('Chain callbacks signed longer ago (or ahead) than this are refused as replays.'),
    BANK_API_URL: z
      .string()
      .url()
      .default('http://127.0.0.1:8093')
      .describe("The partner bank's API (the simulated bank under npm start: BANK_SIM_URL)."),
    BANK_CALLBACK_SECRET: secretSetting('BANK_CALLBACK_SECRET').describe(
      "Shared with the partner bank: signs its callbacks and the gateway's calls (see Secrets).",
    ),
    BANK_CALLBACK_BASE_URL: z
      .string()
      .url()
      .optional()
      .describe('The base address the bank posts its callbacks under; default PUBLIC_BASE_URL.'),
    BANK_CALLBACK_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(300)
      .describe('Bank callbacks signed longer ago (or ahead) than this are refused as replays.'),
    FIAT_WITHDRAWAL_REVIEW_SECONDS: z
      .string()
      .regex(/^\d+(\.\d+)?-\d+(\.\d+)?$/, 'FIAT_WITHDRAWAL_REVIEW_SECONDS is "min-max" seconds')
      .transform((v) => v.split('-').map((n) => Math.round(Number(n) * 1000)) as [number, number])
      .refine(([min, max]) => min <= max, 'FIAT_WITHDRAWAL_REVIEW_SECONDS: min above max')
      .optional()
      .describe(
        "The fiat withdrawal risk review's duration, min-max in logical seconds (default the spec's 60-120); each review draws one in the range.",
      ),
    FIAT_WITHDRAWAL_FREEZE_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(86_400)
      .describe(
        "How long an approved fiat withdrawal stays frozen before it is scheduled, in logical seconds (the spec's 24 hours). Shorter only outside production (the browser test of the whole fiat journey); the banking-day rule that follows is never shortened.",
      ),
    FX_QUOTE_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .max(300)
      .default(15)
      .describe('How long a foreign-exchange quote may be confirmed, in logical seconds.'),
    FX_SETTLEMENT_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(1800)
      .describe(
        "When a confirmed foreign exchange settles, in logical seconds after confirmation (the spec's about 30 minutes). Shorter only outside production (the browser test).",
      ),
    FLASH_REMITTANCE_APPROVAL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(43_200)
      .describe(
        "How long the recipient of a flash remittance has to agree, in logical seconds (the spec's 12 hours); the request then ends (TERMINATED, EXPIRED) and the funds go back.",
      ),
    FLASH_REMITTANCE_FEE_RATE: z
      .string()
      .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'FLASH_REMITTANCE_FEE_RATE is a rate between 0 and 1')
      .default('0')
      .describe(
        "The flash remittance service fee, a rate of the amount (decimal text) taken from what the recipient receives, rounded up to the currency's unit; 0: advertised as free.",
      ),
    CARD_API_URL: z
      .string()
      .url()
      .default('http://127.0.0.1:8094')
      .describe(
        "The card processor's API (the simulated processor under npm start: CARD_SIM_URL).",
      ),
    CARD_CALLBACK_SECRET: secretSetting('CARD_CALLBACK_SECRET').describe(
      "Shared with the card processor: signs its callbacks and the gateway's calls (see Secrets).",
    ),
    CARD_CALLBACK_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'Where the processor reports confirmed charges; default PUBLIC_BASE_URL + the card callback route.',
      ),
    CARD_CALLBACK_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(300)
      .describe('Card callbacks signed longer ago (or ahead) than this are refused as replays.'),
    CARD_CONFIRMATION_SECONDS: z.coerce
      .number()
      .positive()
      .default(900)
      .describe(
        "How long a card charge waits for the cardholder's 3-D Secure confirmation (logical seconds); then the exchange cancels it at the processor and records it declined.",
      ),
    FIAT_DEPOSIT_REVIEW_SECONDS: z
      .string()
      .regex(/^\d+(\.\d+)?-\d+(\.\d+)?$/, 'FIAT_DEPOSIT_REVIEW_SECONDS is "min-max" seconds')
      .transform((v) => v.split('-').map((n) => Math.round(Number(n) * 1000)) as [number, number])
      .refine(([min, max]) => min <= max, 'FIAT_DEPOSIT_REVIEW_SECONDS: min above max')
      .optional()
      .describe(
        "The fiat deposit risk review's duration, min-max in logical seconds (default the spec's 60-120); each review draws one in the range.",
      ),
    CRYPTO_DEPOSIT_REVIEW_SECONDS: z
      .string()
      .regex(/^\d+(\.\d+)?-\d+(\.\d+)?$/, 'CRYPTO_DEPOSIT_REVIEW_SECONDS is "min-max" seconds')
      .transform((v) => v.split('-').map((n) => Math.round(Number(n) * 1000)) as [number, number])
      .refine(([min, max]) => min <= max, 'CRYPTO_DEPOSIT_REVIEW_SECONDS: min above max')
      .optional()
      .describe(
        "The crypto deposit risk review's duration, min-max in logical seconds (default the spec's 60-120); each review draws one in the range.",
      ),
    WHITELIST_COOLING_HOURS: z.coerce
      .number()
      .min(0)
      .max(720)
      .default(24)
      .describe('Hours before a new whitelisted address or UID may be used (the cooling period).'),
    WITHDRAWAL_FEE_RATE: z
      .string()
      .regex(/^(0(\.\d+)?|1)$/, 'a rate between 0 and 1')
      .default(CRYPTO_WITHDRAWAL_FEE_RATE)
      .describe('The limited-time crypto withdrawal fee rate, excluding the network gas fee.'),
    WITHDRAWAL_FEE_RATE_ENDS_AT: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('When the limited-time rate ends (ISO 8601); unset: it does not end.'),
    WITHDRAWAL_FEE_RATE_AFTER: z
      .string()
      .regex(/^(0(\.\d+)?|1)$/, 'a rate between 0 and 1')
      .default('0.01')
      .describe('The crypto withdrawal fee rate after WITHDRAWAL_FEE_RATE_ENDS_AT.'),
    WITHDRAWAL_REVIEW_MIN_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(60)
      .describe(
        "The shortest crypto withdrawal risk review (logical seconds; the spec's 1-2 minutes): each review takes a random time between this and WITHDRAWAL_REVIEW_MAX_SECONDS.",
      ),
    WITHDRAWAL_REVIEW_MAX_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(120)
      .describe('The longest crypto withdrawal risk review (logical seconds).'),
    WITHDRAWAL_NIGHT_BATCH: bool
      .default(true)
      .describe(
        "Crypto withdrawals requested from 22:00 to 09:00 Hong Kong time wait for the 09:00 batch (the spec's rule); false sends them once reviewed, at any hour.",
      ),
    FILE_STORAGE_DIR: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Folder of the uploaded files, encrypted; default apps/gateway/.data/files (ignored by git). Every gateway that serves uploads needs the same folder.',
      ),
    FILE_ENCRYPTION_KEY: secretSetting('FILE_ENCRYPTION_KEY', 'key32').describe(
      "Master key of the files' encryption at rest: 64 hex digits or base64 of 32 bytes (openssl rand -hex 32); losing it loses every file (see Secrets).",
    ),
    UPLOAD_RATE_LIMIT_MAX: z.coerce
      .number()
      .int()
      .positive()
      .default(60)
      .describe('Per-IP uploads per window, on a counter of their own below the global API limit.'),

    DEMO_FUNDING: amounts
      .prefault(
        'USDT=100000,USD=100000,BTC=2,ETH=20,SOL=200,XRP=20000,XAUT=10,TBILL=50000,HKRE=5000,PCRED=50000',
      )
      .describe('Simulated funds credited on first entry to Demo mode (ASSET=amount pairs).'),
    TRIAL_FUNDING: amounts
      .prefault('USDT=10000,USD=10000')
      .describe('Simulated funds credited on first entry to Trial mode (ASSET=amount pairs).'),
    DEV_CREDIT: bool
      .default(false)
      .describe(
        'POST /v1/wallet/dev/credit: credits simulated funds in Demo and Trial, never Real. Off unless set; refused in production. Logged as a warning at start.',
      ),

    OIDC_GOOGLE_ISSUER: z
      .string()
      .url()
      .optional()
      .describe(
        'Sign-in with Google: the issuer (the local stand-in outside production; see Identity and session).',
      ),
    OIDC_GOOGLE_CLIENT_ID: z
      .string()
      .optional()
      .describe("Sign-in with Google: the exchange's client id."),
    OIDC_GOOGLE_CLIENT_SECRET: issuedSecret.describe(
      "Sign-in with Google: the exchange's client secret (issued by Google; a value published in the repository is refused).",
    ),
    OIDC_APPLE_ISSUER: z
      .string()
      .url()
      .optional()
      .describe(
        'Sign-in with Apple: the issuer (the local stand-in outside production; see Identity and session).',
      ),
    OIDC_APPLE_CLIENT_ID: z
      .string()
      .optional()
      .describe("Sign-in with Apple: the exchange's client id."),
    OIDC_APPLE_CLIENT_SECRET: issuedSecret.describe(
      "Sign-in with Apple: the exchange's client secret (issued by Apple; a value published in the repository is refused).",
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.FIAT_WITHDRAWAL_FREEZE_SECONDS < 86_400) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIAT_WITHDRAWAL_FREEZE_SECONDS'],
        message: 'FIAT_WITHDRAWAL_FREEZE_SECONDS may not be below 86400 (24 hours) in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.FX_SETTLEMENT_SECONDS < 1800) {
      ctx.addIssue({
        code: 'custom',
        path: ['FX_SETTLEMENT_SECONDS'],
        message: 'FX_SETTLEMENT_SECONDS may not be below 1800 (30 minutes) in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL must be set in production (smtp://host:port of the mail relay)',
      });
    }
    if (env.NODE_ENV === 'production' && env.EMAIL_CODE_RESEND_SECONDS < 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMAIL_CODE_RESEND_SECONDS'],
        message: 'EMAIL_CODE_RESEND_SECONDS is at least 60 in production (one code a minute)',
      });
    }
    if (env.NODE_ENV === 'production' && env.DEV_CREDIT) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_CREDIT'],
        message: 'DEV_CREDIT is a development setting and cannot be enabled in production',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Whether an optional switch that is on by default only outside production is on. */
export function enabledOutsideProduction(env: Env, value: boolean | undefined): boolean {
  return value ?? env.NODE_ENV !== 'production';
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment or throws one readable message naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // With a cluster, REDIS_URL may be left out: connections are made from the cluster setting.
  // SECRETS_FILE: a file of KEY=value lines whose secrets fill in what the environment lacks.
  let withFile: Record<string, string | undefined>;
  try {
    withFile = withSecretsFile(source);
  } catch (err) {
    throw new EnvError(`Invalid gateway configuration:\n  ${(err as Error).message}`);
  }
  const clusterUrl = withFile.REDIS_URL
    ? undefined
    : firstClusterNodeUrl(withFile.REDIS_CLUSTER_NODES);
  const result = envSchema.safeParse(
    clusterUrl ? { ...withFile, REDIS_URL: clusterUrl } : withFile,
  );
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new EnvError(`Invalid gateway configuration:\n${lines.join('\n')}`);
}
