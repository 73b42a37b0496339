import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { cloneDatabase, dropDatabase } from '@exchange/tooling/db';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadEnv, type Env } from '../../src/config/env.js';
import { ManualClock } from '../../src/lib/clock.js';
import { newToken, hashToken } from '../../src/features/identity/auth/token.js';
import { acquireMailCatcher, type MailCatcher } from './mail.js';
import { testSecrets } from './secrets.js';
import { REDIS_URL, TEMPLATE_URL, databaseUrl } from './urls.js';

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  env: Env;
  /** The SMTP catcher this app sends its mail to (shared by the apps of one test file). */
  mail: MailCatcher;
  close(): Promise<void>;
}

/**
 * Starts the gateway against its own copy of the seeded database and its own Redis key prefix,
 * so test files never see each other's data. Mail goes over SMTP to the file's mail catcher.
 */
export async function build(
  overrides: Record<string, string> = {},
  extra: Pick<
    BuildOptions,
    | 'extraRoutes'
    | 'logger'
    | 'cryptoWallet'
    | 'withdrawalChain'
    | 'partnerBank'
    | 'fiatBank'
    | 'fiatDeposit'
  > = {},
): Promise<TestApp> {
  const id = randomBytes(6).toString('hex');
  // A DATABASE_URL override shares another test app's database (two gateways, one exchange).
  const shared = overrides.DATABASE_URL;
  const dbUrl = shared ?? databaseUrl(`exchange_test_${id}`);
  if (!shared) await cloneDatabase(TEMPLATE_URL, dbUrl);
  const mail = await acquireMailCatcher();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: dbUrl,
    REDIS_URL,
    REDIS_PREFIX: `test:${id}:`,
    AUTH_RATE_LIMIT_MAX: '10000',
    RATE_LIMIT_MAX: '10000',
    // The periodic ledger audit would read the database beside a test; tests audit themselves.
    LEDGER_AUDIT_INTERVAL_SECONDS: '0',
    SMTP_URL: mail.catcher.smtpUrl,
    // Secrets of this app's own, made now: no test runs on a value written in the repository.
    ...testSecrets(),
    ...overrides,
  });
  const clock = new ManualClock();
  const app = await buildApp({ env, clock, ...extra });
  await app.ready();
  app.jobs.start();
  return {
    app,
    clock,
    env,
    mail: mail.catcher,
    async close() {
      await app.close();
      await mail.release();
      await deleteKeys(env.REDIS_PREFIX);
      if (!shared) await dropDatabase(dbUrl);
    },
  };
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** Creates a user with a live session and returns its bearer token. */
export async function signIn(
  t: TestApp,
  opts: { kycLevel?: number | null; revokedReason?: string; expired?: boolean } = {},
): Promise<{ token: string; userId: string }> {
  const n = randomBytes(4).toString('hex');
  const user = await t.app.db.user.create({
    data: {
      uid: String(parseInt(n, 16)).padStart(8, '0'),
      email: `u${n}@example.test`,
      kycLevel: opts.kycLevel ?? null,
    },
  });
  const token = newToken();
  const now = t.clock.now();
  await t.app.db.session.create({
    data: {
      userId: user.id,
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(opts.expired ? now - 1000 : now + 3_600_000),
      ...(opts.revokedReason
        ? { revokedAt: new Date(now), revokedReason: opts.revokedReason }
        : {}),
    },
  });
  return { token, userId: user.id };
}
