import {
  isSymbolAvailable,
  type Asset,
  type BalanceItem,
  type RuntimeMode,
  type Ticker,
  type TradingSymbol,
} from '@exchange/contracts';
import { isZeroAmount } from '@exchange/contracts/decimal';
import { readStorage, writeStorage } from './storage';

/** One asset of the wallet as the page shows it. */
export interface WalletRow {
  code: string;
  name: string;
  /** Display decimals of the asset (the catalogue's); null keeps the value's own. */
  decimals: number | null;
  total: string;
  available: string;
  frozen: string;
  isZero: boolean;
  /** Estimated value in USDT from the tickers; null when no price route exists. */
  value: number | null;
  /** The market the Trade action opens, or null when no pair offers the asset. */
  tradeSymbol: string | null;
}

/**
 * The market to trade an asset in: the first offered pair (catalogue order) that has it as its
 * base, else the first with it as quote.
 */
export function tradeSymbolFor(
  code: string,
  symbols: readonly TradingSymbol[],
  mode: RuntimeMode,
): string | null {
  const offered = symbols.filter((s) => s.status === 'ACTIVE' && isSymbolAvailable(s, mode));
  return (
    (
      offered.find((s) => s.baseAssetCode === code) ??
      offered.find((s) => s.counterAssetCode === code)
    )?.code ?? null
  );
}

export function walletRows(opts: {
  balances: readonly BalanceItem[];
  assets: readonly Asset[] | undefined;
  symbols: readonly TradingSymbol[] | undefined;
  tickers: readonly Ticker[];
  mode: RuntimeMode;
}): WalletRow[] {
  const byCode = new Map((opts.assets ?? []).map((a) => [a.code, a]));
  return opts.balances.map((b) => {
    const asset = byCode.get(b.asset);
    return {
      code: b.asset,
      name: asset?.name ?? b.asset,
      decimals: asset?.decimals ?? null,
      total: b.total,
      available: b.available,
      frozen: b.frozen,
      isZero: isZeroAmount(b.total),
      value: valueInUsdt(b.asset, b.total, opts.tickers),
      tradeSymbol: tradeSymbolFor(b.asset, opts.symbols ?? [], opts.mode),
    };
  });
}

/** The sum of the rows' estimated values (rows without a price count as nothing). */
export function estimatedTotal(rows: readonly WalletRow[]): number {
  return rows.reduce((sum, r) => sum + (r.value ?? 0), 0);
}

/** "Hide zero balances" is on unless the user turned it off (kept in this browser). */
export const HIDE_ZERO_KEY = 'walletHideZero';

export function readHideZero(): boolean {
  return readStorage(HIDE_ZERO_KEY) !== 'false';
}

export function writeHideZero(hide: boolean): void {
  writeStorage(HIDE_ZERO_KEY, hide ? 'true' : 'false');
}

/** A stable hue per asset code for its letter badge (no icon images ship with the catalogue). */
export function badgeHue(code: string): number {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** Value of `amount` of `asset` in USDT from the tickers; null when no route exists. */
export function valueInUsdt(
  asset: string,
  amount: string,
  tickers: readonly Pick<Ticker, 'symbol' | 'last'>[],
): number | null {
  const qty = Number(amount);
  if (!Number.isFinite(qty)) return null;
  if (asset === 'USDT') return qty;
  const direct = tickers.find((t) => t.symbol === `${asset}_USDT`)?.last;
  if (direct && Number(direct) > 0) return qty * Number(direct);
  const inverse = tickers.find((t) => t.symbol === `USDT_${asset}`)?.last;
  if (inverse && Number(inverse) > 0) return qty / Number(inverse);
  const viaUsd = tickers.find((t) => t.symbol === `${asset}_USD`)?.last;
  if (viaUsd && Number(viaUsd) > 0) return qty * Number(viaUsd);
  return null;
}
