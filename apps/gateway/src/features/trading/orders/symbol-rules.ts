import { isSymbolAvailable, modeTag, type RuntimeMode } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { SymbolRules } from './order-rules.js';

/**
 * The symbol's trading rules if it can be traded in the mode; HALTED and INACTIVE cannot, nor one
 * under maintenance (1300) unless `ignoreMaintenance` (an order placed before it began).
 */
export async function tradableSymbol(
  db: Db,
  mode: RuntimeMode,
  code: string,
  opts: { ignoreMaintenance?: boolean } = {},
): Promise<SymbolRules> {
  const s = await db.tradingSymbol.findUnique({
    where: { code },
    include: { baseAsset: true, counterAsset: true },
  });
  const offered =
    s &&
    s.status === 'ACTIVE' &&
    isSymbolAvailable({ status: s.status, tags: s.tags as ('real' | 'simulated')[] }, mode) &&
    s.baseAsset.status === 'ACTIVE' &&
    s.counterAsset.status === 'ACTIVE' &&
    s.baseAsset.tags.includes(modeTag(mode)) &&
    s.counterAsset.tags.includes(modeTag(mode));
  if (!s || !offered) throw new AppError('SYMBOL_NOT_AVAILABLE');
  // Listed and shown, but no new orders while an operator maintains it (cancels still work).
  if (s.maintenanceMessage !== null && !opts.ignoreMaintenance)
    throw new AppError('SYMBOL_UNDER_MAINTENANCE', {
      symbol: s.code.replace('_', '/'),
      message: s.maintenanceMessage,
    });
  return {
    code: s.code,
    baseAsset: s.baseAssetCode,
    quoteAsset: s.counterAssetCode,
    tickSize: s.tickSize.toFixed(),
    stepSize: s.stepSize.toFixed(),
    minQty: s.minQty.toFixed(),
    minNotional: s.minNotional.toFixed(),
    maxQty: s.maxQty.toFixed(),
    maxNotional: s.maxNotional.toFixed(),
    makerFeeRate: s.makerFeeRate.toFixed(),
    takerFeeRate: s.takerFeeRate.toFixed(),
    engineShard: s.engineShard,
  };
}
