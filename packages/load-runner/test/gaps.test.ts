import { describe, expect, it } from 'vitest';
import { SeqTracker } from '../src/gaps.js';
import { plannedOrder } from '../src/orders.js';
import { parseTps } from '../src/pgbench.js';

describe('SeqTracker', () => {
  it('counts nothing on a gap-free stream', () => {
    const t = new SeqTracker();
    t.snapshot(10);
    for (let s = 11; s <= 20; s++) t.increment(s);
    expect(t).toMatchObject({ gaps: 0, gapEvents: 0, increments: 10, last: 20 });
  });

  it('counts the missing sequence numbers of each jump', () => {
    const t = new SeqTracker();
    t.snapshot(0);
    t.increment(1);
    t.increment(4); // 2, 3 missing
    t.increment(5);
    t.increment(10); // 6..9 missing
    expect(t.gaps).toBe(6);
    expect(t.gapEvents).toBe(2);
  });

  it('holds increments that arrive before the snapshot and drops those already in it', () => {
    const t = new SeqTracker();
    t.increment(5);
    t.increment(6);
    t.increment(7);
    t.snapshot(6);
    expect(t).toMatchObject({ stale: 2, gaps: 0, last: 7 });
    t.increment(8);
    expect(t.gaps).toBe(0);
  });

  it('sees a gap between the snapshot and the first increment', () => {
    const t = new SeqTracker();
    t.snapshot(3);
    t.increment(6);
    expect(t.gaps).toBe(2);
  });

  it('treats a duplicate or older increment as stale, not a gap', () => {
    const t = new SeqTracker();
    t.snapshot(1);
    t.increment(2);
    t.increment(2);
    t.increment(1);
    expect(t).toMatchObject({ gaps: 0, stale: 2, last: 2 });
  });
});

describe('plannedOrder', () => {
  it('alternates passive orders and crossing pairs between different users', () => {
    const orders = Array.from({ length: 8 }, (_, k) => plannedOrder(k, 4));
    const crossing = orders.filter((o) => o.crossing);
    expect(crossing).toHaveLength(4);
    expect(crossing.map((o) => o.side)).toEqual(['BUY', 'SELL', 'BUY', 'SELL']);
    for (const o of crossing) expect(o.user % 2).toBe(o.side === 'BUY' ? 0 : 1);
    for (const o of orders.filter((x) => !x.crossing)) {
      expect(Number(o.price) < 50_000 ? 'BUY' : 'SELL').toBe(o.side);
    }
  });
  it('refuses an odd number of users', () => {
    expect(() => plannedOrder(0, 3)).toThrow();
  });
});

describe('parseTps', () => {
  it('reads pgbench output', () => {
    expect(
      parseTps('latency average = 1.2 ms\ntps = 6543.210987 (without initial connection time)\n'),
    ).toBeCloseTo(6543.21);
    expect(Number.isNaN(parseTps('nothing'))).toBe(true);
  });
});
