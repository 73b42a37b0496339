import type { Db } from '../../../db/client.js';

/** How much each kind of asset moves in the simulated feed (annualised volatility). */
export function volatility(a: { code: string; type: string; category: string | null }): number {
  if (a.type === 'FIAT') return 0.05;
  if (['USDT', 'USDC', 'TBILL', 'CDC'].includes(a.code)) return 0.01;
  return a.category === 'RWA' ? 0.15 : 0.6;
}

/** The catalogue's reference prices as the price feed's anchors, in HKD. */
export async function feedAssets(db: Db) {
  const assets = await db.asset.findMany({ where: { status: 'ACTIVE' } });
  const hkd = assets.find((a) => a.code === 'HKD');
  if (!hkd) return [];
  const hkdUsd = Number(hkd.referencePriceUsd.toFixed());
  return assets
    .filter((a) => a.code !== 'HKD')
    .map((a) => ({
      asset: a.code,
      anchor: (Number(a.referencePriceUsd.toFixed()) / hkdUsd).toFixed(8),
      volatility: volatility(a),
      decimals: Math.min(8, Math.max(4, a.decimals)),
    }));
}
