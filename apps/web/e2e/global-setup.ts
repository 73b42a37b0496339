/**
 * Starts the exchange the `shared` and `solo` projects browse: on a free port, against its own
 * database (dropped first) and Redis prefix, with the scenarios' shortened delays (exchange.ts).
 * What the scenarios need to reach it goes to the workers through the environment. The returned
 * function stops it and deletes its Redis keys.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startExchange } from './exchange';
import { createPuzzleReader } from './helpers';
import { DATABASE_URL, REDIS_URL, SHOTS_DIR } from './run-env';

export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(SHOTS_DIR, { recursive: true, force: true });
  mkdirSync(SHOTS_DIR, { recursive: true });
  const logFile = path.join(tmpdir(), `exchange-e2e-${process.pid}.log`);
  // Its own Redis namespace: a fresh exchange every run, whatever ran before.
  const redisPrefix = `e2e:${process.pid}:`;
  process.stdout.write(`starting the exchange (log: ${logFile})\n`);
  const started = Date.now();
  const exchange = await startExchange({ databaseUrl: DATABASE_URL, redisPrefix, logFile });
  process.stdout.write(
    `exchange ready at ${exchange.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  process.env.E2E_BASE_URL = exchange.baseUrl;
  process.env.E2E_MAIL_URL = exchange.mailUrl;
  process.env.E2E_REDIS_PREFIX = redisPrefix;
  process.env.E2E_DATABASE_URL = DATABASE_URL;
  return async () => {
    await exchange.stop();
    // Redis is shared with other runs and the developer's exchange: leave nothing behind.
    const keys = createPuzzleReader(REDIS_URL, redisPrefix);
    await keys.clear().catch(() => undefined);
    await keys.close().catch(() => undefined);
    process.stdout.write(`screenshots: ${SHOTS_DIR}\n`);
  };
}
