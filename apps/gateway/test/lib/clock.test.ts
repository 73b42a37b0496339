import { describe, expect, it } from 'vitest';
import { ManualClock, ScaledClock } from '../../src/lib/clock.js';

describe('clock', () => {
  it('runs logical time faster by its scale', () => {
    let real = 1_000_000;
    const clock = new ScaledClock(3600, () => real);
    real += 24_000; // 24 real seconds
    expect(clock.now() - 1_000_000).toBe(24 * 3600 * 1000); // 24 logical hours
    expect(clock.realDelay(24 * 3600 * 1000)).toBe(24_000);
  });

  it('is real time at scale 1 and rejects a non-positive scale', () => {
    let real = 5;
    const clock = new ScaledClock(1, () => real);
    real += 100;
    expect(clock.now()).toBe(105);
    expect(() => new ScaledClock(0)).toThrow();
  });

  it('moves a manual clock only when told', () => {
    const clock = new ManualClock(0);
    expect(clock.now()).toBe(0);
    clock.advance(12 * 3600 * 1000);
    expect(clock.date().toISOString()).toBe('1970-01-01T12:00:00.000Z');
  });
});
