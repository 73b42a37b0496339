/** Candle intervals of the spec, shortest first. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

const MINUTE = 60_000;
const FIXED: Partial<Record<CandleInterval, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
};
/** 1970-01-05 was a Monday: weeks are counted from there so they start on Monday (UTC). */
const FIRST_MONDAY = 4 * 1440 * MINUTE;
const WEEK = 7 * 1440 * MINUTE;

/** Start (epoch ms, UTC) of the candle holding `ts`. */
export function candleStart(ts: number, interval: CandleInterval): number {
  const size = FIXED[interval];
  if (size !== undefined) return ts - mod(ts, size);
  if (interval === '1w') return ts - mod(ts - FIRST_MONDAY, WEEK);
  const d = new Date(ts);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the candle after the one starting at `start`. */
export function nextCandleStart(start: number, interval: CandleInterval): number {
  const size = FIXED[interval];
  if (size !== undefined) return start + size;
  if (interval === '1w') return start + WEEK;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

export interface Candle {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Base lots traded. */
  volume: number;
  /** Quote traded, in tick x lot units. */
  quoteVolume: number;
  trades: number;
}

/** The candles of one interval built from trades in time order; keeps the latest `keep`. */
export class CandleSeries {
  readonly candles: Candle[] = [];

  constructor(
    readonly interval: CandleInterval,
    private readonly keep = 1000,
  ) {}

  /** Adds a trade; returns the candle it updated. */
  add(ts: number, price: number, qty: number): Candle {
    const openTime = candleStart(ts, this.interval);
    let c = this.candles[this.candles.length - 1];
    // Engine timestamps come from commands and can step back a little: such a trade counts in
    // the current candle rather than rewriting history.
    if (c === undefined || c.openTime < openTime) {
      c = {
        openTime,
        open: price,
        high: price,
        low: price,
        close: price,
        volume: 0,
        quoteVolume: 0,
        trades: 0,
      };
      this.candles.push(c);
      if (this.candles.length > this.keep) this.candles.shift();
    }
    c.high = Math.max(c.high, price);
    c.low = Math.min(c.low, price);
    c.close = price;
    c.volume += qty;
    c.quoteVolume += price * qty;
    c.trades++;
    return c;
  }
}
