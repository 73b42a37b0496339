import { Decimal } from 'decimal.js';
import { AppError } from '../../../lib/app-error.js';
import { announceCatalogueChange } from '../../../lib/catalogue-changes.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';

/** Highest spot fee rate an operator may set (10 % of what a side receives). */
export const MAX_SPOT_FEE_RATE = '0.1';

export interface SymbolFeeRow {
  symbol: string;
  makerFeeRate: string;
  takerFeeRate: string;
}

const view = (r: { code: string; makerFeeRate: Decimal.Value; takerFeeRate: Decimal.Value }) => ({
  symbol: r.code,
  makerFeeRate: new Decimal(r.makerFeeRate.toString()).toFixed(),
  takerFeeRate: new Decimal(r.takerFeeRate.toString()).toFixed(),
});

/** Every spot symbol's maker and taker rate (the fee page and settlement read the same columns). */
export async function listSpotFees(deps: Pick<OpsDeps, 'db'>): Promise<SymbolFeeRow[]> {
  const rows = await deps.db.tradingSymbol.findMany({
    orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }],
    select: { code: true, makerFeeRate: true, takerFeeRate: true },
  });
  return rows.map(view);
}

function parseRate(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const bad = () =>
    new AppError('OPS_INVALID', {
      reason: `${name} must be a rate from 0 to ${MAX_SPOT_FEE_RATE} with at most 8 decimals (0.001 = 0.1 %)`,
    });
  if (!/^\d+(\.\d+)?$/.test(value)) throw bad();
  const d = new Decimal(value);
  if (d.gt(MAX_SPOT_FEE_RATE) || d.decimalPlaces() > 8) throw bad();
  return d.toFixed();
}

/**
 * Sets the maker and/or taker rate of one symbol, or of every symbol (`ALL`). Orders placed
 * from then on use it (every gateway drops its cached symbol rules at once); the public fee
 * schedule shows it.
 */
export async function setSpotFee(
  deps: OpsDeps,
  input: { symbol: string; maker?: string | undefined; taker?: string | undefined },
): Promise<SymbolFeeRow[]> {
  const maker = parseRate('--maker', input.maker);
  const taker = parseRate('--taker', input.taker);
  if (maker === undefined && taker === undefined)
    throw new AppError('OPS_INVALID', { reason: 'give --maker and/or --taker' });
  const all = input.symbol.toUpperCase() === 'ALL';
  const rows = await deps.db.$transaction(async (tx) => {
    const targets = await tx.tradingSymbol.findMany({
      where: all ? {} : { code: input.symbol },
      orderBy: { code: 'asc' },
    });
    if (targets.length === 0)
      throw new AppError('OPS_NOT_FOUND', { entity: 'symbol', key: input.symbol });
    const out: SymbolFeeRow[] = [];
    for (const t of targets) {
      const updated = await tx.tradingSymbol.update({
        where: { code: t.code },
        data: {
          ...(maker !== undefined ? { makerFeeRate: maker } : {}),
          ...(taker !== undefined ? { takerFeeRate: taker } : {}),
        },
      });
      await writeAudit(tx, {
        actor: deps.actor,
        entity: 'fee',
        entityKey: t.code,
        action: 'set',
        before: view(t),
        after: view(updated),
        at: deps.clock.date(),
      });
      out.push(view(updated));
    }
    return out;
  });
  await announceCatalogueChange(deps.redis, 'catalogue');
  return rows;
}
