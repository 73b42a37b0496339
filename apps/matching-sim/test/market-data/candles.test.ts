import { describe, expect, it } from 'vitest';
import { CandleSeries, candleStart, nextCandleStart } from '../../src/market-data/candles.js';

const t = (iso: string) => Date.parse(iso);

describe('candle buckets', () => {
  it('cut fixed intervals on UTC boundaries', () => {
    const ts = t('2026-11-18T13:47:31.250Z');
    expect(new Date(candleStart(ts, '1m')).toISOString()).toBe('2026-11-18T13:47:00.000Z');
    expect(new Date(candleStart(ts, '5m')).toISOString()).toBe('2026-11-18T13:45:00.000Z');
    expect(new Date(candleStart(ts, '15m')).toISOString()).toBe('2026-11-18T13:45:00.000Z');
    expect(new Date(candleStart(ts, '30m')).toISOString()).toBe('2026-11-18T13:30:00.000Z');
    expect(new Date(candleStart(ts, '1h')).toISOString()).toBe('2026-11-18T13:00:00.000Z');
    expect(new Date(candleStart(ts, '4h')).toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(new Date(candleStart(ts, '1d')).toISOString()).toBe('2026-11-18T00:00:00.000Z');
  });

  it('start weeks on Monday and months on the first', () => {
    // 2026-11-22 is a Sunday; its week began on Monday 2026-11-16.
    expect(new Date(candleStart(t('2026-11-22T23:59:59Z'), '1w')).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(new Date(candleStart(t('2026-11-16T00:00:00Z'), '1w')).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(new Date(candleStart(t('2024-02-29T12:00:00Z'), '1M')).toISOString()).toBe(
      '2024-02-01T00:00:00.000Z',
    );
    expect(new Date(nextCandleStart(t('2024-12-01T00:00:00Z'), '1M')).toISOString()).toBe(
      '2025-01-01T00:00:00.000Z',
    );
    expect(nextCandleStart(t('2026-11-16T00:00:00Z'), '1w') - t('2026-11-16T00:00:00Z')).toBe(
      7 * 86_400_000,
    );
  });
});

describe('candle series', () => {
  it('keeps open, high, low, close and volumes per bucket', () => {
    const s = new CandleSeries('1m');
    s.add(t('2026-01-01T00:00:05Z'), 100, 2);
    s.add(t('2026-01-01T00:00:30Z'), 104, 1);
    s.add(t('2026-01-01T00:00:59Z'), 99, 3);
    s.add(t('2026-01-01T00:01:00Z'), 101, 1);
    expect(s.candles).toEqual([
      {
        openTime: t('2026-01-01T00:00:00Z'),
        open: 100,
        high: 104,
        low: 99,
        close: 99,
        volume: 6,
        quoteVolume: 200 + 104 + 297,
        trades: 3,
      },
      {
        openTime: t('2026-01-01T00:01:00Z'),
        open: 101,
        high: 101,
        low: 101,
        close: 101,
        volume: 1,
        quoteVolume: 101,
        trades: 1,
      },
    ]);
  });
});
