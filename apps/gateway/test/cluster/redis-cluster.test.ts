// The exchange on a real Redis Cluster of three masters (`npm run test:cluster` starts it and
// sets REDIS_CLUSTER_NODES): registration with its e-mailed code (a BullMQ job), the login
// guard, a crossing trade matched by the engine, settled exactly, and fanned out to a socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster } from 'ioredis';
import { engineShardTag, engineStreamKeys, type Order } from '@exchange/contracts';
import { auditLedger } from '../../src/features/wallet/ledger/audit.js';
import { jobsPrefix } from '../../src/jobs/jobs.js';
import { loginUser, mailCount, registerUser } from '../helpers/auth.js';
import { build, type TestApp } from '../helpers/build.js';
import { startEngine } from '../helpers/engine.js';
import { listen } from '../helpers/listen.js';
import { Client } from '../helpers/socket-client.js';
import { trading, until } from '../helpers/trading.js';

const NODES = process.env.REDIS_CLUSTER_NODES;
if (!NODES) throw new Error('REDIS_CLUSTER_NODES is not set: run it with npm run test:cluster');

let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({
    REDIS_CLUSTER_NODES: NODES,
    DEMO_FUNDING: 'USDT=100000,BTC=2',
    ORDER_VERDICT_TIMEOUT_MS: '5000',
  });
  // The engine inherits REDIS_CLUSTER_NODES from this process: it runs on the cluster too.
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

const { place, balance, order } = trading(() => t);
const cluster = () => t.app.redis.commands as Cluster;
const slotOf = async (key: string) =>
  Number(await cluster().cluster('KEYSLOT', `${t.env.REDIS_PREFIX}${key}`));

/** Every key of this exchange on each master: which master holds what. */
async function keysByMaster(): Promise<string[][]> {
  return Promise.all(
    cluster()
      .nodes('master')
      .map(async (node) => {
        const found: string[] = [];
        let cursor = '0';
        do {
          const [next, keys] = await node.scan(
            cursor,
            'MATCH',
            `${t.env.REDIS_PREFIX}*`,
            'COUNT',
            1000,
          );
          found.push(...keys);
          cursor = next;
        } while (cursor !== '0');
        return found;
      }),
  );
}

