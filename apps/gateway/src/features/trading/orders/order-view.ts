import { Decimal } from 'decimal.js';
import type { Order } from '@exchange/contracts';

interface Row {
  id: bigint;
  clientOrderId: string | null;
  symbol: string;
  side: string;
  type: string;
  timeInForce: string | null;
  price: { toFixed(): string } | null;
  quantity: { toFixed(): string } | null;
  quoteAmount: { toFixed(): string } | null;
  filledQuantity: { toFixed(): string };
  filledQuote: { toFixed(): string };
  fee: { toFixed(): string };
  feeAsset: string | null;
  makerFills: number;
  takerFills: number;
  status: string;
  rejectCode: number | null;
  icebergSize: { toFixed(): string } | null;
  trailingDelta: { toFixed(): string } | null;
  activationPrice: { toFixed(): string } | null;
  triggerPrice: { toFixed(): string } | null;
  triggerDirection: string | null;
  mode: number;
  createdAt: Date;
  updatedAt: Date;
}

const d = (v: { toFixed(): string } | null) =>
  v === null ? null : new Decimal(v.toFixed()).toFixed();

/** The API's view of an order row. */
export function toOrder(r: Row): Order {
  const filled = new Decimal(r.filledQuantity.toFixed());
  const filledTotal = new Decimal(r.filledQuote.toFixed());
  return {
    id: r.id.toString(),
    clientOrderId: r.clientOrderId,
    symbol: r.symbol,
    side: r.side as Order['side'],
    type: r.type as Order['type'],
    timeInForce: r.timeInForce as Order['timeInForce'],
    price: d(r.price),
    amount: d(r.quantity),
    total: d(r.quoteAmount),
    filled: filled.toFixed(),
    filledTotal: filledTotal.toFixed(),
    averagePrice: filled.isZero() ? null : filledTotal.dividedBy(filled).toFixed(),
    fee: new Decimal(r.fee.toFixed()).toFixed(),
    feeAsset: r.feeAsset,
    liquidity:
      r.makerFills && r.takerFills
        ? 'MIXED'
        : r.makerFills
          ? 'MAKER'
          : r.takerFills
            ? 'TAKER'
            : null,
    status: r.status as Order['status'],
    code: r.rejectCode === null ? null : String(r.rejectCode),
    icebergSize: d(r.icebergSize),
    trailingDelta: d(r.trailingDelta),
    activationPrice: d(r.activationPrice),
    triggerPrice: d(r.triggerPrice),
    triggerDirection: r.triggerDirection as Order['triggerDirection'],
    runtimeMode: r.mode,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
