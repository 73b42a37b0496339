import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isAssetAvailable,
  isSymbolAvailable,
  type Asset,
  type PublicConfig,
  type RuntimeMode,
  type TradingSymbol,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { listAssets, listSymbols } from './catalogue-repository.js';

/** Assets offered in a mode: status ACTIVE and tagged for the mode. */
export async function availableAssets(opts: { db: Db; mode: RuntimeMode }): Promise<Asset[]> {
  return (await listAssets(opts.db)).filter((a) => isAssetAvailable(a, opts.mode));
}

/** Symbols offered in a mode: not INACTIVE, tagged for the mode, and both assets offered too. */
export async function availableSymbols(opts: {
  db: Db;
  mode: RuntimeMode;
}): Promise<TradingSymbol[]> {
  const [assets, symbols] = await Promise.all([availableAssets(opts), listSymbols(opts.db)]);
  const offered = new Set(assets.map((a) => a.code));
  return symbols.filter(
    (s) =>
      isSymbolAvailable(s, opts.mode) &&
      offered.has(s.baseAssetCode) &&
      offered.has(s.counterAssetCode),
  );
}

export async function publicConfig(opts: { db: Db }): Promise<PublicConfig> {
  const fiat = (await listAssets(opts.db)).filter(
    (a) => a.type === 'FIAT' && a.status === 'ACTIVE',
  );
  return {
    mainFiat: fiat.find((a) => a.isMainFiat)?.code ?? null,
    commonFiat: fiat.filter((a) => a.isCommonFiat).map((a) => a.code),
    languages: LANGUAGES.map(({ value, label }) => ({ value, label })),
    defaultLanguage: DEFAULT_LANGUAGE,
  };
}
