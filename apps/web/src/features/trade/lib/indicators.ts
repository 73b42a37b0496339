import type { Bar } from './candles';

/** What the chart can draw over or under the price: volume bars and three overlays. */
export const INDICATORS = ['volume', 'ma', 'ema', 'boll'] as const;
export type Indicator = (typeof INDICATORS)[number];

/** A new user sees the volume, as on every exchange; the overlays are theirs to add. */
export const DEFAULT_INDICATORS: readonly Indicator[] = ['volume'];

/** The periods the overlays use: the usual 20 bars, Bollinger at two standard deviations. */
export const MA_PERIOD = 20;
export const EMA_PERIOD = 20;
export const BOLL_PERIOD = 20;
export const BOLL_WIDTH = 2;

/** The overlays' colours, the same in both themes: the chart's lines and the legend's marks. */
export const INDICATOR_COLORS = { ma: '#f0b90b', ema: '#a371f7', boll: '#3b82f6' } as const;

export interface Point {
  time: number;
  value: number;
}

/** The indicators kept in a layout, in their fixed order; unknown names are dropped. */
export function readIndicators(raw: unknown): Indicator[] {
  if (!Array.isArray(raw)) return [...DEFAULT_INDICATORS];
  return INDICATORS.filter((i) => raw.includes(i));
}

/** Turns one indicator on or off, keeping the fixed order. */
export function toggleIndicator(on: readonly Indicator[], which: Indicator): Indicator[] {
  return INDICATORS.filter((i) => (i === which ? !on.includes(i) : on.includes(i)));
}

/** The simple moving average of the closes over `period` bars, from the period-th bar on. */
export function movingAverage(bars: readonly Bar[], period: number): Point[] {
  const out: Point[] = [];
  let sum = 0;
  for (let i = 0; i < bars.length; i++) {
    sum += bars[i]!.close;
    if (i >= period) sum -= bars[i - period]!.close;
    if (i >= period - 1) out.push({ time: bars[i]!.time, value: sum / period });
  }
  return out;
}

/**
 * The exponential moving average of the closes: seeded with the simple average of the first
 * `period` bars, then weighted 2 / (period + 1) toward each new close.
 */
export function exponentialAverage(bars: readonly Bar[], period: number): Point[] {
  if (bars.length < period) return [];
  const k = 2 / (period + 1);
  let value = 0;
  for (let i = 0; i < period; i++) value += bars[i]!.close / period;
  const out: Point[] = [{ time: bars[period - 1]!.time, value }];
  for (let i = period; i < bars.length; i++) {
    value = bars[i]!.close * k + value * (1 - k);
    out.push({ time: bars[i]!.time, value });
  }
  return out;
}

/**
 * Bollinger bands: the simple average of `period` closes, and `width` population standard
 * deviations of those closes above and below it.
 */
export function bollingerBands(
  bars: readonly Bar[],
  period: number,
  width: number,
): { middle: Point[]; upper: Point[]; lower: Point[] } {
  const middle: Point[] = [];
  const upper: Point[] = [];
  const lower: Point[] = [];
  for (let i = period - 1; i < bars.length; i++) {
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += bars[j]!.close;
    const mean = sum / period;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (bars[j]!.close - mean) ** 2;
    const spread = width * Math.sqrt(squares / period);
    const time = bars[i]!.time;
    middle.push({ time, value: mean });
    upper.push({ time, value: mean + spread });
    lower.push({ time, value: mean - spread });
  }
  return { middle, upper, lower };
}
