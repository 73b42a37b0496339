import { Decimal } from 'decimal.js';
import { FlowType, engineEvent, fromUnits, type EngineEvent, type RuntimeMode } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Prisma } from '../../db/client.js';
import type { RedisConnections } from '../../lib/redis.js';
import { post, SYSTEM } from '../ledger/ledger-service.js';
import { privateTopic, publicTopic, type Fanout } from '../socket/fanout.js';
import { streamKeys } from './engine-client.js';
import { resendPending } from './reconcile.js';
import type { Clock } from '../../lib/clock.js';
import { toOrder } from './order-view.js';
import type { Verdicts } from './verdicts.js';

type Tx = Prisma.TransactionClient;

interface SymbolInfo {
  tickSize: string;
  stepSize: string;
  base: string;
  quote: string;
  baseDecimals: number;
  quoteDecimals: number;
  makerFeeRate: string;
  takerFeeRate: string;
}

/** What a batch leaves to announce once its transaction has committed. */
interface Outbox {
  verdicts: { commandId: string; accepted: boolean; code?: number }[];
  orders: Set<bigint>;
  pushes: { topic: string; data: unknown }[];
  deltas: { mode: number; symbol: string; side: 'BUY' | 'SELL'; price: string; amount: string }[];
  traded: Set<string>;
}

/** Market data kept from the events (depth, tickers), outside the settlement transaction. */
export interface MarketDataSink {
  applyDeltas(deltas: Outbox['deltas']): Promise<void>;
  tradesHappened(books: { mode: number; symbol: string }[]): Promise<void>;
}

const TERMINAL: Record<string, true> = { FILLED: true, CANCELED: true, EXPIRED: true, REJECTED: true };

type Amount = { toFixed(): string } | null;

/**
 * The status users see for an order the engine closed: one that spent all it asked for is
 * FILLED (a market buy by total ends when its total is spent), one closed part-way is
 * PARTIALLY_CANCELED.
 */
function finalStatus(
  status: string,
  row: { filledQuantity: { toFixed(): string }; filledQuote: { toFixed(): string }; quantity: Amount; quoteAmount: Amount },
  info: SymbolInfo | undefined,
): string {
  if (status !== 'CANCELED' && status !== 'EXPIRED') return status;
  const filled = new Decimal(row.filledQuantity.toFixed());
  if (filled.isZero()) return status;
  const smallestQuote = info ? new Decimal(info.tickSize).times(info.stepSize) : new Decimal(0);
  const complete =
    (row.quantity !== null && filled.gte(row.quantity.toFixed())) ||
    (row.quoteAmount !== null && new Decimal(row.quoteAmount.toFixed()).minus(row.filledQuote.toFixed()).lt(smallestQuote.gt(0) ? smallestQuote : 1));
  return complete ? 'FILLED' : 'PARTIALLY_CANCELED';
}

/**
 * Applies the engine's events to orders and the ledger, in sequence order, in batched
 * transactions. The shard's cursor moves in the same transaction, so a batch is applied
 * exactly once however often the consumer restarts. Only one instance settles at a time
 * (a lock in Redis); the others stand by.
 */
export class Settlement {
  private stopped = false;
  private readonly symbols = new Map<string, SymbolInfo>();
  private readonly users = new Map<number, string>();
  private readonly lockKey: string;
  private readonly owner = Math.random().toString(36).slice(2);
  private loop: Promise<void> | undefined;

  constructor(
    private readonly o: { db: Db; redis: RedisConnections; clock: Clock; shard: string; fanout: Fanout; verdicts: Verdicts; market: MarketDataSink; log: FastifyBaseLogger; batch?: number },
  ) {
    this.lockKey = `settlement:lock:${o.shard}`;
  }

