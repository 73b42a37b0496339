import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepthStore } from '../../../../src/features/trading/market-data/depth-store.js';
import { build, type TestApp } from '../../../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

describe('the depth store', () => {
  it('serves the best levels of a deep book in price order, by value not by text, with its sequence', async () => {
    const store = new DepthStore(t.app.redis, t.app.db);
    // 400 bid and 400 ask levels, applied in a shuffled order; prices of different lengths.
    const changes = [];
    for (let i = 1; i <= 400; i++) {
      changes.push({
        mode: 2,
        symbol: 'BTC_USDT',
        side: 'BUY' as const,
        price: String(i * 0.5),
        amount: String(i),
      });
      changes.push({
        mode: 2,
        symbol: 'BTC_USDT',
        side: 'SELL' as const,
        price: String(1000 + i * 0.25),
        amount: String(i),
      });
    }
    for (let i = changes.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [changes[i], changes[j]] = [changes[j]!, changes[i]!];
    }
    const incs = await store.applyMany(changes);
    expect(incs.map((x) => x.seq)).toEqual(incs.map((_, i) => (incs[0]?.seq ?? 0) + i));

    let depth = await store.snapshot(2, 'BTC_USDT', 3);
    expect(depth.bids).toEqual([
      ['200', '400'],
      ['199.5', '399'],
      ['199', '398'],
    ]);
    expect(depth.asks).toEqual([
      ['1000.25', '1'],
      ['1000.5', '2'],
      ['1000.75', '3'],
    ]);
    expect(depth.seq).toBe(incs.at(-1)?.seq);

    // A level taken away leaves both its amount and its place; a changed one keeps its place.
    await store.applyMany([
      { mode: 2, symbol: 'BTC_USDT', side: 'BUY', price: '200', amount: '0' },
      { mode: 2, symbol: 'BTC_USDT', side: 'SELL', price: '1000.5', amount: '7.5' },
    ]);
    depth = await store.snapshot(2, 'BTC_USDT', 2);
    expect(depth.bids).toEqual([
      ['199.5', '399'],
      ['199', '398'],
    ]);
    expect(depth.asks).toEqual([
      ['1000.25', '1'],
      ['1000.5', '7.5'],
    ]);
    expect((await store.snapshot(2, 'BTC_USDT', 1000)).bids).toHaveLength(399);
  });

  it('numbers the changes of several books in one call by book, in the order given', async () => {
    const store = new DepthStore(t.app.redis, t.app.db);
    const c = (symbol: string, price: string, amount: string) => ({
      mode: 2,
      symbol,
      side: 'BUY' as const,
      price,
      amount,
    });
    const incs = await store.applyMany([
      c('ETH_BTC', '0.05', '1'),
      c('LTC_USDT', '70', '2'),
      c('ETH_BTC', '0.06', '3'),
      c('LTC_USDT', '70', '0'),
      c('ETH_BTC', '0.05', '4'),
    ]);
    const eth = incs.filter((x) => x.symbol === 'ETH_BTC').map((x) => x.seq);
    const ltc = incs.filter((x) => x.symbol === 'LTC_USDT').map((x) => x.seq);
    expect(eth).toEqual([eth[0], eth[0]! + 1, eth[0]! + 2]);
    expect(ltc).toEqual([ltc[0], ltc[0]! + 1]);
    expect(incs.map((x) => [x.symbol, x.price, x.amount])).toEqual([
      ['ETH_BTC', '0.05', '1'],
      ['LTC_USDT', '70', '2'],
      ['ETH_BTC', '0.06', '3'],
      ['LTC_USDT', '70', '0'],
      ['ETH_BTC', '0.05', '4'],
    ]);
    const eb = await store.snapshot(2, 'ETH_BTC');
    expect(eb.bids).toEqual([
      ['0.06', '3'],
      ['0.05', '4'],
    ]);
    expect(eb.seq).toBe(eth[2]);
    expect((await store.snapshot(2, 'LTC_USDT')).bids).toEqual([]);

    // With the top of each book after the changes, as a snapshot of one level reads it.
    const { tops } = await store.applyWithTop([
      { ...c('ETH_BTC', '0.07', '5'), side: 'SELL' },
      c('ETH_BTC', '0.06', '0'),
      c('LTC_USDT', '69', '1'),
    ]);
    expect(Object.fromEntries(tops)).toEqual({
      '2|ETH_BTC': { bid: ['0.05', '4'], ask: ['0.07', '5'] },
      '2|LTC_USDT': { bid: ['69', '1'], ask: null },
    });
    const top = await store.snapshot(2, 'ETH_BTC', 1);
    expect([top.bids[0], top.asks[0]]).toEqual([
      ['0.05', '4'],
      ['0.07', '5'],
    ]);
  });

  it('rebuilds a lost book from the open orders with a sequence above the lost one', async () => {
    const store = new DepthStore(t.app.redis, t.app.db);
    const [inc] = await store.applyMany([
      { mode: 2, symbol: 'ETH_USDT', side: 'BUY', price: '10', amount: '1' },
    ]);
    await new Promise((r) => setTimeout(r, 5)); // the sequence base is the rebuild's time in µs
    await t.app.redis.commands.del(
      'l2:{2:ETH_USDT}:seq',
      'l2:{2:ETH_USDT}:BUY',
      'l2:{2:ETH_USDT}:BUY:px',
    );
    const rebuilt = await new DepthStore(t.app.redis, t.app.db).snapshot(2, 'ETH_USDT');
    expect(rebuilt.bids).toEqual([]);
    expect(rebuilt.seq).toBeGreaterThan(inc?.seq ?? 0);
  });
});
