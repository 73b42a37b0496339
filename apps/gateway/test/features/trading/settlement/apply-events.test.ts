// The money rules of settlement as tables: no Postgres, no Redis, no engine.
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '@exchange/contracts';
import {
  applyEvents,
  type Applied,
  type SymbolInfo,
} from '../../../../src/features/trading/settlement/apply-events.js';
import type { OrderState } from '../../../../src/features/trading/orders/order-repository.js';

// BTC_USDT: prices in 0.01 ticks, amounts in 0.0001 lots; maker 0.1 %, taker 0.2 %.
const BTC_USDT: SymbolInfo = {
  tickSize: '0.01',
  stepSize: '0.0001',
  base: 'BTC',
  quote: 'USDT',
  baseDecimals: 8,
  quoteDecimals: 6,
  makerFeeRate: '0.001',
  takerFeeRate: '0.002',
};
const USERS = new Map([
  [1, 'ann'],
  [2, 'ben'],
]);
const price = (p: string) => Math.round(Number(p) * 100);
const lots = (q: string) => Math.round(Number(q) * 10_000);
const T0 = Date.UTC(2026, 10, 23, 12);

/** An order as stored when placed: PENDING, with what it froze. */
function order(
  id: number,
  fields: Partial<OrderState> & Pick<OrderState, 'userId' | 'side'>,
): OrderState {
  const buy = fields.side === 'BUY';
  const p = fields.price ?? new Decimal('100');
  const q = fields.quantity === undefined ? new Decimal('1') : fields.quantity;
  return {
    id: BigInt(id),
    mode: 1,
    symbol: 'BTC_USDT',
    clientOrderId: null,
    type: 'LIMIT',
    timeInForce: 'GTC',
    price: p,
    quantity: q,
    quoteAmount: null,
    icebergSize: null,
    triggerPrice: null,
    triggerDirection: null,
    trailingDelta: null,
    activationPrice: null,
    status: 'NEW',
    rejectCode: null,
    filledQuantity: new Decimal(0),
    filledQuote: new Decimal(0),
    fee: new Decimal(0),
    feeAsset: null,
    makerFills: 0,
    takerFills: 0,
    frozenAsset: buy ? 'USDT' : 'BTC',
    frozenRemaining: buy ? p.times(q ?? 0) : (q ?? new Decimal(0)),
    triggeredAt: null,
    createdAt: new Date(T0),
    updatedAt: new Date(T0),
    dirty: false,
    lastBatch: 0,
    ...fields,
  };
}

let seq = 0;
const base = (commandId = 'x') => ({
  seq: ++seq,
  commandId,
  ts: T0 + seq * 1000,
  runtimeMode: 1 as const,
  symbol: 'BTC_USDT',
});
const trade = (
  maker: { id: number; user: number },
  taker: { id: number; user: number },
  takerSide: 'BUY' | 'SELL',
  p: string,
  q: string,
): EngineEvent => ({
  ...base(`place:${taker.id}`),
  type: 'TRADE',
  price: price(p),
  quantity: lots(q),
  takerSide,
  makerOrderId: maker.id,
  makerUserId: maker.user,
  takerOrderId: taker.id,
  takerUserId: taker.user,
});
const status = (
  id: number,
  user: number,
  s: 'FILLED' | 'CANCELED' | 'EXPIRED' | 'TRIGGERED' | 'TRAILING' | 'PARTIALLY_FILLED',
  reason?: 'USER' | 'MARKET_REMAINDER',
): EngineEvent => ({
  ...base(),
  type: 'ORDER_STATUS',
  orderId: id,
  userId: user,
  status: s,
  filledQuantity: 0,
  remainingQuantity: 0,
  ...(reason ? { reason } : {}),
});

function run(orders: OrderState[], events: EngineEvent[], info = BTC_USDT): Applied {
  return applyEvents(events, {
    shard: 's0',
    symbols: new Map([['BTC_USDT', info]]),
    users: USERS,
    orders: new Map(orders.map((o) => [o.id, o])),
  });
}

