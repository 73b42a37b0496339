import type { MarketRow } from './market-rows';
import { marketCapOf } from '@exchange/contracts/decimal';
import type { Quote as Ticker } from '../../lib/ticker';

/** A row's 24 h traded volume in its quote asset: the statsTradeVolume figure, else the ticker's. */
export function quoteVolumeOf(
  row: Pick<MarketRow, 'code'>,
  tickers: Readonly<Record<string, Ticker>>,
  volumes: Readonly<Record<string, { quoteVolume24h: string }>>,
): string | null {
  return volumes[row.code]?.quoteVolume24h ?? tickers[row.code]?.quoteVolume ?? null;
}

/** A row's market cap in its quote asset: the base's circulating supply x the last price. */
export function marketCapOfRow(
  row: Pick<MarketRow, 'code' | 'circulatingSupply'>,
  tickers: Readonly<Record<string, Ticker>>,
): string | null {
  return marketCapOf(row.circulatingSupply, tickers[row.code]?.last);
}

export type SortKey = 'pair' | 'lastPrice' | 'change' | 'volume' | 'marketCap';
export interface SortState {
  key: SortKey;
  direction: 'asc' | 'desc';
}

function numeric(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Sorts rows by a column; rows without a value go last in either direction. */
export function sortRows(
  rows: readonly MarketRow[],
  tickers: Readonly<Record<string, Ticker>>,
  sort: SortState | null,
  volumes: Readonly<Record<string, { quoteVolume24h: string }>> = {},
): MarketRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const value = (row: MarketRow): number | string | null => {
    const t = tickers[row.code];
    switch (sort.key) {
      case 'pair':
        return row.code;
      case 'lastPrice':
        return numeric(t?.last);
      case 'change':
        return numeric(t?.changePercent);
      case 'volume':
        return numeric(quoteVolumeOf(row, tickers, volumes));
      case 'marketCap':
        return numeric(marketCapOfRow(row, tickers));
    }
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null && vb === null) return 0;
    if (va === null) return 1;
    if (vb === null) return -1;
    if (typeof va === 'string' && typeof vb === 'string') return sign * va.localeCompare(vb);
    return sign * ((va as number) - (vb as number));
  });
}

export function nextSort(current: SortState | null, key: SortKey): SortState | null {
  if (current?.key !== key) return { key, direction: key === 'pair' ? 'asc' : 'desc' };
  if (current.direction === (key === 'pair' ? 'asc' : 'desc'))
    return { key, direction: key === 'pair' ? 'desc' : 'asc' };
  return null;
}
