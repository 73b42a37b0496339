import { describe, expect, it } from 'vitest';
import { tailChangeFrom, upsertBar, type Bar } from './candles';

const bar = (time: number, close: number, volume = 1): Bar => ({
  time,
  open: 100,
  high: Math.max(100, close),
  low: Math.min(100, close),
  close,
  volume,
});

const drawn = [bar(60, 101), bar(120, 102), bar(180, 103)];

describe('tailChangeFrom', () => {
  it('draws in full when nothing is drawn yet', () => {
    expect(tailChangeFrom(null, drawn)).toBeNull();
    expect(tailChangeFrom([], drawn)).toBeNull();
  });

  it('updates from the forming bar when only it moved', () => {
    expect(tailChangeFrom(drawn, upsertBar(drawn, bar(180, 104, 2)))).toBe(180);
  });

  it('updates from the forming bar when the next bar starts', () => {
    expect(tailChangeFrom(drawn, upsertBar(drawn, bar(240, 99)))).toBe(180);
    const closedThenNext = upsertBar(upsertBar(drawn, bar(180, 105)), bar(240, 99));
    expect(tailChangeFrom(drawn, closedThenNext)).toBe(180);
  });

  it('draws in full when an earlier bar differs, or bars went or came in bulk', () => {
    const earlier = [bar(60, 101), bar(120, 90), bar(180, 103)];
    expect(tailChangeFrom(drawn, earlier)).toBeNull();
    expect(tailChangeFrom(drawn, drawn.slice(0, 2))).toBeNull();
    expect(tailChangeFrom(drawn, [...drawn, bar(240, 1), bar(300, 1)])).toBeNull();
    // Same count, shifted by one bar (a new window of history).
    expect(tailChangeFrom(drawn, [bar(120, 102), bar(180, 103), bar(240, 104)])).toBeNull();
  });
});
