import { Decimal } from 'decimal.js';
import {
  ErrorCode,
  FlowType,
  fromUnits,
  type EngineEvent,
  type OrderSide,
} from '@exchange/contracts';
import { LedgerBatch } from '../../wallet/ledger/ledger-batch.js';
import { SYSTEM } from '../../wallet/ledger/ledger-service.js';
import type { BookDelta } from '../market-data/market-data-sink.js';
import type { Verdict } from '../orders/verdicts.js';
import type { OrderState } from '../orders/order-repository.js';

/** What settlement needs to know of a symbol: its units, assets and fee rates. */
export interface SymbolInfo {
  tickSize: string;
  stepSize: string;
  base: string;
  quote: string;
  baseDecimals: number;
  quoteDecimals: number;
  makerFeeRate: string;
  takerFeeRate: string;
}

/** A trade of the batch, in exact amounts, with both sides' fees. */
export interface TradeRow {
  seq: number;
  mode: number;
  symbol: string;
  base: string;
  quote: string;
  price: Decimal;
  quantity: Decimal;
  quoteAmount: Decimal;
  takerSide: OrderSide;
  makerOrderId: number;
  takerOrderId: number;
  maker: string;
  taker: string;
  makerFee: Decimal;
  takerFee: Decimal;
  makerFeeAsset: string;
  takerFeeAsset: string;
  ts: number;
}

/** What a batch leaves to announce once its transaction has committed. */
export interface Outbox {
  verdicts: (Verdict & { commandId: string })[];
  trades: TradeRow[];
  deltas: BookDelta[];
}

const TERMINAL: Record<string, true> = {
  FILLED: true,
  CANCELED: true,
  EXPIRED: true,
  REJECTED: true,
};
/** Statuses after which the engine sends nothing more about an order. */
export const FINAL: Record<string, true> = { ...TERMINAL, PARTIALLY_CANCELED: true };

/** What the events of a batch are applied against. */
export interface ApplyContext {
  /** Names the shard in the ledger's references (`<shard>:<seq>`). */
  shard: string;
  symbols: ReadonlyMap<string, SymbolInfo>;
  /** Account ids by the engine's user numbers. */
  users: ReadonlyMap<number, string>;
  /** The states of every order the events touch; changed in place (and marked dirty). */
  orders: Map<bigint, OrderState>;
}

/** A batch applied: its ledger postings, its orders that changed, and what to announce. */
export interface Applied {
  ledger: LedgerBatch;
  changed: OrderState[];
  out: Outbox;
}

/** The ids of the orders events touch (settlement reads those it does not hold first). */
export function touchedOrderIds(events: readonly EngineEvent[]): Set<bigint> {
  const ids = new Set<bigint>();
  for (const e of events) {
    if (e.type === 'TRADE') ids.add(BigInt(e.makerOrderId)).add(BigInt(e.takerOrderId));
    else if (e.type === 'ORDER_STATUS') ids.add(BigInt(e.orderId));
    else if ((e.type === 'ACCEPTED' || e.type === 'REJECTED') && e.commandId.startsWith('place:'))
      ids.add(BigInt(e.orderId));
  }
  return ids;
}

/**
 * The money rules of settlement, without I/O: applies engine events in sequence order to the
 * orders they touch. A trade moves the buyer's frozen quote to the seller and the seller's frozen
 * base to the buyer, each side paying its fee (maker or taker rate) from what it receives,
 * rounded down in the user's favour; an order that ends (filled, cancelled, expired, rejected)
 * gives back what it still holds frozen. Throws when a trade names a symbol, user or order it
 * does not know; the states passed in may then be half-applied, and the caller drops them.
 */
export function applyEvents(events: readonly EngineEvent[], ctx: ApplyContext): Applied {
  const ledger = new LedgerBatch();
  const out: Outbox = { verdicts: [], trades: [], deltas: [] };
  for (const e of events) applyOne(e, ctx, ledger, out);
  const changed: OrderState[] = [];
  for (const id of touchedOrderIds(events)) {
    const o = ctx.orders.get(id);
    if (o?.dirty) changed.push(o);
  }
  return { ledger, changed, out };
}

