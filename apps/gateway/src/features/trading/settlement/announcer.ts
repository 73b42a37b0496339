import type { Decimal } from 'decimal.js';
import type { MarketTrade, Order, OrderSide } from '@exchange/contracts';
import type { MarketDataSink } from '../market-data/market-data-sink.js';
import {
  privateTopic,
  publicTopic,
  type Fanout,
  type FanoutMessage,
} from '../../platform/socket/fanout.js';
import type { Verdict } from '../orders/verdicts.js';
import type { Outbox } from './apply-events.js';

/** The orders a batch changed, as the API shows them, with whom to tell. */
export type OrderViews = Map<bigint, { order: Order; userId: string; mode: number }>;

/** A batch's verdicts; a placing request answers with its order as settled, with no read of its own. */
export function verdictsOf(out: Outbox, views: OrderViews): (Verdict & { commandId: string })[] {
  return out.verdicts.map((v) => {
    const view =
      v.commandId.startsWith('place:') && v.orderId ? views.get(BigInt(v.orderId)) : undefined;
    return view ? { ...v, order: view.order } : v;
  });
}

/**
 * A committed batch's pushes after its book changes: the market trades per book (one push, an
 * array or a lone trade), each side's fill, one refreshAsset per account and mode naming the
 * assets the batch moved for it, and each changed order. `tradeIds` are the ids its trades got,
 * by sequence number.
 */
export function batchPushes(
  out: Outbox,
  views: OrderViews,
  tradeIds: Map<number, string>,
): FanoutMessage[] {
  const messages: FanoutMessage[] = [];
  const marketTrades = new Map<string, { mode: number; symbol: string; trades: MarketTrade[] }>();
  const fills: FanoutMessage[] = [];
  const assets = new Map<string, { user: string; mode: number; assets: Set<string> }>();
  for (const t of out.trades) {
    const tradeId = tradeIds.get(t.seq) ?? '';
    const mode = t.mode;
    const makerSide = t.takerSide === 'BUY' ? 'SELL' : 'BUY';
    const fill = (
      user: string,
      orderId: number,
      side: OrderSide,
      liquidity: 'MAKER' | 'TAKER',
      fee: Decimal,
      feeAsset: string,
    ): FanoutMessage => ({
      topic: privateTopic('fills', user, mode),
      data: {
        tradeId,
        orderId: String(orderId),
        symbol: t.symbol,
        side,
        price: t.price.toFixed(),
        amount: t.quantity.toFixed(),
        total: t.quoteAmount.toFixed(),
        fee: fee.toFixed(),
        feeAsset,
        liquidity,
        ts: t.ts,
      },
    });
    const k = `${mode}|${t.symbol}`;
    const list = marketTrades.get(k) ?? { mode, symbol: t.symbol, trades: [] };
    list.trades.push({
      id: tradeId,
      price: t.price.toFixed(),
      amount: t.quantity.toFixed(),
      side: t.takerSide,
      ts: t.ts,
    });
    marketTrades.set(k, list);
    fills.push(
      fill(t.maker, t.makerOrderId, makerSide, 'MAKER', t.makerFee, t.makerFeeAsset),
      fill(t.taker, t.takerOrderId, t.takerSide, 'TAKER', t.takerFee, t.takerFeeAsset),
    );
    for (const user of [t.maker, t.taker]) {
      const a = assets.get(`${user}|${mode}`) ?? { user, mode, assets: new Set<string>() };
      a.assets.add(t.base).add(t.quote);
      assets.set(`${user}|${mode}`, a);
    }
  }
  for (const m of marketTrades.values()) {
    messages.push({
      topic: publicTopic('trade', m.mode, m.symbol),
      data: m.trades.length === 1 && m.trades[0] ? m.trades[0] : m.trades,
    });
  }
  messages.push(...fills);
  for (const a of assets.values())
    messages.push({
      topic: privateTopic('refreshAsset', a.user, a.mode),
      data: { assets: [...a.assets] },
    });
  for (const v of views.values())
    messages.push({ topic: privateTopic('order', v.userId, v.mode), data: v.order });
  return messages;
}

/**
 * Announces a committed batch: every push goes out in one pipeline, book changes first and in
 * order (their sequence numbers must reach clients gap-free), so a client following the book,
 * the trades and its own orders gets them in one write instead of one per channel; then the
 * market data hears of the trades.
 */
export async function announceBatch(
  o: { market: MarketDataSink; fanout: Fanout },
  out: Outbox,
  views: OrderViews,
  tradeIds: Map<number, string>,
): Promise<void> {
  const messages = out.deltas.length ? await o.market.applyDeltas(out.deltas) : [];
  messages.push(...batchPushes(out, views, tradeIds));
  await o.fanout.publishMany(messages);
  if (out.trades.length) {
    // A trade without an id here was stored by an earlier attempt at this batch: the
    // statistics loaded it from the table already (id 0 is skipped).
    o.market.tradesHappened(
      out.trades.map((t) => ({
        mode: t.mode,
        symbol: t.symbol,
        id: BigInt(tradeIds.get(t.seq) ?? 0),
        price: t.price,
        quantity: t.quantity,
        quote: t.quoteAmount,
        ts: t.ts,
      })),
    );
  }
}
