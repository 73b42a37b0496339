/**
 * A visitor's first 30 seconds on a freshly started exchange with the Real market makers on (the
 * other scenarios' exchange runs Real without them), timed from its start as a new user's
 * `npm start` would be. Alone, after every other project (playwright.config.ts).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startExchange, type Exchange } from './exchange';
import { test } from './fixtures';
import { realLiquidity } from './real-liquidity';
import { DATABASE_URL } from './run-env';

/** The same database server and name with a suffix: this exchange's own. */
function siblingDatabase(url: string, suffix: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname}${suffix}`;
  return u.toString();
}

let exchange: Exchange | null = null;
let times = { launchedAt: 0, readyAt: 0 };

test.beforeAll(async () => {
  test.setTimeout(360_000);
  const launchedAt = Date.now();
  exchange = await startExchange({
    databaseUrl: siblingDatabase(DATABASE_URL, '_real'),
    redisPrefix: `${process.env.E2E_REDIS_PREFIX ?? 'e2e:'}real:`,
    logFile: path.join(tmpdir(), `exchange-e2e-${process.pid}-real.log`),
    asStarted: true,
  });
  times = { launchedAt, readyAt: Date.now() };
});

test.afterAll(async () => {
  await exchange?.stop();
});

test('real liquidity: a visitor of a fresh exchange sees a Real price, a 20-level book and a full chart within 30 s', async ({
  ctx,
}) => {
  if (!exchange) throw new Error('the fresh exchange did not start');
  await realLiquidity(times)({ ...ctx, baseUrl: exchange.baseUrl });
});