  start(): void {
    this.loop ??= this.run().catch((err: unknown) => this.o.log.error({ err }, 'settlement stopped'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
    await this.o.redis.commands.eval(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
      1,
      this.lockKey,
      this.owner,
    );
  }

  private async holdLock(): Promise<boolean> {
    const r = this.o.redis.commands;
    const got = await r.set(this.lockKey, this.owner, 'PX', 10_000, 'NX');
    if (got === 'OK') return true;
    if ((await r.get(this.lockKey)) === this.owner) {
      await r.pexpire(this.lockKey, 10_000);
      return true;
    }
    return false;
  }

  private async run(): Promise<void> {
    // A blocking read needs its own connection: the shared one serves every request.
    const reader = this.o.redis.commands.duplicate();
    try {
      while (!this.stopped) {
        if (!(await this.holdLock())) {
          await new Promise((r) => setTimeout(r, 1000));
          continue;
        }
        if (Date.now() - this.lastResend > 10_000) {
          this.lastResend = Date.now();
          await resendPending({ db: this.o.db, redis: this.o.redis, clock: this.o.clock, shard: this.o.shard }).catch((err: unknown) =>
            this.o.log.warn({ err }, 'resending pending orders failed'),
          );
        }
        const cursor = await this.o.db.engineCursor.findUnique({ where: { shard: this.o.shard } });
        const res = await reader.xread('COUNT', this.o.batch ?? 200, 'BLOCK', 500, 'STREAMS', streamKeys(this.o.shard).output, `0-${cursor?.lastSeq ?? 0}`);
        const entries = res?.[0]?.[1] ?? [];
        if (entries.length === 0) continue;
        const events: EngineEvent[] = [];
        for (const [, fields] of entries) {
          const raw = fields[fields.indexOf('e') + 1] ?? '[]';
          for (const e of JSON.parse(raw) as unknown[]) {
            const parsed = engineEvent.safeParse(e);
            if (parsed.success) events.push(parsed.data);
            else this.o.log.error({ e }, 'unreadable engine event');
          }
        }
        try {
          await this.settle(events);
        } catch (err) {
          // Nothing of a failed batch is applied (one transaction); try again shortly.
          this.o.log.error({ err, from: events[0]?.seq }, 'settlement batch failed; retrying');
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    } finally {
      reader.disconnect();
    }
  }

  /** Settles events (in seq order, all after the cursor) and announces the results. */
  async settle(events: EngineEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.prepare(events);
    const out: Outbox = { verdicts: [], orders: new Set(), pushes: [], deltas: [], traded: new Set() };
    const lastSeq = events[events.length - 1]?.seq ?? 0;
    await this.o.db.$transaction(
      async (tx) => {
        const cursor = await tx.engineCursor.findUnique({ where: { shard: this.o.shard } });
        const from = cursor?.lastSeq ?? 0;
        for (const e of events) if (e.seq > from) await this.apply(tx, e, out);
        await tx.engineCursor.upsert({
          where: { shard: this.o.shard },
          create: { shard: this.o.shard, lastSeq },
          update: { lastSeq: Math.max(lastSeq, from) },
        });
      },
      { timeout: 30_000 },
    );
    await this.announce(out);
  }

  private symbolsLoadedAt = 0;
  private lastResend = Date.now();

  private async prepare(events: EngineEvent[]): Promise<void> {
    // Fee schedules may change: symbol details are re-read at most every 30 seconds.
    if (Date.now() - this.symbolsLoadedAt > 30_000) {
      this.symbols.clear();
      this.symbolsLoadedAt = Date.now();
    }
    const symbols = [...new Set(events.map((e) => e.symbol))].filter((s) => !this.symbols.has(s));
    if (symbols.length) {
      const rows = await this.o.db.tradingSymbol.findMany({ where: { code: { in: symbols } }, include: { baseAsset: true, counterAsset: true } });
      for (const s of rows) {
        this.symbols.set(s.code, {
          tickSize: s.tickSize.toFixed(),
          stepSize: s.stepSize.toFixed(),
          base: s.baseAssetCode,
          quote: s.counterAssetCode,
          baseDecimals: s.baseAsset.decimals,
          quoteDecimals: s.counterAsset.decimals,
          makerFeeRate: s.makerFeeRate.toFixed(),
          takerFeeRate: s.takerFeeRate.toFixed(),
        });
      }
    }
    const ids = new Set<number>();
    for (const e of events) {
      if (e.type === 'TRADE') ids.add(e.makerUserId).add(e.takerUserId);
      else if ('userId' in e) ids.add(e.userId);
    }
    const missing = [...ids].filter((id) => !this.users.has(id));
    if (missing.length) {
      const rows = await this.o.db.user.findMany({ where: { engineId: { in: missing } }, select: { id: true, engineId: true } });
      for (const r of rows) this.users.set(r.engineId, r.id);
    }
  }

  private async apply(tx: Tx, e: EngineEvent, out: Outbox): Promise<void> {
    const isPlace = e.commandId.startsWith('place:');
    switch (e.type) {
      case 'ACCEPTED':
        out.verdicts.push({ commandId: e.commandId, accepted: true });
        if (isPlace) {
          await tx.spotOrder.updateMany({ where: { id: BigInt(e.orderId), status: 'PENDING' }, data: { status: 'NEW', updatedAt: new Date(e.ts) } });
          out.orders.add(BigInt(e.orderId));
        }
        return;
      case 'REJECTED':
        out.verdicts.push({ commandId: e.commandId, accepted: false, code: e.code });
        if (isPlace) {
          const id = BigInt(e.orderId);
          const row = await tx.spotOrder.findUnique({ where: { id }, select: { userId: true, frozenAsset: true, frozenRemaining: true } });
          if (row) await this.release(tx, id, row, e.runtimeMode, e.ts);
          await tx.spotOrder.updateMany({ where: { id }, data: { status: 'REJECTED', rejectCode: e.code, frozenRemaining: 0, updatedAt: new Date(e.ts) } });
          out.orders.add(id);
        }
        return;
      case 'TRADE':
        await this.trade(tx, e, out);
        return;
      case 'ORDER_STATUS': {
        const id = BigInt(e.orderId);
        out.orders.add(id);
        if (!TERMINAL[e.status]) {
          await tx.spotOrder.updateMany({ where: { id }, data: { status: e.status, updatedAt: new Date(e.ts) } });
          return;
        }
        // A final status: one read for the fill figures and the frozen rest, one write.
        const row = await tx.spotOrder.findUnique({
          where: { id },
          select: { userId: true, frozenAsset: true, frozenRemaining: true, filledQuantity: true, filledQuote: true, quantity: true, quoteAmount: true },
        });
        if (!row) return;
        await this.release(tx, id, row, e.runtimeMode, e.ts);
        await tx.spotOrder.update({
          where: { id },
          data: { status: finalStatus(e.status, row, this.symbols.get(e.symbol)), frozenRemaining: 0, updatedAt: new Date(e.ts) },
        });
        return;
      }
      case 'BOOK_DELTA': {
        const info = this.symbols.get(e.symbol);
        if (!info) return;
        out.deltas.push({ mode: e.runtimeMode, symbol: e.symbol, side: e.side, price: fromUnits(e.price, info.tickSize), amount: fromUnits(e.quantity, info.stepSize) });
        return;
      }
      case 'ORDER_STATE':
      case 'DUPLICATE':
        return;
    }
  }

  private async trade(tx: Tx, e: Extract<EngineEvent, { type: 'TRADE' }>, out: Outbox): Promise<void> {
    const info = this.symbols.get(e.symbol);
    const maker = this.users.get(e.makerUserId);
    const taker = this.users.get(e.takerUserId);
    if (!info || !maker || !taker) throw new Error(`Cannot settle trade seq ${e.seq}: unknown symbol or user`);
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
    const ref = `${this.o.shard}:${e.seq}`;
    out.traded.add(`${mode}|${e.symbol}`);

    await post(tx, {
      mode, flowType: FlowType.SPOT_TRADE_SETTLEMENT, refType: 'TRADE', refId: ref, at,
      legs: [
        { accountId: buyer, asset: info.quote, bucket: 'FROZEN', amount: quote.neg() },
        { accountId: seller, asset: info.quote, bucket: 'AVAILABLE', amount: quote },
        { accountId: seller, asset: info.base, bucket: 'FROZEN', amount: qty.neg() },
        { accountId: buyer, asset: info.base, bucket: 'AVAILABLE', amount: qty },
      ],
    });
    if (!buyerFee.isZero() || !sellerFee.isZero()) {
      await post(tx, {
        mode, flowType: FlowType.SPOT_TRADE_FEE, refType: 'TRADE', refId: ref, at,
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
    const trade = await tx.spotTrade.create({
      data: {
        shard: this.o.shard, seq: e.seq, mode, symbol: e.symbol, price: price.toFixed(), quantity: qty.toFixed(), quoteAmount: quote.toFixed(),
        takerSide: e.takerSide, makerOrderId: BigInt(e.makerOrderId), takerOrderId: BigInt(e.takerOrderId), makerUserId: maker, takerUserId: taker,
        makerFee: makerFee.toFixed(), takerFee: takerFee.toFixed(), createdAt: at,
      },
    });
    for (const [orderId, isMaker, buys, fee] of [
      [e.makerOrderId, true, !takerBuys, makerFee],
      [e.takerOrderId, false, takerBuys, takerFee],
    ] as const) {
      await tx.spotOrder.update({
        where: { id: BigInt(orderId) },
        data: {
          filledQuantity: { increment: qty.toFixed() },
          filledQuote: { increment: quote.toFixed() },
          fee: { increment: fee.toFixed() },
          feeAsset: buys ? info.base : info.quote,
          frozenRemaining: { decrement: (buys ? quote : qty).toFixed() },
          ...(isMaker ? { makerFills: { increment: 1 } } : { takerFills: { increment: 1 } }),
          updatedAt: at,
        },
      });
      out.orders.add(BigInt(orderId));
    }
    const fill = (user: string, orderId: number, side: string, liquidity: string, fee: Decimal, feeAsset: string) => ({
      topic: privateTopic('fills', user, mode),
      data: { tradeId: trade.id.toString(), orderId: String(orderId), symbol: e.symbol, side, price: price.toFixed(), amount: qty.toFixed(), total: quote.toFixed(), fee: fee.toFixed(), feeAsset, liquidity, ts: e.ts },
    });
    out.pushes.push(
      fill(maker, e.makerOrderId, takerBuys ? 'SELL' : 'BUY', 'MAKER', makerFee, takerBuys ? info.quote : info.base),
      fill(taker, e.takerOrderId, e.takerSide, 'TAKER', takerFee, takerBuys ? info.base : info.quote),
      { topic: privateTopic('refreshAsset', maker, mode), data: { assets: [info.base, info.quote] } },
      { topic: privateTopic('refreshAsset', taker, mode), data: { assets: [info.base, info.quote] } },
      { topic: publicTopic('trade', mode, e.symbol), data: { id: trade.id.toString(), price: price.toFixed(), amount: qty.toFixed(), side: e.takerSide, ts: e.ts } },
    );
  }

  /** Unfreezes what an order no longer needs once it is final (the caller zeroes the rest). */
  private async release(
    tx: Tx,
    id: bigint,
    row: { userId: string; frozenAsset: string; frozenRemaining: { toFixed(): string } },
    mode: RuntimeMode,
    ts: number,
  ): Promise<void> {
    const rest = new Decimal(row.frozenRemaining.toFixed());
    if (rest.lte(0)) return;
    await post(tx, {
      mode, flowType: FlowType.SPOT_ORDER_UNFREEZE, refType: 'ORDER', refId: id.toString(), at: new Date(ts),
      legs: [
        { accountId: row.userId, asset: row.frozenAsset, bucket: 'FROZEN', amount: rest.neg() },
        { accountId: row.userId, asset: row.frozenAsset, bucket: 'AVAILABLE', amount: rest },
      ],
    });
  }

  private async announce(out: Outbox): Promise<void> {
    if (out.orders.size) {
      const rows = await this.o.db.spotOrder.findMany({ where: { id: { in: [...out.orders] } } });
      for (const r of rows) out.pushes.push({ topic: privateTopic('order', r.userId, r.mode), data: toOrder(r) });
    }
    // Book changes first and in order: their sequence numbers must reach clients gap-free.
    if (out.deltas.length) await this.o.market.applyDeltas(out.deltas);
    if (out.traded.size) {
      await this.o.market.tradesHappened([...out.traded].map((k) => ({ mode: Number(k.split('|')[0]), symbol: k.split('|')[1] ?? '' })));
    }
    await Promise.all([
      ...out.pushes.map((p) => this.o.fanout.publish(p.topic, p.data)),
      ...out.verdicts.map((v) => this.o.verdicts.announce(v.commandId, { accepted: v.accepted, code: v.code })),
    ]);
  }
}
