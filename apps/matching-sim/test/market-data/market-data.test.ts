import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { L2Depth } from '../../src/market-data/depth.js';
import { MarketData } from '../../src/market-data/market-data.js';
import { RollingTicker } from '../../src/market-data/ticker.js';
import { VolumeStats } from '../../src/market-data/volume-stats.js';
import { Harness, implementations } from '../engine/helpers.js';

const HOUR = 3_600_000;

describe('L2 depth', () => {
  it('matches the engine book after any events, and a snapshot plus later increments catches up', () => {
    const h = new Harness(implementations[1]![1]);
    const md = new MarketData();
    let mid: ReturnType<L2Depth['snapshot']> | undefined;
    let applied = 0;
    for (let i = 0; i < 300; i++) {
      h.limit(i % 2 === 0 ? 'BUY' : 'SELL', 95 + ((i * 7) % 11), 1 + (i % 9), {
        userId: 1 + (i % 4),
      });
      if (i % 5 === 0 && i >= 5)
        h.send({ kind: 'cancel', orderId: i - 3, userId: 1 + ((i - 4) % 4) });
      if (i === 150) mid = md.book('1:TST-HKD').depth.snapshot(1000);
      for (const e of h.log.slice(applied)) md.apply(e);
      applied = h.log.length;
    }
    const depth = md.book('1:TST-HKD').depth;
    expect(depth.snapshot(1000).bids).toEqual(h.book.depth(0, 1000));
    expect(depth.snapshot(1000).asks).toEqual(h.book.depth(1, 1000));
    expect(depth.bestBid()?.[0]).toBe(h.book.bestBid());
    expect(depth.bestAsk()?.[0]).toBe(h.book.bestAsk());
    // A late subscriber: a snapshot, then every increment; those at or below its seq are ignored.
    const late = L2Depth.from(mid!);
    for (const e of h.log) if (e.type === 'BOOK_DELTA') late.apply(e);
    expect(late.snapshot(1000)).toEqual(depth.snapshot(1000));
    expect(mid!.seq).toBeGreaterThan(0);
  });
});

describe('24h ticker', () => {
  it('rolls a 24-hour window with change, high, low and volume', () => {
    const t = new RollingTicker();
    t.add(0, 100, 1);
    t.add(1 * HOUR, 120, 2);
    t.add(2 * HOUR, 90, 1);
    t.add(20 * HOUR, 110, 1);
    expect(t.at(20 * HOUR)).toEqual({
      open: 100,
      last: 110,
      high: 120,
      low: 90,
      change: 10,
      changeBps: 1000,
      volume: 5,
      quoteVolume: 100 + 240 + 90 + 110,
      trades: 4,
    });
    expect(t.at(25 * HOUR)).toMatchObject({ open: 90, high: 110, low: 90, volume: 2, trades: 2 });
    expect(t.at(50 * HOUR)).toEqual({
      last: 110,
      change: 0,
      changeBps: 0,
      volume: 0,
      quoteVolume: 0,
      trades: 0,
    });
  });

  it('agrees with a brute-force window on random trades', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 3 * HOUR }),
            fc.integer({ min: 1, max: 500 }),
            fc.integer({ min: 1, max: 9 }),
          ),
          { maxLength: 200 },
        ),
        fc.integer({ min: 0, max: 30 * HOUR }),
        (steps, probe) => {
          const t = new RollingTicker();
          const trades: [number, number, number][] = [];
          let ts = 0;
          for (const [dt, price, qty] of steps) {
            ts += dt;
            t.add(ts, price, qty);
            trades.push([ts, price, qty]);
          }
          const now = ts + probe;
          const win = trades.filter(([x]) => x > now - 24 * HOUR);
          const got = t.at(now);
          expect(got.trades).toBe(win.length);
          expect(got.volume).toBe(win.reduce((s, [, , q]) => s + q, 0));
          if (win.length > 0) {
            expect(got.high).toBe(Math.max(...win.map(([, p]) => p)));
            expect(got.low).toBe(Math.min(...win.map(([, p]) => p)));
            expect(got.open).toBe(win[0]?.[1]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('volume stats and trades', () => {
  it('sum volume per UTC day and per user', () => {
    const v = new VolumeStats();
    const day = Date.parse('2026-03-01T00:00:00Z');
    v.add(day + HOUR, 100, 2, 1, 2);
    v.add(day + 23 * HOUR, 50, 1, 2, 3);
    v.add(day + 25 * HOUR, 10, 1, 1, 1);
    expect(v.daily().map((d) => [d.day - day, d.trades, d.volume, d.quoteVolume])).toEqual([
      [0, 2, 3, 250],
      [24 * HOUR, 1, 1, 10],
    ]);
    expect(v.userQuoteVolume(1, day + 30 * HOUR)).toBe(210);
    expect(v.userQuoteVolume(2, day + 30 * HOUR, 1)).toBe(0);
    expect(v.totals()).toEqual({ trades: 3, volume: 4, quoteVolume: 260 });
  });

  it('turns trade events into public trades, ticker and candles of every interval', () => {
    const h = new Harness(implementations[1]![1]);
    const md = new MarketData();
    h.limit('SELL', 100, 5, { userId: 2 });
    h.limit('BUY', 100, 3);
    const updates = h.log.map((e) => md.apply(e)).filter((u) => u?.trade);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.trade).toMatchObject({ price: 100, quantity: 3, takerSide: 'BUY' });
    expect(Object.keys(updates[0]?.candles ?? {})).toEqual([
      '1m',
      '5m',
      '15m',
      '30m',
      '1h',
      '4h',
      '1d',
      '1w',
      '1M',
    ]);
    expect(md.book('1:TST-HKD').ticker.at(1_700_000_000_000)).toMatchObject({
      last: 100,
      volume: 3,
    });
  });
});
