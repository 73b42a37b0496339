import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS, candleStart, seededRandom } from '@exchange/contracts';
import {
  BookStats,
  type TradeTick,
} from '../../../../src/features/trading/market-data/book-stats.js';
import {
  candles,
  tickers,
  volumeStats,
} from '../../../../src/features/trading/market-data/market-queries.js';
import { build, type TestApp } from '../../../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const MODE = 2;
const SYMBOL = 'STATS_USDT';
const user = randomUUID();
let seq = 0;

/** Stores trades as settlement does (in time order), returning them with their ids. */
async function store(
  rows: { price: string; quantity: string; ts: number }[],
): Promise<TradeTick[]> {
  const out: TradeTick[] = [];
  for (const r of rows) {
    const quote = new Decimal(r.price).times(r.quantity).toFixed();
    const row = await t.app.db.spotTrade.create({
      data: {
        shard: 'stats-test',
        seq: ++seq,
        mode: MODE,
        symbol: SYMBOL,
        price: r.price,
        quantity: r.quantity,
        quoteAmount: quote,
        takerSide: 'BUY',
        makerOrderId: 1n,
        takerOrderId: 2n,
        makerUserId: user,
        takerUserId: user,
        makerFee: '0',
        takerFee: '0',
        createdAt: new Date(r.ts),
      },
    });
    out.push({ id: row.id, price: r.price, quantity: r.quantity, quote, ts: r.ts });
  }
  return out;
}

async function expectSameAsStored(stats: BookStats, now: number) {
  const [ticker] = await tickers(t.app.db, MODE, [SYMBOL], new Date(now));
  expect(stats.ticker(SYMBOL, now)).toEqual(ticker);
  expect(stats.volumes(SYMBOL, now)).toEqual(
    await volumeStats(t.app.db, MODE, SYMBOL, new Date(now)),
  );
  for (const interval of CANDLE_INTERVALS) {
    const [c] = await candles(t.app.db, MODE, SYMBOL, interval, {
      start: candleStart(interval, new Date(now)),
      end: new Date(now + 1),
      limit: 1,
    });
    expect({ interval, c: stats.candle(interval, now) }).toEqual({ interval, c: c ?? null });
  }
}

