import { randomUUID } from 'node:crypto';
import { FlowType } from '@exchange/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { CheckedOrder } from './order-rules.js';
import { dbErrorText, isCheckViolation } from '../ledger/ledger-service.js';

export interface NewOrder {
  userId: string;
  mode: number;
  symbol: string;
  clientOrderId: string | null;
  side: string;
  type: string;
  timeInForce: string | null;
  triggerDirection: string | null;
  checked: CheckedOrder;
  at: Date;
}

const n = (v: string | undefined) => v ?? null;

/**
 * The hot path of placement in one SQL statement (one round trip, atomic): insert the order,
 * move the funds from available to frozen, and write the two ledger entries, exactly what
 * `post(freezeLegs(...))` does inside a transaction. A missing balance row makes the final
 * division by zero fail the statement; a balance going below zero fails its CHECK constraint.
 */
export async function insertAndFreeze(db: Db, o: NewOrder): Promise<bigint> {
  const v = o.checked.values;
  const amount = o.checked.freezeAmount;
  try {
    const rows = await db.$queryRaw<{ id: bigint }[]>`
      WITH o AS (
        INSERT INTO spot_order ("userId", mode, symbol, "clientOrderId", side, type, "timeInForce", price, quantity,
          "quoteAmount", "icebergSize", "triggerPrice", "triggerDirection", "trailingDelta", "activationPrice",
          status, "frozenAsset", "frozenRemaining", "createdAt", "updatedAt")
        VALUES (${o.userId}::uuid, ${o.mode}, ${o.symbol}, ${o.clientOrderId}, ${o.side}, ${o.type}, ${o.timeInForce},
          ${n(v.price)}::numeric, ${n(v.quantity)}::numeric, ${n(v.quoteAmount)}::numeric, ${n(v.icebergSize)}::numeric,
          ${n(v.triggerPrice)}::numeric, ${o.triggerDirection}, ${n(v.trailingDelta)}::numeric, ${n(v.activationPrice)}::numeric,
          'PENDING', ${o.checked.freezeAsset}, ${amount}::numeric, ${o.at}, ${o.at})
        RETURNING id),
      b AS (
        UPDATE balance SET available = available - ${amount}::numeric, frozen = frozen + ${amount}::numeric, "updatedAt" = ${o.at}
        WHERE "accountId" = ${o.userId} AND mode = ${o.mode} AND asset = ${o.checked.freezeAsset}
        RETURNING 1),
      e AS (
        INSERT INTO ledger_entry ("txId", "accountId", mode, asset, bucket, amount, "flowType", "refType", "refId", "createdAt")
        SELECT ${randomUUID()}::uuid, ${o.userId}, ${o.mode}, ${o.checked.freezeAsset}, x.bucket, x.amount, ${FlowType.SPOT_ORDER_FREEZE}, 'ORDER', o.id::text, ${o.at}
        FROM o, (VALUES ('AVAILABLE', -(${amount}::numeric)), ('FROZEN', ${amount}::numeric)) AS x(bucket, amount))
      SELECT o.id, 1 / (SELECT COUNT(*) FROM b)::int AS funded FROM o`;
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('order insert returned nothing');
    return id;
  } catch (err) {
    const text = dbErrorText(err);
    if (isCheckViolation(err) || text.includes('22012') || text.includes('division by zero')) {
      throw new AppError('INSUFFICIENT_BALANCE', null, { cause: err });
    }
    throw err;
  }
}
