import type { RedisClusterNodes } from '@exchange/contracts';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';

/**
 * A connection to a single Redis or to a Redis Cluster: both take the same commands; on a
 * cluster every multi-key command, MULTI, pipeline and script must stay within one slot (the
 * key families' hash tags see to that; docs/operations.md, Redis Cluster).
 */
export type RedisClient = Redis | Cluster;

/** Where Redis is: REDIS_URL, or REDIS_CLUSTER_NODES, which wins when set. */
export interface RedisTarget {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: RedisClusterNodes | undefined;
}

/**
 * The one owner of Redis connections: `commands` for ordinary calls, `subscriber` for pub/sub
 * (a subscribed connection can do nothing else), and a factory for BullMQ, which needs
 * connections that never give up on a blocked command (maxRetriesPerRequest null).
 */
export interface RedisConnections {
  readonly prefix: string;
  /** Whether the connections are to a Redis Cluster. */
  readonly cluster: boolean;
  readonly commands: RedisClient;
  readonly subscriber: RedisClient;
  /**
   * Publishes messages in order (PUBLISH names a channel, so the key prefix does not apply). On a
   * cluster every message goes through the master of one slot: a PUBLISH has no key, so the
   * client would send each to any node, and messages that entered at different nodes reach a
   * subscriber in no particular order.
   */
  publish(messages: readonly (readonly [channel: string, message: string])[]): Promise<void>;
  /** A new connection for a BullMQ worker or queue; closed by `close()`. */
  forBullMq(): RedisClient;
  ping(): Promise<number>;
  close(): Promise<void>;
}

/** Told of a connection's error (ioredis reconnects by itself); must not throw. */
export type RedisErrorHandler = (err: Error, connection: string) => void;

/** For the command-line tools, which have no logger: one line on stderr. */
const warnOnStderr: RedisErrorHandler = (err, connection) => {
  process.stderr.write(`redis (${connection}): ${err.message}\n`);
};

export function createRedis(
  target: string | RedisTarget,
  prefix: string,
  onError: RedisErrorHandler = warnOnStderr,
): RedisConnections {
  const { REDIS_URL: url, REDIS_CLUSTER_NODES: nodes } =
    typeof target === 'string' ? { REDIS_URL: target, REDIS_CLUSTER_NODES: undefined } : target;
  const base: RedisOptions = {
    lazyConnect: false,
    enableAutoPipelining: true,
    connectionName: 'gateway',
  };
  // A subscriber must not pipeline, and its handshake must not race its first SUBSCRIBE: with
  // the client-info handshake on, ioredis 5.8+ can send INFO after SUBSCRIBE, which Redis
  // refuses in subscriber mode, and the connection never becomes ready (ioredis issue 2037).
  const sub: RedisOptions = {
    lazyConnect: false,
    connectionName: 'gateway-sub',
    disableClientInfo: true,
    enableReadyCheck: false,
  };
  const bull: RedisOptions = { maxRetriesPerRequest: null, connectionName: 'gateway-jobs' };
  const connect = (opts: RedisOptions): RedisClient => {
    const client = nodes ? clusterClient(nodes, opts) : new Redis(url, opts);
    // Every connection reports its errors (ioredis reconnects); none is left without a listener.
    const name = opts.connectionName ?? 'gateway';
    client.on('error', (err: Error) => onError(err, name));
    return client;
  };
  const commands = connect({ ...base, keyPrefix: prefix });
  const subscriber = connect(sub);
  const extra: RedisClient[] = [];
  if (nodes) commands.defineCommand('publishInOrder', { numberOfKeys: 1, lua: PUBLISH_IN_ORDER });

  return {
    prefix,
    cluster: nodes !== undefined,
    commands,
    subscriber,
    async publish(messages) {
      if (messages.length === 0) return;
      if (nodes) {
        await (commands as Cluster & PublishInOrder).publishInOrder(
          PUBLISH_ROUTE,
          ...messages.flat(),
        );
        return;
      }
      const [only] = messages;
      if (messages.length === 1 && only) {
        await commands.publish(only[0], only[1]);
        return;
      }
      const p = commands.pipeline();
      for (const [channel, message] of messages) p.publish(channel, message);
      const res = await p.exec();
      const failed = res?.find(([err]) => err);
      if (failed) throw failed[0] as Error;
    },
    forBullMq() {
      const conn = connect(bull);
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

/**
 * PUBLISHes its arguments as channel, message pairs, in order. Its one key is never read or
 * written: it only routes the script (and so every publish) to the master of that key's slot.
 */
const PUBLISH_IN_ORDER = `
for i = 1, #ARGV, 2 do redis.call('PUBLISH', ARGV[i], ARGV[i + 1]) end
return #ARGV / 2`;
const PUBLISH_ROUTE = '{publish}';
interface PublishInOrder {
  publishInOrder(route: string, ...channelsAndMessages: string[]): Promise<number>;
}

/**
 * A Redis Cluster client with the options a single connection would have had: the key prefix
 * and auto-pipelining belong to the cluster client, the rest to each node's connection.
 * Subscriptions go over a connection of their own to one node (pub/sub reaches every node).
 */
export function clusterClient(nodes: RedisClusterNodes, opts: RedisOptions): Cluster {
  const { keyPrefix, enableAutoPipelining, lazyConnect, ...node } = opts;
  const options: ClusterOptions = {
    ...(keyPrefix !== undefined ? { keyPrefix } : {}),
    ...(enableAutoPipelining !== undefined ? { enableAutoPipelining } : {}),
    ...(lazyConnect !== undefined ? { lazyConnect } : {}),
    redisOptions: {
      ...node,
      ...(nodes.username !== undefined ? { username: nodes.username } : {}),
      ...(nodes.password !== undefined ? { password: nodes.password } : {}),
      // A managed cluster's certificate names its configuration endpoint, not each node's
      // address: the nodes are reached by the addresses the cluster announces, over TLS.
      ...(nodes.tls ? { tls: {} } : {}),
    },
    ...(nodes.tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
  };
  return new Cluster(nodes.nodes, options);
}
