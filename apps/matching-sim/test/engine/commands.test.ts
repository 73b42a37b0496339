import { engineCommand } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { Harness, implementations, ofType, statuses } from './helpers.js';

describe.each(implementations)('commands on the %s', (_name, factory) => {
  it('cancels a resting order with its remaining quantity', () => {
    const h = new Harness(factory);
    const { id } = h.limit('SELL', 100, 5, { userId: 2 });
    h.limit('BUY', 100, 2);
    const events = h.send({ kind: 'cancel', orderId: id, userId: 2 });
    expect(events.map((e) => e.type)).toEqual(['ACCEPTED', 'ORDER_STATUS', 'BOOK_DELTA']);
    expect(events[1]).toMatchObject({
      status: 'CANCELED',
      filledQuantity: 2,
      remainingQuantity: 3,
      reason: 'USER',
    });
    expect(h.book.size()).toBe(0);
  });

  it('does not cancel unknown orders or orders of another user (3014)', () => {
    const h = new Harness(factory);
    const { id } = h.limit('SELL', 100, 5, { userId: 2 });
    expect(h.send({ kind: 'cancel', orderId: id, userId: 3 })).toEqual([
      expect.objectContaining({ type: 'REJECTED', code: 3014 }),
    ]);
    expect(h.send({ kind: 'cancel', orderId: 999, userId: 2 })).toEqual([
      expect.objectContaining({ type: 'REJECTED', code: 3014 }),
    ]);
    expect(h.book.size()).toBe(1);
  });

  it('cancels a pending stop order', () => {
    const h = new Harness(factory);
    const { id } = h.place({
      side: 'SELL',
      type: 'TRIGGER',
      triggerPrice: 90,
      triggerDirection: 'BELOW',
      quantity: 1,
    });
    expect(statuses(h.send({ kind: 'cancel', orderId: id, userId: 1 }))).toEqual([
      `${id}:CANCELED`,
    ]);
  });

  it('cancels and places in one step', () => {
    const h = new Harness(factory);
    const { id } = h.limit('SELL', 100, 5);
    const events = h.send({
      kind: 'cancel-place',
      cancelOrderId: id,
      order: { orderId: 50, side: 'SELL', type: 'LIMIT', price: 101, quantity: 4 },
    });
    expect(statuses(events)).toEqual([`${id}:CANCELED`, '50:NEW']);
    expect(ofType(events, 'ORDER_STATUS')[0]?.reason).toBe('REPLACED');
    expect(h.book.bestAsk()).toBe(101);
    const missing = h.send({
      kind: 'cancel-place',
      cancelOrderId: id,
      order: { orderId: 51, side: 'SELL', type: 'LIMIT', price: 101, quantity: 4 },
    });
    expect(missing).toEqual([
      expect.objectContaining({ type: 'REJECTED', orderId: 51, code: 3014 }),
    ]);
    const bad = h.send({
      kind: 'cancel-place',
      cancelOrderId: 50,
      order: {
        orderId: 52,
        side: 'SELL',
        type: 'ICEBERG',
        price: 101,
        quantity: 4,
        icebergVisible: 9,
      },
    });
    expect(bad).toEqual([expect.objectContaining({ type: 'REJECTED', code: 3009 })]);
    expect(h.book.get(50)).toBeDefined();
  });

  it('answers queries', () => {
    const h = new Harness(factory);
    const { id } = h.limit('SELL', 100, 5);
    h.limit('BUY', 100, 2, { userId: 2 });
    expect(h.send({ kind: 'query', orderId: id })).toEqual([
      expect.objectContaining({
        type: 'ORDER_STATE',
        found: true,
        status: 'PARTIALLY_FILLED',
        side: 'SELL',
        price: 100,
        remainingQuantity: 3,
        filledQuantity: 2,
      }),
    ]);
    expect(h.send({ kind: 'query', orderId: id, userId: 2 })).toEqual([
      expect.objectContaining({ found: false }),
    ]);
  });

  it('prevents self-trades by cancelling the newest order by default', () => {
    const h = new Harness(factory);
    const mine = h.limit('SELL', 100, 5).id;
    const { id, events } = h.limit('BUY', 100, 3);
    expect(ofType(events, 'TRADE')).toHaveLength(0);
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'CANCELED',
      reason: 'SELF_TRADE',
      remainingQuantity: 3,
    });
    expect(h.book.get(mine)?.visible).toBe(5);
  });

  it('can cancel the oldest or both orders instead', () => {
    const h = new Harness(factory);
    const mine = h.limit('SELL', 100, 5).id;
    const other = h.limit('SELL', 100, 5, { userId: 2 }).id;
    const oldest = h.limit('BUY', 100, 3, { selfTradePrevention: 'CANCEL_OLDEST' });
    expect(statuses(oldest.events)).toEqual([
      `${mine}:CANCELED`,
      `${other}:PARTIALLY_FILLED`,
      `${oldest.id}:FILLED`,
    ]);
    const again = h.limit('SELL', 100, 5).id;
    const both = h.limit('BUY', 100, 5, { selfTradePrevention: 'CANCEL_BOTH' });
    expect(statuses(both.events)).toEqual([
      `${other}:FILLED`,
      `${again}:CANCELED`,
      `${both.id}:CANCELED`,
    ]);
    expect(ofType(both.events, 'ORDER_STATUS').at(-1)).toMatchObject({
      filledQuantity: 2,
      remainingQuantity: 3,
    });
  });

  it("can skip the taker's own orders, which stay untouched, and trade with the others behind them", () => {
    const h = new Harness(factory);
    const mine = h.limit('SELL', 100, 5).id;
    const other = h.limit('SELL', 101, 5, { userId: 2 }).id;
    const mineToo = h.limit('SELL', 101, 2).id;
    const third = h.limit('SELL', 101, 5, { userId: 3 }).id;
    // A market buy by total (Rapid Buy's order): 101 x 8 lots, protection at 101.
    const buy = h.place({
      side: 'BUY',
      type: 'MARKET',
      quoteAmount: 808,
      price: 101,
      selfTradePrevention: 'SKIP_OWN',
    });
    expect(ofType(buy.events, 'TRADE').map((t) => [t.makerOrderId, t.price, t.quantity])).toEqual([
      [other, 101, 5],
      [third, 101, 3],
    ]);
    expect(ofType(buy.events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: buy.id,
      status: 'FILLED',
      filledQuantity: 8,
    });
    expect(h.book.get(mine)?.visible).toBe(5);
    expect(h.book.get(mineToo)?.visible).toBe(2);
    expect(h.book.bestAsk()).toBe(100);
    // Only for takers that never rest: a resting one would cross the book.
    expect(h.limit('BUY', 101, 1, { selfTradePrevention: 'SKIP_OWN' }).events[0]).toMatchObject({
      type: 'REJECTED',
    });
    h.book.validateInternalState();
  });

  it('checks minimum quantity, notional and the symbol', () => {
    const h = new Harness(factory, { minQty: 5, minNotional: 1000 });
    expect(h.limit('BUY', 100, 4).events[0]).toMatchObject({ type: 'REJECTED', code: 3007 });
    expect(h.limit('BUY', 100, 9).events[0]).toMatchObject({ type: 'REJECTED', code: 3008 });
    expect(h.limit('BUY', 100, 10).events[0]).toMatchObject({ type: 'ACCEPTED' });
    expect(
      h.send({
        kind: 'place',
        symbol: 'NOPE',
        orderId: 77,
        side: 'BUY',
        type: 'LIMIT',
        price: 1,
        quantity: 1,
      })[0],
    ).toMatchObject({ type: 'REJECTED', code: 3013 });
  });

  it('answers a repeated commandId with the first outcome and changes nothing', () => {
    const h = new Harness(factory);
    const cmd = {
      commandId: 'same',
      kind: 'place',
      orderId: 9,
      side: 'BUY',
      type: 'LIMIT',
      price: 100,
      quantity: 1,
    };
    const first = h.send(cmd);
    const hash = h.shard.stateHash();
    const again = h.send({ ...cmd, price: 200 });
    expect(again).toEqual([
      expect.objectContaining({
        type: 'DUPLICATE',
        firstSeq: first[0]?.seq,
        lastSeq: first.at(-1)?.seq,
        accepted: true,
      }),
    ]);
    expect(h.book.bestBid()).toBe(100);
    const { seq: _a, ...before } = h.shard.snapshot();
    expect(hash).not.toBe('');
    const { seq: _b, ...after } = h.shard.snapshot();
    expect(after).toEqual(before);
  });

  it('numbers events gap-free across commands', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 5, { userId: 2 });
    h.limit('BUY', 101, 7);
    h.send({ kind: 'query', orderId: 1 });
    expect(h.log.map((e) => e.seq)).toEqual(h.log.map((_, i) => i + 1));
  });
});

