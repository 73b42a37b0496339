/**
 * A `ticker` push. The socket contract leaves its data open, so fields are read leniently under
 * the names exchanges commonly use; a push may carry one ticker, a list or a map by symbol.
 */
export interface Ticker {
  symbol: string;
  lastPrice: string | null;
  changePercent: string | null;
  volume: string | null;
  /** The price is the feed's reference price: the book has no trade yet. */
  reference?: boolean;
}

type Obj = Record<string, unknown>;

function pick(obj: Obj, names: readonly string[]): string | null {
  for (const name of names) {
    const v = obj[name];
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

function one(obj: Obj, fallbackSymbol?: string): Ticker | null {
  const symbol = pick(obj, ['symbol', 'code', 's']) ?? fallbackSymbol;
  if (!symbol) return null;
  return {
    symbol,
    lastPrice: pick(obj, ['lastPrice', 'last', 'price', 'close', 'c']),
    changePercent: pick(obj, [
      'priceChangePercent',
      'changePercent',
      'change24h',
      'changeRate',
      'P',
    ]),
    volume: pick(obj, ['volume', 'vol', 'baseVolume', 'v']),
  };
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseTickers(data: unknown, args?: Obj): Ticker[] {
  const argSymbol = args && typeof args.symbol === 'string' ? args.symbol : undefined;
  if (Array.isArray(data))
    return data.flatMap((d) => (isObj(d) ? [one(d)].filter((t): t is Ticker => t !== null) : []));
  if (!isObj(data)) return [];
  const single = one(data, argSymbol);
  if (single && (single.lastPrice !== null || single.changePercent !== null)) return [single];
  // A map keyed by symbol.
  return Object.entries(data).flatMap(([key, value]) => {
    const t = isObj(value) ? one(value, key) : null;
    return t ? [t] : [];
  });
}

/** Which way a change moved: up, down, or flat (zero or unknown), for its colour. */
export function changeDirection(change: string | null | undefined): 'up' | 'down' | 'flat' {
  const n = Number(change);
  if (change === null || change === undefined || !Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}