function applyOne(e: EngineEvent, ctx: ApplyContext, ledger: LedgerBatch, out: Outbox): void {
  const isPlace = e.commandId.startsWith('place:');
  const at = new Date(e.ts);
  switch (e.type) {
    case 'ACCEPTED': {
      out.verdicts.push({ commandId: e.commandId, accepted: true, orderId: String(e.orderId) });
      const o = isPlace ? ctx.orders.get(BigInt(e.orderId)) : undefined;
      if (o && o.status === 'PENDING')
        Object.assign(o, { status: 'NEW', updatedAt: at, dirty: true });
      return;
    }
    case 'REJECTED': {
      out.verdicts.push({
        commandId: e.commandId,
        accepted: false,
        code: e.code,
        orderId: String(e.orderId),
      });
      const o = isPlace ? ctx.orders.get(BigInt(e.orderId)) : undefined;
      if (o) {
        release(ledger, o, at);
        Object.assign(o, { status: 'REJECTED', rejectCode: e.code, updatedAt: at, dirty: true });
      }
      return;
    }
    case 'TRADE':
      trade(e, ctx, ledger, out);
      return;
    case 'ORDER_STATUS': {
      const o = ctx.orders.get(BigInt(e.orderId));
      // A final order never changes again (the operator's reconciliation may have closed one
      // the engine still held, and cancels it there afterwards).
      if (!o || FINAL[o.status]) return;
      if (TERMINAL[e.status]) {
        release(ledger, o, at);
        o.status = finalStatus(e.status, o, ctx.symbols.get(e.symbol));
        // A market order that outran the book: part filled, the rest cancelled (spec: "purchase
        // exceeds max supply, partial fill").
        if (e.reason === 'MARKET_REMAINDER' && o.status === 'PARTIALLY_CANCELED')
          o.rejectCode = ErrorCode.PARTIAL_FILL_MAX_SUPPLY.code;
      } else {
        o.status = e.status;
        if (e.status === 'TRIGGERED') o.triggeredAt ??= at;
      }
      o.updatedAt = at;
      o.dirty = true;
      return;
    }
    case 'BOOK_DELTA': {
      const info = ctx.symbols.get(e.symbol);
      if (!info) return;
      out.deltas.push({
        mode: e.runtimeMode,
        symbol: e.symbol,
        side: e.side,
        price: fromUnits(e.price, info.tickSize),
        amount: fromUnits(e.quantity, info.stepSize),
      });
      return;
    }
    case 'DUPLICATE':
      // A command seen before: its request still hears the first answer.
      out.verdicts.push({
        commandId: e.commandId,
        accepted: e.accepted,
        ...(e.code !== undefined ? { code: e.code } : {}),
      });
      return;
    case 'ORDER_STATE':
      return;
  }
}

/**
 * The status users see for an order the engine closed: one that spent all it asked for is
 * FILLED (a market buy by total ends when its total is spent), one closed part-way is
 * PARTIALLY_CANCELED.
 */
function finalStatus(status: string, o: OrderState, info: SymbolInfo | undefined): string {
  if (status !== 'CANCELED' && status !== 'EXPIRED') return status;
  if (o.filledQuantity.isZero()) return status;
  const smallestQuote = info ? new Decimal(info.tickSize).times(info.stepSize) : new Decimal(0);
  const complete =
    (o.quantity !== null && o.filledQuantity.gte(o.quantity)) ||
    (o.quoteAmount !== null &&
      o.quoteAmount.minus(o.filledQuote).lt(smallestQuote.gt(0) ? smallestQuote : 1));
  return complete ? 'FILLED' : 'PARTIALLY_CANCELED';
}