describe('the exchange on a Redis Cluster of three masters', () => {
  it('connects to the cluster, not to a single Redis', async () => {
    expect(t.app.redis.cluster).toBe(true);
    expect(t.app.redis.commands).toBeInstanceOf(Cluster);
    const info = await cluster().cluster('INFO');
    expect(info).toContain('cluster_state:ok');
    expect(info).toContain('cluster_size:3');
    expect(cluster().nodes('master')).toHaveLength(3);
  });

  let seller: { email: string; token: string };
  let buyer: { email: string; token: string };

  it('registers through the e-mailed code (a BullMQ job on the cluster) and guards the login', async () => {
    const register = async (name: string) => {
      const email = `${name}-${Date.now()}@example.test`;
      return { email, token: (await registerUser(t, email)).token };
    };
    seller = await register('seller');
    buyer = await register('buyer');
    // The send-mail jobs ran through the queue on the cluster and reached the catcher.
    expect(await mailCount(t, seller.email)).toBeGreaterThanOrEqual(1);
    expect(await t.app.jobs.pending(t.app.mailJob)).toBe(0);
    // A wrong password counts in one MULTI over the e-mail's keys (one slot: its hash tag) ...
    const wrong = await loginUser(t, seller.email, 'Wr0ng!pass');
    expect(wrong.json()).toMatchObject({ code: '2002', data: { failedAttempts: 1 } });
    // ... and the right one clears them in another.
    const right = await loginUser(t, seller.email);
    expect(right.json()).toMatchObject({ code: '200' });
    // One session per user: the new login ended the registration's.
    seller.token = right.json<{ data: { token: string } }>().data.token;
  });

  it('places crossing orders, matches them in the engine, settles exactly and fans out', async () => {
    const url = await listen(t);
    const watcher = await Client.open(url);
    await watcher.request('settings', { args: { runtimeMode: 1 } });
    for (const channel of ['orderBook', 'trade'])
      expect(
        (await watcher.request('subscribe', { channel, args: { symbol: 'BTC_USDT' } })).code,
      ).toBe('200');
    const snapshot = (await watcher.next(
      (m) => m.event === 'push' && m.channel === 'orderBook',
      10_000,
    )) as { data: { type: string; seq: number } };
    expect(snapshot.data.type).toBe('snapshot');

    const sell = await place(seller.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '60000',
      amount: '0.5',
    });
    expect(sell.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
    const sellId = sell.json<{ data: Order }>().data.id;
    const buy = await place(buyer.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000',
      amount: '0.5',
    });
    expect(buy.json()).toMatchObject({ code: '200' });
    const buyId = buy.json<{ data: Order }>().data.id;
    await until(async () => (await order(buyer.token, buyId)).status === 'FILLED', 15_000);
    expect(await order(buyer.token, buyId)).toMatchObject({
      filled: '0.5',
      filledTotal: '30000',
      liquidity: 'TAKER',
    });
    expect(await order(seller.token, sellId)).toMatchObject({
      status: 'FILLED',
      filled: '0.5',
      liquidity: 'MAKER',
    });
    // Exact balances: 0.5 BTC for 30,000 USDT (the figures of the spot-orders test).
    expect(await balance(seller.token, 'BTC')).toMatchObject({ available: '1.5', frozen: '0' });
    expect(await balance(seller.token, 'USDT')).toMatchObject({
      available: '130000',
      frozen: '0',
    });
    expect(await balance(buyer.token, 'BTC')).toMatchObject({ available: '2.5', frozen: '0' });
    expect(await balance(buyer.token, 'USDT')).toMatchObject({ available: '70000', frozen: '0' });
    expect(await auditLedger(t.app.db)).toMatchObject({ ok: true });

    // The fan-out: the trade and the book's increments, in sequence, on the subscriber.
    const items = (d: unknown): unknown[] => (Array.isArray(d) ? d : [d]);
    const trade = await watcher.next((m) => m.event === 'push' && m.channel === 'trade', 10_000);
    expect(items(trade.data)).toEqual([
      expect.objectContaining({ price: '60000', amount: '0.5', side: 'BUY' }),
    ]);
    const increments = () =>
      watcher.messages
        .filter((m) => m.event === 'push' && m.channel === 'orderBook')
        .flatMap((m) => items(m.data) as { type: string; seq: number; amount: string }[])
        .filter((i) => i.type === 'increment');
    await until(() => Promise.resolve(increments().length >= 2), 10_000);
    // The ask appeared (0.5) and went (0): two increments, numbered on from the snapshot.
    expect(increments().map((i) => i.seq)).toEqual([snapshot.data.seq + 1, snapshot.data.seq + 2]);
    expect(increments().map((i) => i.amount)).toEqual(['0.5', '0']);
    watcher.close();
  });

  it("keeps a shard's streams and settlement lock in one slot, and a queue's keys in another", async () => {
    const shard = '0';
    const keys = engineStreamKeys(shard);
    const lock = `settlement:lock:${engineShardTag(shard)}`;
    const shardSlot = await slotOf(keys.input);
    for (const key of [...Object.values(keys), lock]) expect(await slotOf(key)).toBe(shardSlot);
    // The settlement consumer holds its lock on the cluster, beside the streams it reads.
    expect(await t.app.redis.commands.get(lock)).not.toBeNull();
    // Any shard name works the same way (shards beyond '0' get slots of their own).
    for (const other of ['1', 'eu-2', 'asia_3']) {
      const slots = await Promise.all(
        [...Object.values(engineStreamKeys(other)), `settlement:lock:${engineShardTag(other)}`].map(
          slotOf,
        ),
      );
      expect(new Set(slots).size).toBe(1);
    }

    // Where the keys really are: every key of the shard on one master, every key of the job
    // queue on one master.
    const byMaster = await keysByMaster();
    const holding = (pred: (k: string) => boolean) =>
      byMaster.flatMap((keys, i) => (keys.some(pred) ? [i] : []));
    const shardKeys = (k: string) =>
      k.startsWith(`${t.env.REDIS_PREFIX}engine:${engineShardTag(shard)}:`) || k.endsWith(lock);
    const queueKeys = (k: string) => k.startsWith(`${jobsPrefix(t.env.REDIS_PREFIX)}:`);
    expect(byMaster.flat().filter(shardKeys).length).toBeGreaterThanOrEqual(3);
    expect(holding(shardKeys)).toHaveLength(1);
    expect(byMaster.flat().filter(queueKeys).length).toBeGreaterThan(0);
    expect(holding(queueKeys)).toHaveLength(1);
    // The exchange's keys as a whole are spread over the masters, not piled on one.
    expect(byMaster.filter((keys) => keys.length > 0).length).toBeGreaterThanOrEqual(2);
  });
});
