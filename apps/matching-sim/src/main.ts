import { pino } from 'pino';
import { startProcessMetrics } from '@exchange/metrics';
import { engineMetrics, reportBehind } from './metrics.js';
import { loadConfig } from './config.js';
import { startHeartbeat } from './heartbeat.js';
import { connectRedis } from './redis.js';
import { EngineService } from './service/engine-service.js';
import { PriceFeed } from './sim/price-feed.js';
import { startRates } from './sim/rates-publisher.js';

/**
 * The matching service process: one engine shard reading its command stream. It recovers from
 * its snapshot and journal before reading anything new.
 */
const config = loadConfig();
const log = pino({
  level: config.LOG_LEVEL,
  ...(config.LOG_FORMAT === 'pretty'
    ? {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
        },
      }
    : {}),
});
const redis = connectRedis(config, {
  keyPrefix: config.REDIS_PREFIX,
  connectionName: `matching-sim-${config.ENGINE_SHARD}`,
});
// ioredis reconnects by itself; its errors are logged, never an unhandled 'error' event.
redis.on('error', (err: Error) => log.warn({ err }, 'redis connection error; reconnecting'));
const stopHeartbeat = startHeartbeat(redis, config.HEARTBEAT_MS, Date.now, config.ENGINE_SHARD);
const service = new EngineService({
  redis,
  shard: config.ENGINE_SHARD,
  specs: config.ENGINE_SYMBOLS,
  dataDir: config.ENGINE_DATA_DIR,
  batchSize: config.ENGINE_BATCH,
  snapshotEvery: config.ENGINE_SNAPSHOT_EVERY,
  log,
});
await service.recover();
engineMetrics.seq.set({ shard: config.ENGINE_SHARD }, service.engine.seq);
reportBehind(config.ENGINE_SHARD, () => service.behind !== null);
await startProcessMetrics(log);
// Behind, recover() has said so (one line) and the engine waits for its books to be rebuilt.
if (service.behind === null)
  log.info(
    { shard: config.ENGINE_SHARD, symbols: config.ENGINE_SYMBOLS.length },
    'matching engine shard running',
  );
const running = service.run();
const stopRates =
  config.PRICE_FEED_ASSETS.length > 0
    ? startRates(
        redis,
        config.REDIS_PREFIX,
        new PriceFeed({
          assets: config.PRICE_FEED_ASSETS,
          seed: config.MARKET_SEED ?? Date.now() >>> 0,
        }),
        config.PRICE_FEED_INTERVAL_MS,
      )
    : () => undefined;

/**
 * Stops once, however many signals arrive: a terminal's Ctrl-C reaches the whole process group
 * and `npm start` adds its own SIGTERM, and two shutdowns would write the snapshot twice at once
 * and close the journal twice.
 */
let stopping: Promise<void> | undefined;
const shutdown = (signal: string) => (stopping ??= stop(signal));

async function stop(signal: string): Promise<void> {
  log.info({ signal }, 'shutting down');
  stopRates();
  service.stop();
  await running;
  await service.snapshot();
  service.close();
  stopHeartbeat();
  await redis.quit();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
running.catch((err: unknown) => {
  log.fatal({ err }, 'engine loop failed');
  process.exit(1);
});