function trade(
  e: Extract<EngineEvent, { type: 'TRADE' }>,
  ctx: ApplyContext,
  ledger: LedgerBatch,
  out: Outbox,
): void {
  const info = ctx.symbols.get(e.symbol);
  const maker = ctx.users.get(e.makerUserId);
  const taker = ctx.users.get(e.takerUserId);
  const makerOrder = ctx.orders.get(BigInt(e.makerOrderId));
  const takerOrder = ctx.orders.get(BigInt(e.takerOrderId));
  if (!info || !maker || !taker || !makerOrder || !takerOrder)
    throw new Error(`Cannot settle trade seq ${e.seq}: unknown symbol, user or order`);
  const price = new Decimal(fromUnits(e.price, info.tickSize));
  const qty = new Decimal(fromUnits(e.quantity, info.stepSize));
  const quote = price.times(qty);
  const takerBuys = e.takerSide === 'BUY';
  const buyer = takerBuys ? taker : maker;
  const seller = takerBuys ? maker : taker;
  const buyerRate = takerBuys ? info.takerFeeRate : info.makerFeeRate;
  const sellerRate = takerBuys ? info.makerFeeRate : info.takerFeeRate;
  // Fees are taken from what each side receives, rounded down in the user's favour.
  const buyerFee = qty.times(buyerRate).toDecimalPlaces(info.baseDecimals, Decimal.ROUND_DOWN);
  const sellerFee = quote.times(sellerRate).toDecimalPlaces(info.quoteDecimals, Decimal.ROUND_DOWN);
  const at = new Date(e.ts);
  const mode = e.runtimeMode;
  const ref = `${ctx.shard}:${e.seq}`;

  ledger.post({
    mode,
    flowType: FlowType.SPOT_TRADE_SETTLEMENT,
    refType: 'TRADE',
    refId: ref,
    at,
    legs: [
      { accountId: buyer, asset: info.quote, bucket: 'FROZEN', amount: quote.neg() },
      { accountId: seller, asset: info.quote, bucket: 'AVAILABLE', amount: quote },
      { accountId: seller, asset: info.base, bucket: 'FROZEN', amount: qty.neg() },
      { accountId: buyer, asset: info.base, bucket: 'AVAILABLE', amount: qty },
    ],
  });
  if (!buyerFee.isZero() || !sellerFee.isZero()) {
    ledger.post({
      mode,
      flowType: FlowType.SPOT_TRADE_FEE,
      refType: 'TRADE',
      refId: ref,
      at,
      legs: [
        { accountId: buyer, asset: info.base, bucket: 'AVAILABLE', amount: buyerFee.neg() },
        { accountId: SYSTEM.fees, asset: info.base, bucket: 'AVAILABLE', amount: buyerFee },
        { accountId: seller, asset: info.quote, bucket: 'AVAILABLE', amount: sellerFee.neg() },
        { accountId: SYSTEM.fees, asset: info.quote, bucket: 'AVAILABLE', amount: sellerFee },
      ],
    });
  }
  const makerFee = takerBuys ? sellerFee : buyerFee;
  const takerFee = takerBuys ? buyerFee : sellerFee;
  for (const [o, isMaker, buys, fee] of [
    [makerOrder, true, !takerBuys, makerFee],
    [takerOrder, false, takerBuys, takerFee],
  ] as const) {
    o.filledQuantity = o.filledQuantity.plus(qty);
    o.filledQuote = o.filledQuote.plus(quote);
    o.fee = o.fee.plus(fee);
    o.feeAsset = buys ? info.base : info.quote;
    o.frozenRemaining = o.frozenRemaining.minus(buys ? quote : qty);
    if (isMaker) o.makerFills += 1;
    else o.takerFills += 1;
    o.updatedAt = at;
    o.dirty = true;
  }
  out.trades.push({
    seq: e.seq,
    mode,
    symbol: e.symbol,
    base: info.base,
    quote: info.quote,
    price,
    quantity: qty,
    quoteAmount: quote,
    takerSide: e.takerSide,
    makerOrderId: e.makerOrderId,
    takerOrderId: e.takerOrderId,
    maker,
    taker,
    makerFee,
    takerFee,
    makerFeeAsset: takerBuys ? info.quote : info.base,
    takerFeeAsset: takerBuys ? info.base : info.quote,
    ts: e.ts,
  });
}

/** Unfreezes what an order no longer needs once it is final. */
function release(ledger: LedgerBatch, o: OrderState, at: Date): void {
  const rest = o.frozenRemaining;
  o.frozenRemaining = new Decimal(0);
  if (rest.lte(0)) return;
  ledger.post({
    mode: o.mode,
    flowType: FlowType.SPOT_ORDER_UNFREEZE,
    refType: 'ORDER',
    refId: o.id.toString(),
    at,
    legs: [
      { accountId: o.userId, asset: o.frozenAsset, bucket: 'FROZEN', amount: rest.neg() },
      { accountId: o.userId, asset: o.frozenAsset, bucket: 'AVAILABLE', amount: rest },
    ],
  });
}
