import {
  isSymbolAvailable,
  type Asset,
  type RuntimeMode,
  type TradingSymbol,
} from '@exchange/contracts';

export type MarketCategory = 'CRYPTO' | 'RWA' | 'FIAT';

/** One line of the markets table. */
export interface MarketRow {
  code: string;
  base: string;
  counter: string;
  baseName: string;
  counterName: string;
  category: MarketCategory | null;
  tickSize: string;
  /** Price places: the counter asset's decimals of the symbol. */
  priceDecimals: number;
  halted: boolean;
  /** The base asset's circulating supply, for the market cap; null for fiat or unknown. */
  circulatingSupply: string | null;
}

export function categoryOf(asset: Pick<Asset, 'type' | 'category'>): MarketCategory | null {
  return asset.type === 'FIAT' ? 'FIAT' : asset.category;
}

/**
 * Joins symbols with their base and counter assets, keeping the gateway's order and only the
 * symbols offered in `mode` (the gateway filters by the runtime-mode header too).
 */
export function buildMarketRows(
  symbols: readonly TradingSymbol[],
  assets: readonly Asset[],
  mode: RuntimeMode,
): MarketRow[] {
  const byCode = new Map(assets.map((a) => [a.code, a]));
  return symbols
    .filter((s) => isSymbolAvailable(s, mode))
    .map((s) => {
      const base = byCode.get(s.baseAsset);
      const counter = byCode.get(s.counterAsset);
      return {
        code: s.code,
        base: s.baseAsset,
        counter: s.counterAsset,
        baseName: base?.name ?? s.baseAsset,
        counterName: counter?.name ?? s.counterAsset,
        category: base ? categoryOf(base) : null,
        tickSize: s.tickSize,
        priceDecimals: s.counterDecimals,
        halted: s.status === 'HALTED',
        circulatingSupply: base?.coinInfo?.circulatingSupply ?? null,
      };
    });
}

/** Lower case, with `_`, `/`, `-` and runs of spaces as one space: "btc/usdt" finds BTC_USDT. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s/_-]+/g, ' ')
    .trim();
}

/** Rows whose code (or pair) or base asset name contains the query; all rows for an empty query. */
export function filterMarketRows(rows: readonly MarketRow[], query: string): MarketRow[] {
  const q = normalise(query);
  if (!q) return [...rows];
  return rows.filter((r) => normalise(r.code).includes(q) || normalise(r.baseName).includes(q));
}
