import { Redis, type RedisOptions } from 'ioredis';

/**
 * The one owner of Redis connections: `commands` for ordinary calls, `subscriber` for pub/sub
 * (a subscribed connection can do nothing else), and a factory for BullMQ, which needs
 * connections that never give up on a blocked command (maxRetriesPerRequest null).
 */
export interface RedisConnections {
  readonly prefix: string;
  readonly commands: Redis;
  readonly subscriber: Redis;
  /** A new connection for a BullMQ worker or queue; closed by `close()`. */
  forBullMq(): Redis;
  ping(): Promise<number>;
  close(): Promise<void>;
}

export function createRedis(url: string, prefix: string): RedisConnections {
  const base: RedisOptions = {
    lazyConnect: false,
    enableAutoPipelining: true,
    connectionName: 'gateway',
  };
  const commands = new Redis(url, { ...base, keyPrefix: prefix });
  // A subscriber must not pipeline, and its handshake must not race its first SUBSCRIBE: with
  // the client-info handshake on, ioredis 5.8+ can send INFO after SUBSCRIBE, which Redis
  // refuses in subscriber mode, and the connection never becomes ready (ioredis issue 2037).
  const subscriber = new Redis(url, {
    lazyConnect: false,
    connectionName: 'gateway-sub',
    disableClientInfo: true,
    enableReadyCheck: false,
  });
  const extra: Redis[] = [];

  return {
    prefix,
    commands,
    subscriber,
    forBullMq() {
      const conn = new Redis(url, { maxRetriesPerRequest: null, connectionName: 'gateway-jobs' });
      extra.push(conn);
      return conn;
    },
    async ping() {
      const start = performance.now();
      await commands.ping();
      return performance.now() - start;
    },
    async close() {
      await Promise.allSettled([commands, subscriber, ...extra].map((c) => c.quit()));
    },
  };
}
