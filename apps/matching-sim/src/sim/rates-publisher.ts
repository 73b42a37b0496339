import { EXCHANGE_RATES_KEY, type ExchangeRates } from '@exchange/contracts';
import type { PriceFeed } from './price-feed.js';
import type { RedisClient } from '../redis.js';

/** Where the gateway reads the latest rates; the key prefix of the connection applies. */
export const RATES_KEY = EXCHANGE_RATES_KEY;

/**
 * Publishes the price feed's exchange rates (HKD per 100 units): stored for REST readers and
 * pushed on the socket's exchangeRate channel of every mode (the gateway's fan-out channel
 * names, which PUBLISH does not prefix by itself).
 */
export async function publishRates(
  redis: RedisClient,
  prefix: string,
  feed: PriceFeed,
  now: number,
): Promise<ExchangeRates> {
  const body: ExchangeRates = { ts: now, quote: 'HKD', units: 100, rates: feed.ratesPer100() };
  const json = JSON.stringify(body);
  const pipe = redis.pipeline().set(RATES_KEY, json);
  for (const mode of [0, 1, 2]) pipe.publish(`${prefix}ws:exchangeRate::${mode}`, json);
  await pipe.exec();
  return body;
}

/** Steps the feed and publishes every `intervalMs`; returns a stop function. */
export function startRates(
  redis: RedisClient,
  prefix: string,
  feed: PriceFeed,
  intervalMs: number,
): () => void {
  const tick = () => {
    feed.step(intervalMs);
    void publishRates(redis, prefix, feed, Date.now()).catch(() => undefined);
  };
  void publishRates(redis, prefix, feed, Date.now()).catch(() => undefined);
  const timer = setInterval(tick, intervalMs);
  return () => clearInterval(timer);
}