describe('book statistics kept in memory', () => {
  it('give the same ticker, volumes and forming candles as the stored trades, as time and trades go on', async () => {
    const random = seededRandom(20261122);
    const price = () => new Decimal(100 + random() * 50).toDecimalPlaces(2).toFixed();
    const quantity = () => new Decimal(random() * 3 + 0.00000001).toDecimalPlaces(8).toFixed();
    const start = Date.UTC(2026, 9, 20, 13, 7, 11); // 33 days before the first check
    // History: 400 trades over 33 days, some minutes with several trades.
    const history = Array.from(
      { length: 400 },
      () => start + Math.floor(random() * 33 * 86_400_000),
    ).sort((a, b) => a - b);
    await store(history.map((ts) => ({ price: price(), quantity: quantity(), ts })));
    let now = start + 33 * 86_400_000;
    const stats = await BookStats.load(t.app.db, MODE, SYMBOL, now);
    await expectSameAsStored(stats, now);

    // Then trades and checks, crossing minutes, hours, a day, a week and a month.
    for (let step = 0; step < 25; step++) {
      const batch: { price: string; quantity: string; ts: number }[] = [];
      for (let i = 0; i < 1 + Math.floor(random() * 4); i++) {
        now += Math.floor(random() * (step % 5 === 4 ? 2 * 86_400_000 : 900_000));
        batch.push({ price: price(), quantity: quantity(), ts: now });
      }
      stats.add(await store(batch));
      now += Math.floor(random() * 120_000);
      await expectSameAsStored(stats, now);
    }
    // The windows' edges: a day, then 7 days, after the last trade's minute, it is still in
    // (the window starts on that minute); a minute later it has left.
    const lastMinute = Math.floor(now / 60_000) * 60_000;
    stats.add(await store([{ price: '123.45', quantity: '0.5', ts: now }]));
    for (const days of [1, 7]) {
      await expectSameAsStored(stats, lastMinute + days * 86_400_000 + 59_999);
      await expectSameAsStored(stats, lastMinute + days * 86_400_000 + 60_000);
    }
  });

  it('skips trades that were loaded already', async () => {
    const now = Date.now();
    const ticks = await store([{ price: '10', quantity: '1', ts: now }]);
    const stats = await BookStats.load(t.app.db, MODE, SYMBOL, now);
    const before = stats.ticker(SYMBOL, now);
    stats.add(ticks);
    expect(stats.ticker(SYMBOL, now)).toEqual(before);
  });

  it('count the simulated chart history inside the window as the chart does, both ways alike', async () => {
    const symbol = 'SIM_USDT';
    const now = Math.floor(Date.now() / 300_000) * 300_000 + 17_000;
    const firstTrade = now - 3_600_000;
    // 5-minute candles of the simulated history, a day and an hour up to the first trade: the
    // oldest are outside the window, the highest high and lowest low inside.
    const bars = [];
    for (let at = firstTrade - 25 * 3_600_000; at < firstTrade; at += 300_000) {
      const k = (at - (firstTrade - 25 * 3_600_000)) / 300_000;
      const mid = 100 + (k % 7);
      bars.push({
        mode: MODE,
        symbol,
        interval: '5m',
        openTime: new Date(at),
        open: String(mid),
        high: String(k === 200 ? 180 : mid + 1),
        low: String(k === 250 ? 20 : mid - 1),
        close: String(mid),
        volume: '1',
        quote: String(mid),
      });
    }
    // Wider still, but an hour before the window: not counted.
    bars[0] = { ...bars[0]!, high: '999', low: '1' };
    const fresh = await BookStats.load(t.app.db, MODE, symbol, now);
    await t.app.db.simulatedCandle.createMany({ data: bars });
    const trade = async (price: string, ts: number) => {
      const quote = new Decimal(price).toFixed();
      const row = await t.app.db.spotTrade.create({
        data: {
          shard: 'stats-test',
          seq: ++seq,
          mode: MODE,
          symbol,
          price,
          quantity: '1',
          quoteAmount: quote,
          takerSide: 'BUY',
          makerOrderId: 1n,
          takerOrderId: 2n,
          makerUserId: user,
          takerUserId: user,
          makerFee: '0',
          takerFee: '0',
          createdAt: new Date(ts),
        },
      });
      return { id: row.id, price, quantity: '1', quote, ts };
    };
    const ticks = [await trade('110', firstTrade), await trade('121', now - 60_000)];
    const stats = await BookStats.load(t.app.db, MODE, symbol, now);
    const [stored] = await tickers(t.app.db, MODE, [symbol], new Date(now));
    const from = Math.floor((now - 86_400_000) / 60_000) * 60_000;
    const open = bars.find((b) => b.openTime.getTime() >= from)!.open;
    expect(stored).toMatchObject({
      open,
      high: '180',
      low: '20',
      last: '121',
      change: new Decimal(121).minus(open).toFixed(),
      volume: '2',
      trades: 2,
    });
    expect(stats.ticker(symbol, now)).toEqual(stored);

    // A book loaded before the history was written finds it within a minute.
    fresh.add(ticks);
    await fresh.readSimulated(t.app.db, MODE, symbol, now);
    expect(fresh.ticker(symbol, now).high).toBe('121');
    await fresh.readSimulated(t.app.db, MODE, symbol, now + 60_000);
    expect(fresh.ticker(symbol, now + 60_000)).toEqual(
      (await tickers(t.app.db, MODE, [symbol], new Date(now + 60_000)))[0],
    );

    // Twenty hours on, the extremes have left the window: both agree again.
    const later = now + 20 * 3_600_000;
    const [afterwards] = await tickers(t.app.db, MODE, [symbol], new Date(later));
    expect(afterwards?.high).not.toBe('180');
    expect(stats.ticker(symbol, later)).toEqual(afterwards);
  });
});
