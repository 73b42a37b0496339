import type { Asset, TradingSymbol } from '@exchange/contracts';
import type { Db } from '../../db/client.js';

type Decimalish = { toFixed(): string } | null;
const dec = (v: Decimalish): string | null => (v === null ? null : v.toFixed());

export async function listAssets(db: Db): Promise<Asset[]> {
  const rows = await db.asset.findMany({ orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }] });
  return rows.map((r) => ({
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
  }));
}

export async function listSymbols(db: Db): Promise<TradingSymbol[]> {
  const rows = await db.tradingSymbol.findMany({
    orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }],
  });
  return rows.map((r) => ({
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
  }));
}
