import { Decimal } from 'decimal.js';
import type { Ticker } from '@exchange/contracts';

/**
 * The candles a book's chart draws before its live market began are simulated from the price
 * feed (chart-history.ts). The 24-hour ticker counts them as the chart does, so its high, low and
 * change agree with the candles a trader sees: its open is the window's first candle (simulated
 * or traded), its high and low span both. Volume and trade counts stay what was traded.
 *
 * Both places that compute a ticker (the stored-trade query behind the REST tickers and the
 * in-memory statistics behind the pushes) read the simulated 5-minute candles that start inside
 * the window (ROLLING_INTERVAL), so they give the same figures.
 */
export const ROLLING_INTERVAL = '5m';

export interface SimulatedSpan {
  open: string;
  high: string;
  low: string;
}

export interface SimulatedBar {
  t: number;
  open: Decimal.Value;
  high: Decimal.Value;
  low: Decimal.Value;
}

/** The bars (in time order) that start at or after `from`, summarised; null when none does. */
export function simulatedSpan(bars: readonly SimulatedBar[], from: number): SimulatedSpan | null {
  let span: { open: Decimal; high: Decimal; low: Decimal } | null = null;
  for (const b of bars) {
    if (b.t < from) continue;
    const high = new Decimal(b.high);
    const low = new Decimal(b.low);
    if (!span) span = { open: new Decimal(b.open), high, low };
    else {
      if (high.gt(span.high)) span.high = high;
      if (low.lt(span.low)) span.low = low;
    }
  }
  return span
    ? { open: span.open.toFixed(), high: span.high.toFixed(), low: span.low.toFixed() }
    : null;
}

/**
 * A ticker computed from trades, with the simulated candles of its window: they come before
 * every trade of the book (the history ends where its first trade is), so the open is theirs.
 */
export function withSimulatedSpan(t: Ticker, s: SimulatedSpan | null): Ticker {
  if (!s) return t;
  const open = new Decimal(s.open);
  const high = t.high && new Decimal(t.high).gt(s.high) ? new Decimal(t.high) : new Decimal(s.high);
  const low = t.low && new Decimal(t.low).lt(s.low) ? new Decimal(t.low) : new Decimal(s.low);
  const change = t.last === null ? null : new Decimal(t.last).minus(open);
  return {
    ...t,
    open: open.toFixed(),
    high: high.toFixed(),
    low: low.toFixed(),
    change: change?.toFixed() ?? null,
    changePercent:
      change === null
        ? null
        : change.dividedBy(open).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
  };
}
