import { describe, expect, it } from 'vitest';
import { candleStart } from '@exchange/contracts';

describe('candleStart', () => {
  const at = new Date('2026-11-22T09:47:31.250Z'); // a Sunday
  it('opens fixed intervals on multiples of their length from the epoch', () => {
    expect(candleStart('1m', at).toISOString()).toBe('2026-11-22T09:47:00.000Z');
    expect(candleStart('15m', at).toISOString()).toBe('2026-11-22T09:45:00.000Z');
    expect(candleStart('4h', at).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(candleStart('1d', at).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
  it('opens weeks on Monday and months on the 1st, in UTC', () => {
    expect(candleStart('1w', at).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(candleStart('1w', new Date('2026-11-16T00:00:00.000Z')).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(candleStart('1M', at).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