/** Net change per account, asset and bucket, as the batch's balance rows say. */
function balances(applied: Applied): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of applied.ledger.balanceRows() as {
    accountId: string;
    asset: string;
    available: string;
    frozen: string;
  }[]) {
    if (r.available !== '0') out[`${r.accountId} ${r.asset} available`] = r.available;
    if (r.frozen !== '0') out[`${r.accountId} ${r.asset} frozen`] = r.frozen;
  }
  return out;
}

/** Every asset's entries sum to zero: nothing is created or lost. */
function expectConserved(applied: Applied): void {
  const sums = new Map<string, Decimal>();
  for (const e of applied.ledger.entryRows() as { asset: string; amount: string }[])
    sums.set(e.asset, (sums.get(e.asset) ?? new Decimal(0)).plus(e.amount));
  for (const [asset, sum] of sums)
    expect({ asset, sum: sum.toFixed() }).toEqual({ asset, sum: '0' });
}

describe('applyEvents', () => {
  it('accepts a placement: PENDING becomes NEW and the request hears yes', () => {
    const o = order(10, { userId: 'ann', side: 'BUY', status: 'PENDING' });
    const applied = run([o], [{ ...base('place:10'), type: 'ACCEPTED', orderId: 10, userId: 1 }]);
    expect(o.status).toBe('NEW');
    expect(applied.out.verdicts).toEqual([
      { commandId: 'place:10', accepted: true, orderId: '10' },
    ]);
    expect(applied.changed).toEqual([o]);
    expect(balances(applied)).toEqual({});
  });

  it('rejects a placement: the order is REJECTED with the code and its funds are released', () => {
    const o = order(11, { userId: 'ann', side: 'BUY', status: 'PENDING' });
    const applied = run(
      [o],
      [{ ...base('place:11'), type: 'REJECTED', orderId: 11, userId: 1, code: 3002 }],
    );
    expect(o).toMatchObject({ status: 'REJECTED', rejectCode: 3002 });
    expect(o.frozenRemaining.toFixed()).toBe('0');
    expect(balances(applied)).toEqual({
      'ann USDT available': '100',
      'ann USDT frozen': '-100',
    });
    expect(applied.out.verdicts[0]).toMatchObject({ accepted: false, code: 3002 });
    expectConserved(applied);
  });

  it('fills a buying taker against a selling maker: each pays its own rate from what it gets', () => {
    const maker = order(20, { userId: 'ben', side: 'SELL', price: new Decimal('99') });
    const taker = order(21, { userId: 'ann', side: 'BUY', price: new Decimal('100') });
    const applied = run(
      [maker, taker],
      [
        trade({ id: 20, user: 2 }, { id: 21, user: 1 }, 'BUY', '99', '1'),
        status(20, 2, 'FILLED'),
        status(21, 1, 'FILLED'),
      ],
    );
    // Ann paid 99 of the 100 she froze (the maker's better price): the 1 left comes back.
    // Her fee is 0.2 % of the 1 BTC she receives; Ben's 0.1 % of the 99 USDT he receives.
    expect(balances(applied)).toEqual({
      'ann USDT frozen': '-100',
      'ann USDT available': '1',
      'ann BTC available': '0.998',
      'ben BTC frozen': '-1',
      'ben USDT available': '98.901',
      'system:fees BTC available': '0.002',
      'system:fees USDT available': '0.099',
    });
    expect(maker).toMatchObject({ status: 'FILLED', makerFills: 1, takerFills: 0 });
    expect(taker).toMatchObject({ status: 'FILLED', makerFills: 0, takerFills: 1 });
    expect([maker.fee.toFixed(), maker.feeAsset, taker.fee.toFixed(), taker.feeAsset]).toEqual([
      '0.099',
      'USDT',
      '0.002',
      'BTC',
    ]);
    expect(applied.out.trades).toMatchObject([
      { maker: 'ben', taker: 'ann', makerFeeAsset: 'USDT', takerFeeAsset: 'BTC', base: 'BTC' },
    ]);
    expectConserved(applied);
  });

  it('fills a selling taker against a buying maker: the rates swap sides', () => {
    const maker = order(30, { userId: 'ann', side: 'BUY', price: new Decimal('100') });
    const taker = order(31, { userId: 'ben', side: 'SELL', price: new Decimal('100') });
    const applied = run(
      [maker, taker],
      [trade({ id: 30, user: 1 }, { id: 31, user: 2 }, 'SELL', '100', '1')],
    );
    expect(balances(applied)).toEqual({
      'ann USDT frozen': '-100',
      'ann BTC available': '0.999',
      'ben BTC frozen': '-1',
      'ben USDT available': '99.8',
      'system:fees BTC available': '0.001',
      'system:fees USDT available': '0.2',
    });
    expectConserved(applied);
  });

  it('rounds fees down in the user’s favour, to the asset’s decimals', () => {
    const maker = order(40, { userId: 'ben', side: 'SELL', price: new Decimal('0.01') });
    const taker = order(41, { userId: 'ann', side: 'BUY', price: new Decimal('0.01') });
    const applied = run(
      [maker, taker],
      [trade({ id: 40, user: 2 }, { id: 41, user: 1 }, 'BUY', '0.01', '0.0003')],
      { ...BTC_USDT, baseDecimals: 6 },
    );
    // 0.002 x 0.0003 BTC = 0.0000006 -> 0 at 6 decimals; 0.001 x 0.000003 USDT -> 0 at 6.
    expect(balances(applied)).toEqual({
      'ann USDT frozen': '-0.000003',
      'ann BTC available': '0.0003',
      'ben BTC frozen': '-0.0003',
      'ben USDT available': '0.000003',
    });
    expect(applied.ledger.entryRows()).toHaveLength(4);
    expectConserved(applied);
  });

  it('keeps a partly filled order open, then releases the rest when it is cancelled', () => {
    const maker = order(50, { userId: 'ann', side: 'BUY', price: new Decimal('100') });
    const taker = order(51, { userId: 'ben', side: 'SELL', price: new Decimal('100') });
    const first = run(
      [maker, taker],
      [
        trade({ id: 50, user: 1 }, { id: 51, user: 2 }, 'SELL', '100', '0.4'),
        status(50, 1, 'PARTIALLY_FILLED'),
      ],
    );
    expect(maker.status).toBe('PARTIALLY_FILLED');
    expect(maker.frozenRemaining.toFixed()).toBe('60');
    expect(first.changed.map((o) => o.id)).toEqual([50n, 51n]);
    const cancel = run([maker], [status(50, 1, 'CANCELED', 'USER')]);
    expect(maker.status).toBe('PARTIALLY_CANCELED');
    expect(balances(cancel)).toEqual({ 'ann USDT frozen': '-60', 'ann USDT available': '60' });
    expectConserved(cancel);
  });

  it('fills an iceberg in slices: each refill shows in the book, every slice is a maker fill', () => {
    const iceberg = order(60, {
      userId: 'ben',
      side: 'SELL',
      type: 'ICEBERG',
      icebergSize: new Decimal('0.5'),
    });
    const taker = order(61, { userId: 'ann', side: 'BUY', quantity: new Decimal('1') });
    const refill: EngineEvent = {
      ...base(),
      type: 'BOOK_DELTA',
      side: 'SELL',
      price: price('100'),
      quantity: lots('0.5'),
    };
    const applied = run(
      [iceberg, taker],
      [
        trade({ id: 60, user: 2 }, { id: 61, user: 1 }, 'BUY', '100', '0.5'),
        refill,
        trade({ id: 60, user: 2 }, { id: 61, user: 1 }, 'BUY', '100', '0.5'),
        { ...refill, seq: ++seq, quantity: 0 },
        status(60, 2, 'FILLED'),
        status(61, 1, 'FILLED'),
      ],
    );
    expect(iceberg).toMatchObject({ status: 'FILLED', makerFills: 2 });
    expect(iceberg.filledQuantity.toFixed()).toBe('1');
    expect(applied.out.deltas).toEqual([
      { mode: 1, symbol: 'BTC_USDT', side: 'SELL', price: '100', amount: '0.5' },
      { mode: 1, symbol: 'BTC_USDT', side: 'SELL', price: '100', amount: '0' },
    ]);
    expect(applied.out.trades).toHaveLength(2);
    expectConserved(applied);
  });

  it('ends a market buy by total: FILLED when less than one tick x lot is left, else PARTIALLY_CANCELED', () => {
    const market = (id: number, total: string) =>
      order(id, {
        userId: 'ann',
        side: 'BUY',
        type: 'MARKET',
        price: null,
        quantity: null,
        quoteAmount: new Decimal(total),
        frozenRemaining: new Decimal(total),
      });
    const spent = market(70, '100.0000005');
    const maker = order(71, { userId: 'ben', side: 'SELL', quantity: new Decimal('2') });
    run(
      [spent, maker],
      [
        trade({ id: 71, user: 2 }, { id: 70, user: 1 }, 'BUY', '100', '1'),
        status(70, 1, 'CANCELED', 'MARKET_REMAINDER'),
      ],
    );
    expect(spent.status).toBe('FILLED');
    const rest = market(72, '150');
    const applied = run(
      [rest, maker],
      [
        trade({ id: 71, user: 2 }, { id: 72, user: 1 }, 'BUY', '100', '1'),
        status(72, 1, 'CANCELED', 'MARKET_REMAINDER'),
      ],
    );
    expect(rest.status).toBe('PARTIALLY_CANCELED');
    expect(balances(applied)['ann USDT available']).toBe('50');
    expectConserved(applied);
  });

  it('marks a stop order TRIGGERED once, and a trailing order TRAILING', () => {
    const stop = order(80, { userId: 'ann', side: 'SELL', type: 'TRIGGER' });
    run([stop], [status(80, 1, 'TRIGGERED')]);
    const first = stop.triggeredAt;
    expect(stop.status).toBe('TRIGGERED');
    expect(first).not.toBeNull();
    run([stop], [status(80, 1, 'TRIGGERED')]);
    expect(stop.triggeredAt).toBe(first);
    const trailing = order(81, { userId: 'ann', side: 'SELL', type: 'TRAILING', price: null });
    const applied = run([trailing], [status(81, 1, 'TRAILING')]);
    expect(trailing.status).toBe('TRAILING');
    expect(balances(applied)).toEqual({});
  });

  it('expires an unfilled order with its funds released', () => {
    const o = order(90, { userId: 'ben', side: 'SELL', quantity: new Decimal('0.3') });
    const applied = run([o], [status(90, 2, 'EXPIRED')]);
    expect(o.status).toBe('EXPIRED');
    expect(balances(applied)).toEqual({ 'ben BTC frozen': '-0.3', 'ben BTC available': '0.3' });
  });

  it('answers a command the engine saw before with its first outcome', () => {
    const applied = run(
      [],
      [
        {
          ...base('cancel:7:a'),
          type: 'DUPLICATE',
          firstSeq: 3,
          lastSeq: 4,
          accepted: false,
          code: 3015,
        },
      ],
    );
    expect(applied.out.verdicts).toEqual([
      { commandId: 'cancel:7:a', accepted: false, code: 3015 },
    ]);
    expect(applied.changed).toEqual([]);
  });

  it('leaves an order that is already final as it is', () => {
    const o = order(110, {
      userId: 'ann',
      side: 'BUY',
      status: 'CANCELED',
      frozenRemaining: new Decimal(0),
    });
    const applied = run([o], [status(110, 1, 'CANCELED', 'USER')]);
    expect(o.status).toBe('CANCELED');
    expect(applied.changed).toEqual([]);
    expect(balances(applied)).toEqual({});
  });

  it('refuses a trade of an order it was not given', () => {
    const maker = order(100, { userId: 'ben', side: 'SELL' });
    expect(() =>
      run([maker], [trade({ id: 100, user: 2 }, { id: 101, user: 1 }, 'BUY', '100', '1')]),
    ).toThrow(/Cannot settle trade/);
  });
});
