import { Redis } from 'ioredis';
import { pino } from 'pino';
import { loadConfig } from './config.js';
import { startHeartbeat } from './heartbeat.js';

/**
 * The matching service process. This first version only holds its Redis connection and
 * heartbeat; the order books, journal and simulated market are built on this entry point.
 */
const config = loadConfig();
const log = pino({
  level: config.LOG_LEVEL,
  ...(config.LOG_FORMAT === 'pretty' ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } } : {}),
});
const redis = new Redis(config.REDIS_URL, { keyPrefix: config.REDIS_PREFIX, connectionName: 'matching-sim' });
const stopHeartbeat = startHeartbeat(redis, config.HEARTBEAT_MS);
log.info('matching service connected to Redis; heartbeat every %d ms', config.HEARTBEAT_MS);

async function shutdown(signal: string): Promise<void> {
  log.info({ signal }, 'shutting down');
  stopHeartbeat();
  await redis.quit();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
