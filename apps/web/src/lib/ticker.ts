import type { Ticker } from '@exchange/contracts';

/**
 * A pair's price as the market lists show it: the book's 24h ticker, or where the book has no
 * trade yet, the price feed's reference price, marked `reference` (no change, no volume).
 */
export type Quote = Ticker & { reference?: true };

/** A quote at the feed's reference price for a book without trades. */
export function referenceQuote(symbol: string, price: string, ticker?: Ticker): Quote {
  return {
    symbol,
    last: price,
    open: null,
    high: null,
    low: null,
    change: null,
    changePercent: null,
    volume: ticker?.volume ?? '0',
    quoteVolume: ticker?.quoteVolume ?? '0',
    trades: ticker?.trades ?? 0,
    reference: true,
  };
}

/** Which way a change moved: up, down, or flat (zero or unknown), for its colour. */
export function changeDirection(change: string | null | undefined): 'up' | 'down' | 'flat' {
  const n = Number(change);
  if (change === null || change === undefined || !Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

/**
 * The colour a move is shown in: green for up and red for down, or the other way round when the
 * user's redUp setting says red means up (spec platform-shell section 3, Settings).
 */
export function moveTone(
  direction: 'up' | 'down' | 'flat',
  redUp: boolean,
): 'green' | 'red' | 'flat' {
  if (direction === 'flat') return 'flat';
  return (direction === 'up') !== redUp ? 'green' : 'red';
}
