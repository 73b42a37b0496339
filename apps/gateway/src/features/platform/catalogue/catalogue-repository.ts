import type { Asset, TradingSymbol } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';

type Decimalish = { toFixed(): string } | null;
const dec = (v: Decimalish): string | null => (v === null ? null : v.toFixed());

const maintenance = (r: { maintenanceMessage: string | null; maintenanceSince: Date | null }) =>
  r.maintenanceMessage === null
    ? null
    : { message: r.maintenanceMessage, since: (r.maintenanceSince ?? new Date(0)).toISOString() };

type AssetRow = Awaited<ReturnType<Db['asset']['findMany']>>[number];
type SymbolRow = Awaited<ReturnType<Db['tradingSymbol']['findMany']>>[number];

export async function listAssets(db: Db): Promise<Asset[]> {
  const rows = await db.asset.findMany({ orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }] });
  return rows.map(toAsset);
}

/** One asset row as the catalogue shows it (REST and the updateAssetItem push). */
export function toAsset(r: AssetRow): Asset {
  return {
    code: r.code,
    name: r.name,
    decimals: r.decimals,
    type: r.type,
    category: r.category === 'CRYPTO' || r.category === 'RWA' ? r.category : null,
    sign: r.sign,
    status: r.status,
    tags: r.tags.filter((t): t is 'real' | 'simulated' => t === 'real' || t === 'simulated'),
    isMainFiat: r.isMainFiat,
    isCommonFiat: r.isCommonFiat,
    marketCap: dec(r.marketCap),
    coinInfo:
      r.type === 'FIAT'
        ? null
        : {
            overview: r.overview,
            publishTime: r.publishTime?.toISOString() ?? null,
            publishPrice: dec(r.publishPrice),
            totalSupply: dec(r.totalSupply),
            circulatingSupply: dec(r.circulatingSupply),
            maxSupply: dec(r.maxSupply),
            links: Array.isArray(r.links) ? (r.links as { label: string; url: string }[]) : [],
          },
    maintenance: maintenance(r),
  };
}

export async function listSymbols(db: Db): Promise<TradingSymbol[]> {
  const rows = await db.tradingSymbol.findMany({
    orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }],
  });
  return rows.map(toSymbol);
}

/** One symbol row as the catalogue shows it (REST and the updateSymbolItem push). */
export function toSymbol(r: SymbolRow): TradingSymbol {
  return {
    code: r.code,
    symbol: r.code,
    status: r.status,
    tags: r.tags.filter((t): t is 'real' | 'simulated' => t === 'real' || t === 'simulated'),
    baseAssetCode: r.baseAssetCode,
    counterAssetCode: r.counterAssetCode,
    baseAsset: r.baseAssetCode,
    counterAsset: r.counterAssetCode,
    baseDecimals: r.baseDecimals,
    counterDecimals: r.counterDecimals,
    tickSize: r.tickSize.toFixed(),
    stepSize: r.stepSize.toFixed(),
    minQty: r.minQty.toFixed(),
    minNotional: r.minNotional.toFixed(),
    maxQty: r.maxQty.toFixed(),
    maxNotional: r.maxNotional.toFixed(),
    maintenance: maintenance(r),
  };
}
