import { z } from 'zod';
import { modeTag, type RuntimeMode } from './runtime-mode.js';
import { get } from './endpoint.js';

export const assetTag = z.enum(['real', 'simulated']);
export type AssetTag = z.infer<typeof assetTag>;

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const coinLink = z.object({ label: z.string(), url: z.string() });

/**
 * An operator's maintenance of an asset (its deposits and withdrawals pause) or a symbol (its
 * order placement pauses): the operator's message and since when. The item stays listed.
 */
export const maintenanceInfo = z.object({ message: z.string(), since: z.string() });
export type MaintenanceInfo = z.infer<typeof maintenanceInfo>;

export const asset = z.object({
  code: z.string(),
  name: z.string(),
  decimals: z.number().int().min(0),
  type: z.enum(['FIAT', 'COIN']),
  category: z.enum(['CRYPTO', 'RWA']).nullable(),
  sign: z.string().nullable().describe('Currency sign, fiat only'),
  status: z.enum(['ACTIVE', 'INACTIVE', 'MAINTENANCE']),
  tags: z.array(assetTag),
  isMainFiat: z.boolean(),
  isCommonFiat: z.boolean(),
  marketCap: decimalString.nullable(),
  coinInfo: z
    .object({
      overview: z.string().nullable(),
      publishTime: z.string().nullable(),
      publishPrice: decimalString.nullable(),
      totalSupply: decimalString.nullable(),
      circulatingSupply: decimalString.nullable(),
      maxSupply: decimalString.nullable(),
      links: z.array(coinLink),
    })
    .nullable()
    .describe('Coin-info card; null for fiat'),
  maintenance: maintenanceInfo.nullish().describe('Under maintenance; null or absent: not'),
});
export type Asset = z.infer<typeof asset>;

export const tradingSymbol = z.object({
  code: z.string(),
  symbol: z.string().describe('Same as code'),
  status: z.enum(['ACTIVE', 'INACTIVE', 'HALTED']),
  tags: z.array(assetTag),
  baseAssetCode: z.string(),
  counterAssetCode: z.string(),
  baseAsset: z.string().describe('Same as baseAssetCode'),
  counterAsset: z.string().describe('Same as counterAssetCode'),
  baseDecimals: z.number().int(),
  counterDecimals: z.number().int(),
  tickSize: decimalString,
  stepSize: decimalString,
  minQty: decimalString,
  minNotional: decimalString,
  maxQty: decimalString.describe('The most one order may carry, in the base asset'),
  maxNotional: decimalString.describe('The most one order may be worth, in the quote asset'),
  maintenance: maintenanceInfo
    .nullish()
    .describe('Under maintenance (orders refused); null or absent: not'),
});
export type TradingSymbol = z.infer<typeof tradingSymbol>;

export const catalogueQuery = z.object({
  runtimeMode: z
    .enum(['0', '1', '2'])
    .optional()
    .describe(
      'Filter to what is available in this mode; default: the Runtime-Mode header, else all',
    ),
});

/** Asset available: status ACTIVE and tags include the mode's tag (spec platform-shell section 5). */
export function isAssetAvailable(a: Pick<Asset, 'status' | 'tags'>, mode: RuntimeMode): boolean {
  return a.status === 'ACTIVE' && a.tags.includes(modeTag(mode));
}

/** Symbol available: status not INACTIVE and tags include the mode's tag. */
export function isSymbolAvailable(
  s: Pick<TradingSymbol, 'status' | 'tags'>,
  mode: RuntimeMode,
): boolean {
  return s.status !== 'INACTIVE' && s.tags.includes(modeTag(mode));
}

export const languageOption = z.object({ value: z.string(), label: z.string() });
export type LanguageOption = z.infer<typeof languageOption>;

/** Complete: en, zh-CN, zh-TW. Present: ar (right to left), fr, de, ja, ko. */
export const LANGUAGES: readonly (LanguageOption & { rtl?: true })[] = [
  { value: 'en', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
  { value: 'zh-TW', label: '繁體中文' },
  { value: 'ar', label: 'العربية', rtl: true },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
  { value: 'ja', label: '日本語' },
  { value: 'ko', label: '한국어' },
];
export const languageCode = z.enum(['en', 'zh-CN', 'zh-TW', 'ar', 'fr', 'de', 'ja', 'ko']);

export const publicConfig = z.object({
  mainFiat: z.string().nullable(),
  commonFiat: z.array(z.string()),
  languages: z.array(languageOption),
  defaultLanguage: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** The public catalogue and settings (under /v1/common). */
export const CATALOGUE_ENDPOINTS = {
  assets: get('/v1/common/public/configs/assets'),
  symbols: get('/v1/common/public/configs/symbols'),
  configs: get('/v1/common/public/configs'),
  blocklist: get('/v1/common/public/blocklist'),
} as const;
