import { describe, expect, it } from 'vitest';
import { Harness, implementations, ofType, statuses } from './helpers.js';

// One suite, run against every OrderBook implementation.
describe.each(implementations)('order types on the %s', (_name, factory) => {
  it('rests a limit order and announces it', () => {
    const h = new Harness(factory);
    const { id, events } = h.limit('BUY', 100, 5, { clientOrderId: 'mine' });
    expect(events.map((e) => e.type)).toEqual(['ACCEPTED', 'ORDER_STATUS', 'BOOK_DELTA']);
    expect(events[0]).toMatchObject({
      type: 'ACCEPTED',
      orderId: id,
      clientOrderId: 'mine',
      seq: 1,
    });
    expect(events[2]).toMatchObject({ side: 'BUY', price: 100, quantity: 5 });
    expect(h.book.bestBid()).toBe(100);
    h.book.validateInternalState();
  });

  it('fills at the maker price in price then time priority', () => {
    const h = new Harness(factory);
    const a = h.limit('SELL', 101, 5, { userId: 2 }).id;
    const b = h.limit('SELL', 100, 5, { userId: 2 }).id;
    const c = h.limit('SELL', 100, 5, { userId: 3 }).id;
    const { id, events } = h.limit('BUY', 101, 12);
    const trades = ofType(events, 'TRADE').map((t) => [t.makerOrderId, t.price, t.quantity]);
    expect(trades).toEqual([
      [b, 100, 5],
      [c, 100, 5],
      [a, 101, 2],
    ]);
    expect(statuses(events)).toEqual([
      `${b}:FILLED`,
      `${c}:FILLED`,
      `${a}:PARTIALLY_FILLED`,
      `${id}:FILLED`,
    ]);
    expect(ofType(events, 'BOOK_DELTA').map((d) => [d.price, d.quantity])).toEqual([
      [100, 0],
      [101, 3],
    ]);
    h.book.validateInternalState();
  });

  it('rests the unfilled part of a limit order', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 3, { userId: 2 });
    const { id, events } = h.limit('BUY', 100, 5);
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'PARTIALLY_FILLED',
      filledQuantity: 3,
      remainingQuantity: 2,
    });
    expect(h.book.bestBid()).toBe(100);
    expect(h.book.bestAsk()).toBe(-1);
  });

  it('expires the rest of an immediate-or-cancel order', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 3, { userId: 2 });
    const { id, events } = h.limit('BUY', 100, 5, { timeInForce: 'IOC' });
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'EXPIRED',
      filledQuantity: 3,
      remainingQuantity: 2,
      reason: 'IOC_REMAINDER',
    });
    expect(h.book.size()).toBe(0);
  });

  it('rejects a fill-or-kill order it cannot fill completely and fills one it can', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 3, { userId: 2 });
    h.limit('SELL', 101, 3, { userId: 2 });
    expect(h.limit('BUY', 100, 4, { timeInForce: 'FOK' }).events).toEqual([
      expect.objectContaining({ type: 'REJECTED', code: 3017 }),
    ]);
    expect(h.book.size()).toBe(2);
    const { id, events } = h.limit('BUY', 101, 6, { timeInForce: 'FOK' });
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'FILLED',
      filledQuantity: 6,
    });
  });

  it('rejects a post-only order that would take, and rests one that would not', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 3, { userId: 2 });
    expect(h.limit('BUY', 100, 1, { timeInForce: 'POST_ONLY' }).events).toEqual([
      expect.objectContaining({ type: 'REJECTED', code: 3016 }),
    ]);
    expect(statuses(h.limit('BUY', 99, 1, { timeInForce: 'POST_ONLY' }).events)).toEqual([
      expect.stringMatching(/:NEW$/),
    ]);
  });

  it('rejects a market order without counterparty (3002)', () => {
    const h = new Harness(factory);
    h.limit('BUY', 100, 3, { userId: 2 });
    const { events } = h.place({ side: 'BUY', type: 'MARKET', quantity: 1 });
    expect(events).toEqual([expect.objectContaining({ type: 'REJECTED', code: 3002 })]);
  });

  it('fills a market order partially beyond the depth and cancels the rest', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 3, { userId: 2 });
    h.limit('SELL', 105, 3, { userId: 2 });
    const { id, events } = h.place({ side: 'BUY', type: 'MARKET', quantity: 10 });
    expect(ofType(events, 'TRADE').map((t) => t.price)).toEqual([100, 105]);
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'EXPIRED',
      filledQuantity: 6,
      remainingQuantity: 4,
      reason: 'MARKET_REMAINDER',
    });
  });

  it('spends a market order by quote amount down to the last whole lot', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 10, { userId: 2 });
    h.limit('SELL', 101, 10, { userId: 2 });
    const { id, events } = h.place({ side: 'BUY', type: 'MARKET', quoteAmount: 1500 });
    expect(ofType(events, 'TRADE').map((t) => [t.price, t.quantity])).toEqual([
      [100, 10],
      [101, 4],
    ]);
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'FILLED',
      filledQuantity: 14,
    });
    const sell = h.place({ side: 'SELL', type: 'MARKET', quoteAmount: 250, userId: 3 });
    expect(sell.events[0]).toMatchObject({ type: 'REJECTED', code: 3002 });
    const tiny = h.place({ side: 'BUY', type: 'MARKET', quoteAmount: 50, userId: 3 });
    expect(ofType(tiny.events, 'ORDER_STATUS')).toEqual([
      expect.objectContaining({ status: 'EXPIRED', filledQuantity: 0, reason: 'MARKET_REMAINDER' }),
    ]);
  });

  it('shows only the visible part of an iceberg and refills it at the back of its level', () => {
    const h = new Harness(factory);
    const ice = h.place({
      side: 'SELL',
      type: 'ICEBERG',
      price: 100,
      quantity: 25,
      icebergVisible: 10,
      userId: 2,
    });
    expect(ofType(ice.events, 'BOOK_DELTA')[0]).toMatchObject({ price: 100, quantity: 10 });
    const plain = h.limit('SELL', 100, 4, { userId: 3 }).id;
    const first = h.limit('BUY', 100, 10).events;
    expect(ofType(first, 'TRADE').map((t) => [t.makerOrderId, t.quantity])).toEqual([[ice.id, 10]]);
    expect(ofType(first, 'ORDER_STATUS')[0]).toMatchObject({
      orderId: ice.id,
      status: 'PARTIALLY_FILLED',
      remainingQuantity: 15,
    });
    // The refill went behind the plain order.
    const second = h.limit('BUY', 100, 6).events;
    expect(ofType(second, 'TRADE').map((t) => [t.makerOrderId, t.quantity])).toEqual([
      [plain, 4],
      [ice.id, 2],
    ]);
    expect(h.book.get(ice.id)).toMatchObject({ visible: 8, hidden: 5 });
    const rest = h.limit('BUY', 100, 13).events;
    expect(ofType(rest, 'TRADE').map((t) => t.quantity)).toEqual([8, 5]);
    expect(statuses(rest)[1]).toBe(`${ice.id}:FILLED`);
    h.book.validateInternalState();
  });

  it('rejects an iceberg whose visible size is not below the amount (3009)', () => {
    const h = new Harness(factory);
    expect(
      h.place({ side: 'SELL', type: 'ICEBERG', price: 100, quantity: 10, icebergVisible: 10 })
        .events[0],
    ).toMatchObject({ type: 'REJECTED', code: 3009 });
  });

  it('triggers a stop-market order when the last trade price falls to it', () => {
    const h = new Harness(factory);
    const stop = h.place({
      side: 'SELL',
      type: 'TRIGGER',
      triggerPrice: 95,
      triggerDirection: 'BELOW',
      quantity: 2,
      userId: 3,
    });
    expect(statuses(stop.events)).toEqual([`${stop.id}:NEW`]);
    h.limit('BUY', 94, 5, { userId: 4 });
    h.limit('SELL', 96, 1, { userId: 2 });
    expect(statuses(h.limit('BUY', 96, 1, { userId: 4 }).events)).not.toContain(
      `${stop.id}:TRIGGERED`,
    );
    h.limit('SELL', 95, 1, { userId: 2 });
    const events = h.limit('BUY', 95, 1, { userId: 5 }).events;
    expect(statuses(events)).toContain(`${stop.id}:TRIGGERED`);
    expect(ofType(events, 'TRADE').at(-1)).toMatchObject({
      takerOrderId: stop.id,
      price: 94,
      quantity: 2,
    });
  });

  it('triggers a stop-limit order above its trigger price and rests it at its limit', () => {
    const h = new Harness(factory);
    const stop = h.place({
      side: 'BUY',
      type: 'TRIGGER',
      triggerPrice: 105,
      triggerDirection: 'ABOVE',
      price: 106,
      quantity: 3,
    });
    h.limit('SELL', 105, 1, { userId: 2 });
    const events = h.limit('BUY', 105, 1, { userId: 4 }).events;
    expect(statuses(events).slice(-2)).toEqual([`${stop.id}:TRIGGERED`, `${stop.id}:NEW`]);
    expect(h.book.bestBid()).toBe(106);
  });

  it('trails the best price and fires on the retrace', () => {
    const h = new Harness(factory);
    const trade = (price: number) => {
      h.limit('SELL', price, 1, { userId: 2 });
      return h.limit('BUY', price, 1, { userId: 4 }).events;
    };
    trade(100);
    const trail = h.place({
      side: 'SELL',
      type: 'TRAILING',
      trailingDelta: 5,
      quantity: 1,
      userId: 3,
    });
    expect(statuses(trail.events)).toEqual([`${trail.id}:NEW`, `${trail.id}:TRAILING`]);
    h.limit('BUY', 90, 10, { userId: 4 });
    trade(104);
    trade(110);
    expect(statuses(trade(106))).not.toContain(`${trail.id}:TRIGGERED`);
    const fired = trade(105);
    expect(statuses(fired)).toContain(`${trail.id}:TRIGGERED`);
    expect(ofType(fired, 'TRADE').at(-1)).toMatchObject({ takerOrderId: trail.id, price: 90 });
  });

  it('takes a stop-market or trailing buy by quote amount and spends it when fired', () => {
    const h = new Harness(factory);
    const trade = (price: number) => {
      h.limit('BUY', price, 1, { userId: 4 });
      return h.limit('SELL', price, 1, { userId: 2 }).events;
    };
    trade(100);
    const stop = h.place({
      side: 'BUY',
      type: 'TRIGGER',
      triggerPrice: 103,
      triggerDirection: 'ABOVE',
      quoteAmount: 330,
      userId: 3,
    });
    const trail = h.place({
      side: 'BUY',
      type: 'TRAILING',
      trailingDelta: 3,
      quoteAmount: 220,
      userId: 5,
    });
    expect(ofType(stop.events, 'REJECTED')).toEqual([]);
    expect(ofType(trail.events, 'REJECTED')).toEqual([]);
    // Both a quantity and a total, or a total on a stop-limit, stay refused.
    expect(
      ofType(
        h.place({
          side: 'BUY',
          type: 'TRAILING',
          trailingDelta: 3,
          quoteAmount: 220,
          quantity: 2,
          userId: 5,
        }).events,
        'REJECTED',
      ),
    ).toHaveLength(1);
    expect(
      ofType(
        h.place({
          side: 'BUY',
          type: 'TRIGGER',
          triggerPrice: 103,
          triggerDirection: 'ABOVE',
          price: 104,
          quoteAmount: 330,
          userId: 5,
        }).events,
        'REJECTED',
      ),
    ).toHaveLength(1);
    h.limit('SELL', 110, 10, { userId: 2 });
    const fired = trade(103);
    expect(statuses(fired)).toContain(`${stop.id}:TRIGGERED`);
    expect(statuses(fired)).toContain(`${trail.id}:TRIGGERED`);
    // 330 at 110 buys 3 lots, 220 buys 2: each total spent, both FILLED.
    expect(
      ofType(fired, 'TRADE')
        .filter((t) => t.takerOrderId === stop.id)
        .reduce((n, t) => n + t.quantity, 0),
    ).toBe(3);
    expect(
      ofType(fired, 'TRADE')
        .filter((t) => t.takerOrderId === trail.id)
        .reduce((n, t) => n + t.quantity, 0),
    ).toBe(2);
    expect(statuses(fired)).toEqual(
      expect.arrayContaining([`${stop.id}:FILLED`, `${trail.id}:FILLED`]),
    );
  });

  it('waits for the activation price before trailing', () => {
    const h = new Harness(factory);
    const trade = (price: number) => {
      h.limit('BUY', price, 1, { userId: 4 });
      return h.limit('SELL', price, 1, { userId: 2 }).events;
    };
    trade(100);
    const trail = h.place({
      side: 'BUY',
      type: 'TRAILING',
      trailingDelta: 3,
      activationPrice: 95,
      quantity: 1,
      price: 200,
      userId: 3,
    });
    expect(statuses(trail.events)).toEqual([`${trail.id}:NEW`]);
    expect(statuses(trade(104))).toEqual([expect.any(String), expect.any(String)]);
    expect(statuses(trade(95))).toContain(`${trail.id}:TRAILING`);
    trade(92);
    h.limit('SELL', 150, 5, { userId: 2 });
    const fired = trade(95);
    expect(statuses(fired)).toContain(`${trail.id}:TRIGGERED`);
    expect(ofType(fired, 'TRADE').at(-1)).toMatchObject({ takerOrderId: trail.id, price: 150 });
  });
});
