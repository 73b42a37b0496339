import { Decimal } from 'decimal.js';
import type { Sql } from '../../../db/sql.js';

/*
 * The order path's data access to spot_order rows outside Prisma: placements go through the
 * place_orders function (order-store.ts), settlement reads the orders a batch touches here and
 * writes them back through settle_batch (settlement/writer.ts); the API's view of a row is
 * order-view.ts's toOrder, which takes these states and Prisma's rows alike.
 */

/** An order as settlement holds it while applying a batch: the row, with exact amounts. */
export interface OrderState {
  id: bigint;
  userId: string;
  mode: number;
  symbol: string;
  clientOrderId: string | null;
  side: string;
  type: string;
  timeInForce: string | null;
  price: Decimal | null;
  quantity: Decimal | null;
  quoteAmount: Decimal | null;
  icebergSize: Decimal | null;
  triggerPrice: Decimal | null;
  triggerDirection: string | null;
  trailingDelta: Decimal | null;
  activationPrice: Decimal | null;
  status: string;
  rejectCode: number | null;
  filledQuantity: Decimal;
  filledQuote: Decimal;
  fee: Decimal;
  feeAsset: string | null;
  makerFills: number;
  takerFills: number;
  frozenAsset: string;
  frozenRemaining: Decimal;
  triggeredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Changed by the batch being applied (reset once its write is prepared). */
  dirty: boolean;
  /** The last batch that changed it: it stays cached at least until that batch has committed. */
  lastBatch: number;
}

const dec = (v: string | null): Decimal | null => (v === null ? null : new Decimal(v));

/** A `spot_order` row as node-postgres returns it (numerics as text), as settlement holds it. */
export function orderStateFromRow(r: Record<string, string | number | Date | null>): OrderState {
  const s = (k: string) => r[k] as string;
  return {
    id: BigInt(s('id')),
    userId: s('userId'),
    mode: r.mode as number,
    symbol: s('symbol'),
    clientOrderId: r.clientOrderId as string | null,
    side: s('side'),
    type: s('type'),
    timeInForce: r.timeInForce as string | null,
    price: dec(r.price as string | null),
    quantity: dec(r.quantity as string | null),
    quoteAmount: dec(r.quoteAmount as string | null),
    icebergSize: dec(r.icebergSize as string | null),
    triggerPrice: dec(r.triggerPrice as string | null),
    triggerDirection: r.triggerDirection as string | null,
    trailingDelta: dec(r.trailingDelta as string | null),
    activationPrice: dec(r.activationPrice as string | null),
    status: s('status'),
    rejectCode: r.rejectCode as number | null,
    filledQuantity: new Decimal(s('filledQuantity')),
    filledQuote: new Decimal(s('filledQuote')),
    fee: new Decimal(s('fee')),
    feeAsset: r.feeAsset as string | null,
    makerFills: r.makerFills as number,
    takerFills: r.takerFills as number,
    frozenAsset: s('frozenAsset'),
    frozenRemaining: new Decimal(s('frozenRemaining')),
    triggeredAt: r.triggeredAt as Date | null,
    createdAt: r.createdAt as Date,
    updatedAt: r.updatedAt as Date,
    dirty: false,
    lastBatch: 0,
  };
}

/**
 * The orders with these ids, as settlement holds them. Not a named statement: Postgres would
 * keep the plan it made while the table was small (a sequential scan) for the life of the
 * connection; planned each time, it uses the key.
 */
export async function readOrderStates(sql: Sql, ids: readonly bigint[]): Promise<OrderState[]> {
  const res = await sql.query<Record<string, string | number | Date | null>>(
    'SELECT * FROM spot_order WHERE id = ANY($1::bigint[])',
    [ids.map(String)],
  );
  return res.rows.map(orderStateFromRow);
}
