import type { RedisClusterNodes } from '@exchange/contracts';
import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** A connection to a single Redis or to a Redis Cluster (REDIS_CLUSTER_NODES). */
export type RedisClient = Redis | Cluster;

/**
 * The matching service's connection: to the cluster when REDIS_CLUSTER_NODES is set (the same
 * setting as the gateway's), else to REDIS_URL. The key prefix applies either way; the shard's
 * keys share its hash tag (engineStreamKeys), so its XREAD and pipelines stay in one slot.
 */
export function connectRedis(
  config: { REDIS_URL: string; REDIS_CLUSTER_NODES?: RedisClusterNodes | undefined },
  opts: RedisOptions,
): RedisClient {
  const nodes = config.REDIS_CLUSTER_NODES;
  if (!nodes) return new Redis(config.REDIS_URL, opts);
  const { keyPrefix, ...node } = opts;
  return new Cluster(nodes.nodes, {
    ...(keyPrefix !== undefined ? { keyPrefix } : {}),
    redisOptions: {
      ...node,
      ...(nodes.username !== undefined ? { username: nodes.username } : {}),
      ...(nodes.password !== undefined ? { password: nodes.password } : {}),
      ...(nodes.tls ? { tls: {} } : {}),
    },
    // Over TLS the nodes are reached by the addresses the cluster announces (docs/operations.md, Redis Cluster).
    ...(nodes.tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
  });
}
