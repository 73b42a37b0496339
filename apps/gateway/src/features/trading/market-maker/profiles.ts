import { Decimal } from 'decimal.js';
import type { TradingSymbol } from '@exchange/contracts';

/**
 * How a market in each class of asset looks: the half spread at the top of the book, the gap
 * between levels (fractions of the price) and the notional of the first level in USD (deeper
 * levels grow). Majors are tight and deep, tokenised real-world assets wide and thin.
 */
export const MARKET_CLASSES = {
  MAJOR: { halfSpread: 0.0001, step: 0.0002, levelUsd: 25_000 },
  CRYPTO: { halfSpread: 0.0006, step: 0.0006, levelUsd: 6_000 },
  STABLE: { halfSpread: 0.0001, step: 0.0001, levelUsd: 50_000 },
  RWA: { halfSpread: 0.0025, step: 0.0015, levelUsd: 3_000 },
} as const;
export type MarketClass = keyof typeof MARKET_CLASSES;

/** The two most traded coins: the tightest books. */
const MAJORS = ['BTC', 'ETH'];
/** Assets that hold a fixed value (stablecoins and fiat): pairs of two of them barely move. */
export function isStable(a: { code: string; type: string; category: string | null }): boolean {
  return a.type === 'FIAT' || ['USDT', 'USDC'].includes(a.code);
}

/** The class of a symbol from the catalogue's asset types and categories (its base asset). */
export function marketClass(
  base: { code: string; type: string; category: string | null },
  quote: { code: string; type: string; category: string | null },
): MarketClass {
  if (base.category === 'RWA') return 'RWA';
  if (isStable(base) && isStable(quote)) return 'STABLE';
  if (MAJORS.includes(base.code)) return 'MAJOR';
  return 'CRYPTO';
}

export interface QuoteLevel {
  side: 'BUY' | 'SELL';
  price: string;
  amount: string;
}

const roundTo = (v: Decimal, unit: string, mode: Decimal.Rounding) =>
  v.dividedBy(unit).toDecimalPlaces(0, mode).times(unit);

/**
 * The book the maker wants around `mid`: `levels` bids and asks on a grid of the class's step
 * (at least a tick apart), so a small move of the mid leaves most levels where they are and only
 * the ends change. Sizes draw from `rand` (the maker's seeded generator): the same seed and mid
 * give the same quotes.
 */
export function planQuotes(o: {
  symbol: Pick<TradingSymbol, 'tickSize' | 'stepSize' | 'minQty' | 'minNotional'>;
  cls: MarketClass;
  mid: number;
  /** USD value of one unit of the quote asset. */
  quoteUsd: number;
  levels: number;
  rand: () => number;
}): QuoteLevel[] {
  const p = MARKET_CLASSES[o.cls];
  const tick = new Decimal(o.symbol.tickSize);
  const mid = new Decimal(o.mid);
  const step = Decimal.max(roundTo(mid.times(p.step), o.symbol.tickSize, Decimal.ROUND_UP), tick);
  const topBid = roundTo(mid.times(1 - p.halfSpread), step.toFixed(), Decimal.ROUND_DOWN);
  let topAsk = roundTo(mid.times(1 + p.halfSpread), step.toFixed(), Decimal.ROUND_UP);
  if (topAsk.lte(topBid)) topAsk = topBid.plus(step);
  const out: QuoteLevel[] = [];
  for (let i = 0; i < o.levels; i++) {
    for (const side of ['BUY', 'SELL'] as const) {
      const price = side === 'BUY' ? topBid.minus(step.times(i)) : topAsk.plus(step.times(i));
      // Deeper levels hold more, as on a real book; each size varies by up to ±40 %.
      const usd = p.levelUsd * (1 + 0.12 * i) * (0.6 + 0.8 * o.rand());
      if (price.lte(0)) continue;
      let amount = roundTo(
        new Decimal(usd / o.quoteUsd).dividedBy(price),
        o.symbol.stepSize,
        Decimal.ROUND_DOWN,
      );
      if (amount.lt(o.symbol.minQty)) amount = new Decimal(o.symbol.minQty);
      if (amount.times(price).lt(o.symbol.minNotional))
        amount = roundTo(
          new Decimal(o.symbol.minNotional).dividedBy(price),
          o.symbol.stepSize,
          Decimal.ROUND_UP,
        );
      out.push({ side, price: price.toFixed(), amount: amount.toFixed() });
    }
  }
  return out;
}