describe('idempotency window', () => {
  it('forgets the oldest commandIds beyond the window, also after a restore', () => {
    const factory = implementations[1]![1];
    const shard = new ShardEngine(
      [{ symbol: 'TST-HKD', tickSize: '0.01', stepSize: '0.001', minQty: 1, minNotional: 1 }],
      factory,
      { dedupWindow: 3 },
    );
    const q = (id: string, on = shard) =>
      on.handle(
        engineCommand.parse({
          kind: 'query',
          commandId: id,
          runtimeMode: 1,
          symbol: 'TST-HKD',
          userId: 1,
          ts: 1,
          orderId: 1,
        }),
      )[0]?.type;
    for (const id of ['a', 'b', 'c', 'd']) expect(q(id)).toBe('ORDER_STATE');
    expect(q('b')).toBe('DUPLICATE');
    expect(q('a')).toBe('ORDER_STATE');
    const copy = new ShardEngine(
      [{ symbol: 'TST-HKD', tickSize: '0.01', stepSize: '0.001', minQty: 1, minNotional: 1 }],
      factory,
      { dedupWindow: 3 },
    );
    copy.restore(shard.snapshot());
    expect(copy.stateHash()).toBe(shard.stateHash());
    expect(q('c', copy)).toBe('DUPLICATE');
    expect(q('e', copy)).toBe('ORDER_STATE');
    expect(q('c', copy)).toBe('ORDER_STATE');
  });
});

