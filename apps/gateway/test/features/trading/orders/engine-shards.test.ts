import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { Order } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { demo } from '../../../helpers/trading.js';
import { until } from '../../../helpers/wait.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { assignShards, engineShards } from '../../../../src/features/trading/orders/shard-map.js';

// Two engine shards (BTC_USDT on "0", ETH_USDT on "1"), each its own engine process, and two
// gateways each settling one shard. The same users trade on both symbols at once through both
// gateways, so both settlement consumers move one user's USDT at the same moment.
const FUNDING = 'USDT=1000000,BTC=10,ETH=100';
let a: TestApp;
let b: TestApp;
const engines: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  a = await build({ DEMO_FUNDING: FUNDING, SETTLEMENT_SHARDS: '0' });
  await a.app.db.tradingSymbol.update({ where: { code: 'ETH_USDT' }, data: { engineShard: '1' } });
  b = await build({
    DATABASE_URL: a.env.DATABASE_URL,
    REDIS_PREFIX: a.env.REDIS_PREFIX,
    DEMO_FUNDING: FUNDING,
    SETTLEMENT_SHARDS: '1',
  });
  engines.push(await startEngine(a, { shard: '0' }), await startEngine(a, { shard: '1' }));
}, 60_000);

afterAll(async () => {
  for (const e of engines) await e.stop();
  await b?.close();
  await a?.close();
});

const place = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/spot-order/place',
    headers: demo(token),
    payload: body,
  });

async function balances(
  token: string,
): Promise<Record<string, { available: string; frozen: string }>> {
  const res = await a.app.inject({
    method: 'GET',
    url: '/v1/wallet/balances',
    headers: demo(token),
  });
  const out: Record<string, { available: string; frozen: string }> = {};
  for (const x of res.json<{ data: { asset: string; available: string; frozen: string }[] }>().data)
    out[x.asset] = { available: x.available, frozen: x.frozen };
  return out;
}

