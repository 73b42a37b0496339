import type { Asset, ExchangeRates } from '@exchange/contracts';

export interface RateRow {
  code: string;
  name: string;
  /** HKD per 100 units, a decimal string. */
  per100: string;
  /** Decimals to show: enough that a small rate keeps its significant digits, no padding zeros. */
  decimals: number;
}

export interface RateTables {
  fiat: RateRow[];
  assets: RateRow[];
}

/** Up to 2 decimals from 1,000 HKD, 4 from 10, else 6; never more than were published. */
function decimalsFor(per100: string): number {
  const n = Number(per100);
  const published = per100.split('.')[1]?.length ?? 0;
  const wanted = !(n > 0) || n >= 1000 ? 2 : n >= 10 ? 4 : 6;
  return Math.min(wanted, published);
}

/**
 * The published rates as two tables, currencies and digital assets, in the catalogue's names:
 * the quote currency itself and assets the catalogue does not list (or lists as inactive) are
 * left out; currencies go the main one first, then common ones, each by code; digital assets by category and code.
 */
export function rateTables(
  rates: ExchangeRates,
  catalogue: readonly Asset[] | undefined,
): RateTables {
  const byCode = new Map((catalogue ?? []).map((a) => [a.code, a]));
  const tables: RateTables = { fiat: [], assets: [] };
  for (const [code, per100] of Object.entries(rates.rates)) {
    if (code === rates.quote) continue;
    const asset = byCode.get(code);
    if (catalogue && (!asset || asset.status !== 'ACTIVE')) continue;
    tables[asset?.type === 'FIAT' ? 'fiat' : 'assets'].push({
      code,
      name: asset?.name ?? code,
      per100,
      decimals: decimalsFor(per100),
    });
  }
  const fiatRank = (code: string) =>
    byCode.get(code)?.isMainFiat ? 0 : byCode.get(code)?.isCommonFiat ? 1 : 2;
  const category = (code: string) => byCode.get(code)?.category ?? '';
  tables.fiat.sort((a, b) => fiatRank(a.code) - fiatRank(b.code) || a.code.localeCompare(b.code));
  tables.assets.sort(
    (a, b) => category(a.code).localeCompare(category(b.code)) || a.code.localeCompare(b.code),
  );
  return tables;
}
