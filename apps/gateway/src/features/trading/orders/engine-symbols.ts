import { Decimal } from 'decimal.js';
import type { EngineSymbolSpec } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';

/**
 * The catalogue's symbols as the engine needs them: minimums in lots and tick x lot units; with
 * `shard`, only the symbols the shard map gives that shard.
 */
export async function engineSymbolSpecs(db: Db, shard?: string): Promise<EngineSymbolSpec[]> {
  const rows = await db.tradingSymbol.findMany({
    where: shard === undefined ? {} : { engineShard: shard },
    orderBy: { sortOrder: 'asc' },
  });
  return rows.map((s) => {
    const tick = new Decimal(s.tickSize.toFixed());
    const step = new Decimal(s.stepSize.toFixed());
    return {
      symbol: s.code,
      tickSize: tick.toFixed(),
      stepSize: step.toFixed(),
      minQty: Math.max(1, new Decimal(s.minQty.toFixed()).dividedToIntegerBy(step).toNumber()),
      minNotional: new Decimal(s.minNotional.toFixed())
        .dividedToIntegerBy(tick.times(step))
        .toNumber(),
    };
  });
}
