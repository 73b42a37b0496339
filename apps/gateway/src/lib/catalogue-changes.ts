import type { RedisConnections } from './redis.js';

/**
 * What an operator changed that gateways keep in memory: the catalogue (the order path's symbol
 * rules) or the block list. Announced over Redis pub/sub, so every gateway drops its copy at once
 * instead of serving it until its cache expires.
 */
export type CatalogueChange = 'catalogue' | 'blocklist';

const channelOf = (redis: RedisConnections) => `${redis.prefix}catalogue-changed`;

export async function announceCatalogueChange(
  redis: RedisConnections,
  change: CatalogueChange,
): Promise<void> {
  await redis.commands.publish(channelOf(redis), change);
}

/** Calls `listener` on each change announced by any process; returns the unsubscribe. */
export async function onCatalogueChange(
  redis: RedisConnections,
  listener: (change: CatalogueChange) => void,
): Promise<() => Promise<void>> {
  const channel = channelOf(redis);
  const onMessage = (ch: string, message: string) => {
    if (ch === channel && (message === 'catalogue' || message === 'blocklist')) listener(message);
  };
  redis.subscriber.on('message', onMessage);
  await redis.subscriber.subscribe(channel);
  return async () => {
    redis.subscriber.off('message', onMessage);
    await redis.subscriber.unsubscribe(channel).catch(() => undefined);
  };
}
