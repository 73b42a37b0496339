import type { PoolClient } from 'pg';
import type { Applied } from './apply-events.js';

const ts = (d: Date | number) => new Date(d).toISOString().slice(0, 23);

/**
 * Writes an applied batch with one call of `settle_batch` (one transaction): its trades, ledger
 * entries, balances by their net change, changed orders, and the shard's cursor from `from` to
 * `last` (refused when the cursor is no longer at `from`). Resolves to the trades' ids by seq.
 */
export async function writeBatch(
  client: PoolClient,
  b: { shard: string; from: number; last: number; applied: Applied },
): Promise<Map<number, string>> {
  const { out, ledger, changed } = b.applied;
  const res = await client.query<{ trade_seq: number; trade_id: string }>({
    name: 'settle-batch',
    text: 'SELECT trade_seq, trade_id FROM settle_batch($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb)',
    values: [
      b.shard,
      b.from,
      b.last,
      JSON.stringify(
        out.trades.map((t) => ({
          seq: t.seq,
          mode: t.mode,
          symbol: t.symbol,
          price: t.price.toFixed(),
          quantity: t.quantity.toFixed(),
          quoteAmount: t.quoteAmount.toFixed(),
          takerSide: t.takerSide,
          makerOrderId: t.makerOrderId,
          takerOrderId: t.takerOrderId,
          makerUserId: t.maker,
          takerUserId: t.taker,
          makerFee: t.makerFee.toFixed(),
          takerFee: t.takerFee.toFixed(),
          createdAt: ts(t.ts),
        })),
      ),
      JSON.stringify(ledger.entryRows()),
      JSON.stringify(ledger.balanceRows()),
      JSON.stringify(
        changed.map((o) => ({
          id: o.id.toString(),
          status: o.status,
          rejectCode: o.rejectCode,
          filledQuantity: o.filledQuantity.toFixed(),
          filledQuote: o.filledQuote.toFixed(),
          fee: o.fee.toFixed(),
          feeAsset: o.feeAsset,
          makerFills: o.makerFills,
          takerFills: o.takerFills,
          frozenRemaining: o.frozenRemaining.toFixed(),
          triggeredAt: o.triggeredAt ? ts(o.triggeredAt) : null,
          updatedAt: ts(o.updatedAt),
        })),
      ),
    ],
  });
  return new Map(res.rows.map((r) => [r.trade_seq, String(r.trade_id)]));
}
