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

/** How many listeners of this module each subscriber connection holds. */
const listening = new WeakMap<RedisConnections['subscriber'], number>();

/**
 * Calls `listener` on each change announced by any process; returns the unsubscribe. The
 * channel stays subscribed while any listener of the connection is left.
 */
export async function onCatalogueChange(
  redis: RedisConnections,
  listener: (change: CatalogueChange) => void,
): Promise<() => Promise<void>> {
  const channel = channelOf(redis);
  const { subscriber } = redis;
  const onMessage = (ch: string, message: string) => {
    if (ch === channel && (message === 'catalogue' || message === 'blocklist')) listener(message);
  };
  subscriber.on('message', onMessage);
  listening.set(subscriber, (listening.get(subscriber) ?? 0) + 1);
  await subscriber.subscribe(channel);
  return async () => {
    subscriber.off('message', onMessage);
    const left = (listening.get(subscriber) ?? 1) - 1;
    listening.set(subscriber, left);
    if (left === 0) await subscriber.unsubscribe(channel).catch(() => undefined);
  };
}
