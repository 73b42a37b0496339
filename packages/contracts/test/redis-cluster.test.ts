import { describe, expect, it } from 'vitest';
import {
  engineShardTag,
  engineStreamKeys,
  firstClusterNodeUrl,
  parseRedisClusterNodes,
  redisClusterNodesSetting,
} from '../src/index.js';

describe('REDIS_CLUSTER_NODES', () => {
  it('reads host:port lists and URLs with credentials and TLS', () => {
    expect(parseRedisClusterNodes(' 10.0.0.1:7000, 10.0.0.2:7001 ,')).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
      tls: false,
    });
    expect(
      parseRedisClusterNodes('rediss://app:s%40cret@cfg.example.internal:6380,[::1]:7000'),
    ).toEqual({
      nodes: [
        { host: 'cfg.example.internal', port: 6380 },
        { host: '::1', port: 7000 },
      ],
      username: 'app',
      password: 's@cret',
      tls: true,
    });
    expect(parseRedisClusterNodes('node-a')).toMatchObject({
      nodes: [{ host: 'node-a', port: 6379 }],
    });
  });

  it('refuses what is not a node list', () => {
    expect(parseRedisClusterNodes(' , ')).toBe('REDIS_CLUSTER_NODES lists no node');
    expect(parseRedisClusterNodes('http://x:1')).toMatch(/must be host:port/);
    expect(parseRedisClusterNodes('x:99999')).toMatch(/^REDIS_CLUSTER_NODES: "x:99999"/);
    expect(redisClusterNodesSetting.safeParse('x:99999').success).toBe(false);
    expect(redisClusterNodesSetting.parse(undefined)).toBeUndefined();
    expect(redisClusterNodesSetting.parse('')).toBeUndefined();
  });

  it('gives a configuration without REDIS_URL the first node as its URL', () => {
    expect(firstClusterNodeUrl('a:7000,b:7001')).toBe('redis://a:7000');
    expect(firstClusterNodeUrl('rediss://u:p@a:7000')).toBe('rediss://u:p@a:7000');
    expect(firstClusterNodeUrl(undefined)).toBeUndefined();
  });
});

describe('engine shard keys', () => {
  it('carry the shard as their hash tag, whatever the shard is called', () => {
    for (const shard of ['0', '12', 'eu-west_2']) {
      const keys = Object.values(engineStreamKeys(shard));
      expect(keys).toHaveLength(8);
      for (const key of keys) expect(key).toMatch(new RegExp(`^engine:\\{${shard}\\}:[a-z]+$`));
      expect(engineShardTag(shard)).toBe(`{${shard}}`);
    }
    expect(engineStreamKeys('0').input).toBe('engine:{0}:commands');
  });
});