describe('snapshots', () => {
  const factory = implementations[1]![1];
  const spec = {
    symbol: 'TST-HKD',
    tickSize: '0.01',
    stepSize: '0.001',
    minQty: 1,
    minNotional: 1,
  };

  function filled(): Harness {
    const h = new Harness(factory);
    h.limit('SELL', 101, 5, { userId: 2 });
    h.place({
      side: 'SELL',
      type: 'ICEBERG',
      price: 102,
      quantity: 9,
      icebergVisible: 2,
      userId: 3,
    });
    h.limit('BUY', 99, 4);
    h.limit('BUY', 100, 50, { timeInForce: 'FOK' }); // rejected (3017): a remembered reject code
    h.place({
      side: 'BUY',
      type: 'TRIGGER',
      triggerPrice: 105,
      triggerDirection: 'ABOVE',
      quantity: 1,
    });
    h.limit('BUY', 101, 2);
    return h;
  }

  it('pack orders and outcomes: the fast book packs what orders() lists, and a restore answers retries the same', () => {
    const h = filled();
    const snap = h.shard.snapshot();
    expect(typeof snap.seenOutcomes).toBe('string');
    const state = snap.symbols[0]![1];
    expect(typeof state.orders).toBe('string');
    const copy = new ShardEngine([spec], factory);
    copy.restore(JSON.parse(JSON.stringify(snap)) as typeof snap);
    expect(copy.book(1, 'TST-HKD')?.book.orders()).toEqual(h.book.orders());
    expect(copy.stateHash()).toBe(h.shard.stateHash());
    // Every remembered command answers its retry with the same outcome, rejects with their code.
    for (let i = 1; i <= 6; i++) {
      const retry = {
        commandId: `c${i}`,
        runtimeMode: 1,
        symbol: 'TST-HKD',
        userId: 1,
        ts: 1,
        kind: 'query',
        orderId: 1,
      };
      const a = h.shard.handle(engineCommand.parse(retry))[0];
      const b = copy.handle(engineCommand.parse(retry))[0];
      expect(b).toEqual(a);
      expect(a?.type).toBe('DUPLICATE');
    }
  });

  it('restores a snapshot in the earlier format (one object per order and outcome)', () => {
    const h = filled();
    const snap = h.shard.snapshot();
    const ids = snap.seenIds ?? [];
    const copy = new ShardEngine([spec], factory);
    const seen = ids.map((id) => {
      const d = h.shard.handle(
        engineCommand.parse({
          commandId: id,
          runtimeMode: 1,
          symbol: 'TST-HKD',
          userId: 1,
          ts: 1,
          kind: 'query',
          orderId: 1,
        }),
      )[0];
      if (d?.type !== 'DUPLICATE') throw new Error('expected a duplicate');
      return [
        id,
        d.accepted
          ? { firstSeq: d.firstSeq, lastSeq: d.lastSeq, accepted: true }
          : { firstSeq: d.firstSeq, lastSeq: d.lastSeq, accepted: false, code: d.code },
      ] as [string, { firstSeq: number; lastSeq: number; accepted: boolean; code?: number }];
    });
    const legacy = {
      seq: snap.seq,
      seen,
      symbols: snap.symbols.map(
        ([k, s]) => [k, { ...s, orders: h.book.orders() }] as [string, typeof s],
      ),
    };
    copy.restore(legacy);
    const { seq: _a, ...restored } = copy.snapshot();
    const { seq: _b, ...original } = snap;
    expect(restored).toEqual(original);
    expect(seen.some(([, o]) => !o.accepted)).toBe(true);
  });
});