describe('several engine shards', () => {
  it('routes each symbol to its shard and settles both shards in parallel, exactly', async () => {
    expect(await engineShards(a.app.db)).toEqual(['0', '1']);
    const sellers = [await signIn(a), await signIn(a), await signIn(a)];
    const buyers = [await signIn(a), await signIn(a), await signIn(a)];
    for (const u of [...sellers, ...buyers]) await balances(u.token);

    // Every seller offers 20 x 0.01 BTC at 50,000 and 20 x 0.1 ETH at 3,000; every buyer bids the
    // same, all at once, through both gateways: every order meets one of the other side.
    const N = 20;
    const requests: Promise<{ statusCode: number; body: string }>[] = [];
    for (let i = 0; i < N; i++) {
      for (const [k, u] of sellers.entries()) {
        const gw = (i + k) % 2 === 0 ? a : b;
        requests.push(
          place(gw, u.token, {
            symbol: 'BTC_USDT',
            side: 'SELL',
            type: 'LIMIT',
            price: '50000',
            amount: '0.01',
          }),
          place(gw === a ? b : a, u.token, {
            symbol: 'ETH_USDT',
            side: 'SELL',
            type: 'LIMIT',
            price: '3000',
            amount: '0.1',
          }),
        );
      }
      for (const [k, u] of buyers.entries()) {
        const gw = (i + k) % 2 === 0 ? b : a;
        requests.push(
          place(gw, u.token, {
            symbol: 'BTC_USDT',
            side: 'BUY',
            type: 'LIMIT',
            price: '50000',
            amount: '0.01',
          }),
          place(gw === a ? b : a, u.token, {
            symbol: 'ETH_USDT',
            side: 'BUY',
            type: 'LIMIT',
            price: '3000',
            amount: '0.1',
          }),
        );
      }
    }
    const answers = await Promise.all(requests);
    for (const r of answers) expect(r.body).toMatch(/^\{"code":"200"/);
    const ids = answers.map((r) => (JSON.parse(r.body) as { data: Order }).data.id);

    // Everything fills; each shard's trades are numbered by its own engine and settled by the
    // gateway that settles that shard.
    await until(
      async () =>
        (await a.app.db.spotOrder.count({
          where: { id: { in: ids.map(BigInt) }, status: 'FILLED' },
        })) === ids.length,
      30_000,
    );
    const trades = await a.app.db.spotTrade.groupBy({
      by: ['shard', 'symbol'],
      _sum: { quantity: true },
      _count: true,
    });
    expect(
      trades
        .map((t) => [t.shard, t.symbol, t._sum.quantity?.toFixed()])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual([
      ['0', 'BTC_USDT', new Decimal(0.01).times(N * 3).toFixed()],
      ['1', 'ETH_USDT', new Decimal(0.1).times(N * 3).toFixed()],
    ]);
    const cursors = await a.app.db.engineCursor.findMany({ orderBy: { shard: 'asc' } });
    expect(cursors.map((c) => c.shard)).toEqual(['0', '1']);
    expect(cursors.every((c) => c.lastSeq > 0)).toBe(true);

    // Balances to the last unit: each seller sold 0.2 BTC for 10,000 USDT and 2 ETH for 6,000.
    for (const u of sellers)
      expect(await balances(u.token)).toMatchObject({
        USDT: { available: '1016000', frozen: '0' },
        BTC: { available: '9.8', frozen: '0' },
        ETH: { available: '98', frozen: '0' },
      });
    for (const u of buyers)
      expect(await balances(u.token)).toMatchObject({
        USDT: { available: '984000', frozen: '0' },
        BTC: { available: '10.2', frozen: '0' },
        ETH: { available: '102', frozen: '0' },
      });
    const audit = await auditLedger(a.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
    expect(audit.negative).toBe(0);
  }, 90_000);

  it('cancels an order through the shard that holds it', async () => {
    const u = await signIn(b);
    await balances(u.token);
    const res = await place(b, u.token, {
      symbol: 'ETH_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      amount: '1',
    });
    const order = res.json<{ data: Order }>().data;
    expect(order.status).toBe('NEW');
    const cancel = await a.app.inject({
      method: 'POST',
      url: '/v1/spot-order/cancel',
      headers: demo(u.token),
      payload: { orderId: order.id },
    });
    expect(cancel.json()).toMatchObject({ code: '200' });
    await until(
      async () =>
        (await a.app.db.spotOrder.findUniqueOrThrow({ where: { id: BigInt(order.id) } })).status ===
        'CANCELED',
      10_000,
    );
    expect((await balances(u.token)).USDT).toEqual({ available: '1000000', frozen: '0' });
  }, 30_000);

  it('moves a symbol to another shard only while it has no open order', async () => {
    const u = await signIn(a);
    await balances(u.token);
    const res = await place(a, u.token, {
      symbol: 'ETH_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      amount: '0.01',
    });
    const order = res.json<{ data: Order }>().data;
    expect(order.status).toBe('NEW');
    // Back to one shard: ETH_USDT rests an order in shard "1"'s engine, so it stays there.
    expect(await assignShards(a.app.db, 1)).toEqual({ moved: [], kept: ['ETH_USDT'] });
    await place(a, u.token, {
      symbol: 'ETH_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '1',
      amount: '1',
    });
    await a.app.inject({
      method: 'POST',
      url: '/v1/spot-order/cancel-all',
      headers: demo(u.token),
      payload: { symbol: 'ETH_USDT' },
    });
    await until(
      async () =>
        (await a.app.db.spotOrder.count({
          where: { userId: u.userId, status: { in: ['NEW', 'PENDING'] } },
        })) === 0,
      10_000,
    );
    expect(await assignShards(a.app.db, 1)).toEqual({
      moved: [{ symbol: 'ETH_USDT', from: '1', to: '0' }],
      kept: [],
    });
    expect(await engineShards(a.app.db)).toEqual(['0']);
  }, 30_000);
});
