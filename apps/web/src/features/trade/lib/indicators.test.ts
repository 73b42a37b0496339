import { describe, expect, it } from 'vitest';
import type { Bar } from './candles';
import {
  bollingerBands,
  exponentialAverage,
  movingAverage,
  readIndicators,
  toggleIndicator,
} from './indicators';

const bars = (closes: number[]): Bar[] =>
  closes.map((close, i) => ({
    time: 60 * i,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  }));

describe('chart indicators', () => {
  it('averages the last period closes from the period-th bar on', () => {
    expect(movingAverage(bars([1, 2, 3, 4, 5]), 3)).toEqual([
      { time: 120, value: 2 },
      { time: 180, value: 3 },
      { time: 240, value: 4 },
    ]);
    expect(movingAverage(bars([1, 2]), 3)).toEqual([]);
  });

  it('seeds the EMA with the first simple average, then weights 2/(n+1) toward each close', () => {
    const ema = exponentialAverage(bars([2, 4, 6, 8, 10]), 3);
    // Seed (2+4+6)/3 = 4; k = 0.5: 8*0.5 + 4*0.5 = 6; 10*0.5 + 6*0.5 = 8.
    expect(ema).toEqual([
      { time: 120, value: 4 },
      { time: 180, value: 6 },
      { time: 240, value: 8 },
    ]);
    expect(exponentialAverage(bars([1]), 3)).toEqual([]);
  });

  it('puts the Bollinger bands k population deviations around the simple average', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population deviation 2.
    const { middle, upper, lower } = bollingerBands(bars([2, 4, 4, 4, 5, 5, 7, 9]), 8, 2);
    expect(middle).toEqual([{ time: 420, value: 5 }]);
    expect(upper).toEqual([{ time: 420, value: 9 }]);
    expect(lower).toEqual([{ time: 420, value: 1 }]);
    // A flat market has bands on its average.
    const flat = bollingerBands(bars([3, 3, 3]), 2, 2);
    expect(flat.upper.map((p) => p.value)).toEqual([3, 3]);
  });

  it('reads a kept choice in the fixed order, and defaults to volume alone', () => {
    expect(readIndicators(undefined)).toEqual(['volume']);
    expect(readIndicators(['boll', 'nonsense', 'ma'])).toEqual(['ma', 'boll']);
    expect(readIndicators([])).toEqual([]);
    expect(toggleIndicator(['volume', 'boll'], 'ema')).toEqual(['volume', 'ema', 'boll']);
    expect(toggleIndicator(['volume', 'ema'], 'volume')).toEqual(['ema']);
  });
});
