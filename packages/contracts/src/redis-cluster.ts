import { z } from 'zod';

/**
 * REDIS_CLUSTER_NODES, read by the gateway and the matching service alike: the seed nodes of a
 * Redis Cluster, comma-separated, each `host:port` or a URL `redis://[user[:password]@]host:port`
 * (`rediss://` for TLS). Credentials and TLS come from the first URL that carries them and apply
 * to every node (a managed cluster has one password and one TLS setting for all of them).
 */
export interface RedisClusterNodes {
  nodes: { host: string; port: number }[];
  username?: string;
  password?: string;
  tls: boolean;
}

/** The parsed setting, or a sentence saying what is wrong with it. */
export function parseRedisClusterNodes(value: string): RedisClusterNodes | string {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'REDIS_CLUSTER_NODES lists no node';
  const out: RedisClusterNodes = { nodes: [], tls: false };
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry.includes('://') ? entry : `redis://${entry}`);
    } catch {
      return `REDIS_CLUSTER_NODES: "${entry}" is neither host:port nor a redis:// URL`;
    }
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
      return `REDIS_CLUSTER_NODES: "${entry}" must be host:port, redis:// or rediss://`;
    const port = Number(url.port || 6379);
    if (!url.hostname || !Number.isInteger(port) || port <= 0 || port > 65535)
      return `REDIS_CLUSTER_NODES: "${entry}" has no host or a bad port`;
    // IPv6 hosts come back in brackets; the socket wants them bare.
    out.nodes.push({ host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port });
    if (url.protocol === 'rediss:') out.tls = true;
    if (url.username && out.username === undefined) out.username = decodeURIComponent(url.username);
    if (url.password && out.password === undefined) out.password = decodeURIComponent(url.password);
  }
  return out;
}

/** The setting as a zod field of a service's configuration (absent: a single Redis). */
export const redisClusterNodesSetting = z
  .string()
  .optional()
  .transform((value, ctx): RedisClusterNodes | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const parsed = parseRedisClusterNodes(value);
    if (typeof parsed !== 'string') return parsed;
    ctx.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  });

/**
 * A REDIS_URL for a configuration that gives only REDIS_CLUSTER_NODES: its first node. The
 * connections are made from the cluster setting; this only satisfies settings read as a URL.
 */
export function firstClusterNodeUrl(value: string | undefined): string | undefined {
  const first = value
    ?.split(',')
    .map((s) => s.trim())
    .find(Boolean);
  if (first === undefined) return undefined;
  return first.includes('://') ? first : `redis://${first}`;
}
