import { describe, expect, it } from 'vitest';
import { Histogram, percentile, slope, summarize } from '../src/stats.js';

describe('percentile (nearest rank)', () => {
  const values = Array.from({ length: 1000 }, (_, i) => i + 1); // 1..1000

  it('answers the smallest value with p% of samples at or below it', () => {
    expect(percentile(values, 50)).toBe(500);
    expect(percentile(values, 99)).toBe(990);
    expect(percentile(values, 99.9)).toBe(999);
    expect(percentile(values, 100)).toBe(1000);
    expect(percentile(values, 0)).toBe(1);
  });

  it('handles tiny and empty samples', () => {
    expect(percentile([7], 99.9)).toBe(7);
    expect(percentile([1, 2], 50)).toBe(1);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('summarize sorts numerically, not as strings', () => {
    const s = summarize([10, 9, 100, 2, 1]);
    expect(s).toMatchObject({ count: 5, p50: 9, p99: 100, max: 100 });
  });
});

describe('Histogram', () => {
  it('gives the upper edge of the bucket holding the rank, capped at the largest sample', () => {
    const h = new Histogram(1, 1000);
    for (let i = 0; i < 99; i++) h.record(3.2);
    h.record(250.5);
    expect(h.percentile(50)).toBe(4);
    expect(h.percentile(99)).toBe(4);
    expect(h.percentile(100)).toBe(250.5);
  });

  it('puts values past the range in the last bucket and negatives in the first', () => {
    const h = new Histogram(10, 100);
    h.record(5000);
    h.record(-3);
    expect(h.buckets[h.buckets.length - 1]).toBe(1);
    expect(h.buckets[0]).toBe(1);
    expect(h.percentile(100)).toBe(5000);
  });

  it('merges counts from another histogram of the same shape', () => {
    const a = new Histogram(1, 100);
    const b = new Histogram(1, 100);
    a.record(1);
    b.record(50);
    b.record(60);
    a.merge(b);
    expect(a.count).toBe(3);
    expect(a.percentile(100)).toBe(60);
    expect(() => a.merge(new Histogram(1, 10))).toThrow();
  });
});

describe('slope', () => {
  it('is the least-squares trend', () => {
    expect(
      slope([
        { x: 0, y: 100 },
        { x: 1, y: 102 },
        { x: 2, y: 104 },
      ]),
    ).toBeCloseTo(2);
    expect(
      slope([
        { x: 0, y: 5 },
        { x: 1, y: 5 },
      ]),
    ).toBe(0);
    expect(Number.isNaN(slope([{ x: 0, y: 1 }]))).toBe(true);
  });
});
