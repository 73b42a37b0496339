import type { Candle } from '@exchange/contracts';
import type { CandleInterval } from '@exchange/contracts';

export interface Bar {
  /** Seconds since the epoch (what lightweight-charts calls time). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const CHART_TYPES = [
  'candles',
  'hollow',
  'bars',
  'line',
  'heikinAshi',
  'baseline',
  'depth',
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** What a bar is made from: a candle of the REST history or of the `candle` channel. */
export type RawCandle = Pick<Candle, 'openTime' | 'open' | 'high' | 'low' | 'close' | 'volume'>;

export function toBar(c: RawCandle): Bar {
  return {
    time: Math.floor(c.openTime / 1000),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
    volume: Number(c.volume),
  };
}

/** Bars sorted by time, one per time (the later one wins). */
export function normaliseBars(bars: readonly Bar[]): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const b of bars)
    if (Number.isFinite(b.time) && Number.isFinite(b.close)) byTime.set(b.time, b);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Puts the forming candle in: replaces the bar of its time or appends it. */
export function upsertBar(bars: readonly Bar[], bar: Bar): Bar[] {
  const last = bars[bars.length - 1];
  if (!last || bar.time > last.time) return [...bars, bar];
  if (bar.time === last.time) return [...bars.slice(0, -1), bar];
  return normaliseBars([...bars, bar]);
}

const sameBar = (a: Bar, b: Bar) =>
  a.time === b.time &&
  a.open === b.open &&
  a.high === b.high &&
  a.low === b.low &&
  a.close === b.close &&
  a.volume === b.volume;

/**
 * How a chart showing `drawn` can show `next`: the time from which bars changed when only the
 * forming bar moved (and perhaps one new bar followed it), so the chart updates those points
 * alone; null when anything earlier differs and the chart must be drawn again in full.
 */
export function tailChangeFrom(drawn: readonly Bar[] | null, next: readonly Bar[]): number | null {
  if (!drawn || drawn.length === 0) return null;
  const n = next.length;
  const p = drawn.length;
  if (n !== p && n !== p + 1) return null;
  for (let i = 0; i < p - 1; i += 1) if (!sameBar(drawn[i]!, next[i]!)) return null;
  const lastDrawn = drawn[p - 1]!;
  if (next[p - 1]?.time !== lastDrawn.time) return null;
  return lastDrawn.time;
}

/** Heikin Ashi: smoothed bars from the ordinary ones. */
export function heikinAshi(bars: readonly Bar[]): Bar[] {
  const out: Bar[] = [];
  for (const b of bars) {
    const prev = out[out.length - 1];
    const close = (b.open + b.high + b.low + b.close) / 4;
    const open = prev ? (prev.open + prev.close) / 2 : (b.open + b.close) / 2;
    out.push({
      time: b.time,
      open,
      close,
      high: Math.max(b.high, open, close),
      low: Math.min(b.low, open, close),
      volume: b.volume,
    });
  }
  return out;
}

export const DEFAULT_INTERVAL: CandleInterval = '15m';
