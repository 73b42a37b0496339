import type { EngineEvent } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { Harness, implementations, ofType, specs, statuses, SYMBOL } from './helpers.js';

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * Every level a command published: its last BOOK_DELTA equals the visible lots resting there
 * after the command, an exact integer no greater than 2^53 - 1.
 */
function checkPublishedLevels(h: Harness, events: EngineEvent[]): void {
  const last = new Map<string, number>();
  for (const e of ofType(events, 'BOOK_DELTA')) {
    expect(Number.isSafeInteger(e.quantity), `${e.side} ${e.price}: ${e.quantity}`).toBe(true);
    last.set(`${e.side} ${e.price}`, e.quantity);
  }
  const resting = new Map<string, number>();
  for (const o of h.book.orders()) {
    const key = `${o.side === 0 ? 'BUY' : 'SELL'} ${o.price}`;
    resting.set(key, (resting.get(key) ?? 0) + o.visible);
  }
  for (const [key, qty] of last) expect(qty, key).toBe(resting.get(key) ?? 0);
  for (const qty of resting.values()) expect(qty).toBeLessThanOrEqual(MAX);
}

/** A replica restored from the shard's snapshot holds the same state. */
function checkReplica(h: Harness, factory: (typeof implementations)[number][1]): void {
  const replica = new ShardEngine(specs, factory);
  replica.restore(
    JSON.parse(JSON.stringify(h.shard.snapshot())) as ReturnType<ShardEngine['snapshot']>,
  );
  expect(replica.stateHash()).toBe(h.shard.stateHash());
  const book = replica.book(1, SYMBOL)?.book;
  expect(book?.depth(0, 100)).toEqual(h.book.depth(0, 100));
  expect(book?.depth(1, 100)).toEqual(h.book.depth(1, 100));
}

// The exceptions a differential run against a separate model found, one case each, on every
// OrderBook implementation.
describe.each(implementations)('edge semantics on the %s', (_name, factory) => {
  it('fires a stop whose price was crossed inside one sweep', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 1, { userId: 2 });
    h.limit('BUY', 100, 1, { userId: 3 }); // last price 100
    const stop = h.place({
      side: 'SELL',
      type: 'TRIGGER',
      quantity: 1,
      triggerPrice: 95,
      triggerDirection: 'BELOW',
      userId: 4,
    }).id;
    h.limit('SELL', 94, 1, { userId: 2 });
    h.limit('SELL', 96, 1, { userId: 2 });
    const { events } = h.limit('BUY', 96, 2, { userId: 3 });
    expect(ofType(events, 'TRADE').map((t) => t.price)).toEqual([94, 96]);
    expect(statuses(events)).toContain(`${stop}:TRIGGERED`);
  });

  it('calls a market buy by total that spends it all and empties the book filled', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 10, { userId: 2 });
    h.limit('SELL', 101, 10, { userId: 2 });
    const { id, events } = h.place({ side: 'BUY', type: 'MARKET', quoteAmount: 2010 });
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'FILLED',
      filledQuantity: 20,
      remainingQuantity: 0,
    });
    // With some of the total left when the book runs dry, it expires part-filled.
    h.limit('SELL', 100, 10, { userId: 2 });
    const more = h.place({ side: 'BUY', type: 'MARKET', quoteAmount: 1500 });
    expect(ofType(more.events, 'ORDER_STATUS').at(-1)).toMatchObject({
      status: 'EXPIRED',
      filledQuantity: 10,
      reason: 'MARKET_REMAINDER',
    });
  });

  it('leaves the old order alone when cancel-place refuses the replacement', () => {
    const h = new Harness(factory);
    h.limit('SELL', 105, 1, { userId: 2 });
    const old = h.limit('BUY', 100, 1).id;
    const replace = (order: Record<string, unknown>) =>
      h.send({ kind: 'cancel-place', cancelOrderId: old, order: { side: 'BUY', ...order } });
    // Post-only that would take, fill-or-kill it cannot fill, a market order with no
    // counterparty at all (on the sell side), and an id already in use.
    const refusals = [
      replace({ orderId: 90, type: 'LIMIT', price: 105, quantity: 1, timeInForce: 'POST_ONLY' }),
      replace({ orderId: 91, type: 'LIMIT', price: 105, quantity: 5, timeInForce: 'FOK' }),
      h.send({
        kind: 'cancel-place',
        cancelOrderId: old,
        order: { orderId: 92, side: 'SELL', type: 'MARKET', quantity: 1 },
        userId: 7,
      }),
      replace({ orderId: old, type: 'LIMIT', price: 101, quantity: 1 }),
    ];
    expect(refusals.map((events) => events.map((e) => e.type === 'REJECTED' && e.code))).toEqual([
      [3016],
      [3017],
      [3014],
      [1002],
    ]);
    expect(h.book.get(old)).toMatchObject({ price: 100, visible: 1 });
  });

  it('refuses what would take a price level past exact integers (2^53 lots)', () => {
    const h = new Harness(factory);
    const first = h.limit('BUY', 1, 2 ** 52);
    expect(first.events[0]?.type).toBe('ACCEPTED');
    const second = h.limit('BUY', 1, 2 ** 52 + 1);
    expect(second.events).toEqual([expect.objectContaining({ type: 'REJECTED', code: 3011 })]);
    h.send({ kind: 'cancel', orderId: first.id });
    expect(h.book.bestBid()).toBe(-1);
    h.book.validateInternalState();
  });

  it('refuses contradictory fields instead of reinterpreting them', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 5, { userId: 2 });
    const fok = h.place({ side: 'BUY', type: 'MARKET', quantity: 1, timeInForce: 'FOK' });
    expect(fok.events).toEqual([expect.objectContaining({ type: 'REJECTED', code: 3020 })]);
    const shown = h.limit('BUY', 99, 10, { icebergVisible: 2 });
    expect(shown.events).toEqual([expect.objectContaining({ type: 'REJECTED', code: 3020 })]);
  });

  it('keeps an iceberg to at most 100 slices', () => {
    const h = new Harness(factory);
    const thin = h.place({
      side: 'SELL',
      type: 'ICEBERG',
      price: 100,
      quantity: 1_000_000,
      icebergVisible: 1,
      userId: 2,
    });
    expect(thin.events).toEqual([expect.objectContaining({ type: 'REJECTED', code: 3019 })]);
    const ok = h.place({
      side: 'SELL',
      type: 'ICEBERG',
      price: 100,
      quantity: 1_000_000,
      icebergVisible: 10_000,
      userId: 2,
    });
    expect(ok.events[0]?.type).toBe('ACCEPTED');
    const { events } = h.limit('BUY', 100, 1_000_000);
    expect(ofType(events, 'TRADE')).toHaveLength(100);
    expect(events.length).toBeLessThan(1000);
  });

  it('fills a market buy by amount no higher than its price protection', () => {
    const h = new Harness(factory);
    h.limit('SELL', 100, 1, { userId: 2 });
    h.limit('SELL', 104, 1, { userId: 2 });
    h.limit('SELL', 110, 1, { userId: 2 });
    const { id, events } = h.place({ side: 'BUY', type: 'MARKET', quantity: 3, price: 105 });
    expect(ofType(events, 'TRADE').map((t) => t.price)).toEqual([100, 104]);
    expect(ofType(events, 'ORDER_STATUS').at(-1)).toMatchObject({
      orderId: id,
      status: 'EXPIRED',
      filledQuantity: 2,
      remainingQuantity: 1,
      reason: 'MARKET_REMAINDER',
    });
    expect(h.book.bestAsk()).toBe(110);
  });

  it('refuses a stop or trailing order without a limit price that is FOK or POST_ONLY (3020)', () => {
    const h = new Harness(factory);
    h.limit('SELL', 1000, 5, { userId: 2 });
    for (const timeInForce of ['FOK', 'POST_ONLY'] as const) {
      const stops = [
        // The case: TRIGGER SELL trigger 1000 ABOVE qty 18 FOK.
        {
          side: 'SELL',
          type: 'TRIGGER',
          triggerPrice: 1000,
          triggerDirection: 'ABOVE',
          quantity: 18,
        },
        {
          side: 'BUY',
          type: 'TRIGGER',
          triggerPrice: 1000,
          triggerDirection: 'ABOVE',
          quoteAmount: 5000,
        },
        { side: 'SELL', type: 'TRAILING', trailingDelta: 2, quantity: 18 },
        {
          side: 'BUY',
          type: 'TRAILING',
          trailingDelta: 2,
          activationPrice: 990,
          quoteAmount: 5000,
        },
      ] as const;
      for (const stop of stops) {
        const { events } = h.place({ ...stop, timeInForce });
        expect(events, `${stop.type} ${stop.side} ${timeInForce}`).toEqual([
          expect.objectContaining({ type: 'REJECTED', code: 3020 }),
        ]);
      }
    }
    // A stop-limit keeps its time in force (it applies when it fires), and IOC stays allowed.
    const stopLimit = h.place({
      side: 'SELL',
      type: 'TRIGGER',
      triggerPrice: 1000,
      triggerDirection: 'ABOVE',
      price: 990,
      quantity: 18,
      timeInForce: 'FOK',
    });
    expect(stopLimit.events[0]?.type).toBe('ACCEPTED');
    const ioc = h.place({
      side: 'SELL',
      type: 'TRIGGER',
      triggerPrice: 1000,
      triggerDirection: 'ABOVE',
      quantity: 18,
      timeInForce: 'IOC',
    });
    expect(ioc.events[0]?.type).toBe('ACCEPTED');
  });

  it('expires a triggered stop-limit that would take its level past 2^53 - 1 lots', () => {
    const h = new Harness(factory);
    const check = (events: EngineEvent[]) => {
      checkPublishedLevels(h, events);
      return events;
    };
    // TRIGGER SELL trigger 1 BELOW price 1 qty 784
    const stop = h.place({
      side: 'SELL',
      type: 'TRIGGER',
      triggerPrice: 1,
      triggerDirection: 'BELOW',
      price: 1,
      quantity: 784,
    });
    expect(stop.events[0]?.type).toBe('ACCEPTED');
    // LIMIT SELL 1 x 9007199254740991 POST_ONLY
    check(h.limit('SELL', 1, MAX, { userId: 2, timeInForce: 'POST_ONLY' }).events);
    // LIMIT BUY 1 x 107: trades at 1, which fires the stop; resting, its level would pass 2^53.
    const fired = check(h.limit('BUY', 1, 107, { userId: 3 }).events);
    expect(ofType(fired, 'ORDER_STATUS').filter((e) => e.orderId === stop.id)).toEqual([
      expect.objectContaining({ status: 'TRIGGERED' }),
      expect.objectContaining({
        status: 'EXPIRED',
        filledQuantity: 0,
        remainingQuantity: 784,
        reason: 'IOC_REMAINDER',
      }),
    ]);
    expect(h.book.has(stop.id)).toBe(false);
    expect(h.book.levelQty(1, 1)).toBe(MAX - 107);
    // MARKET BUY 1
    const market = check(h.place({ side: 'BUY', type: 'MARKET', quantity: 1, userId: 3 }).events);
    expect(ofType(market, 'BOOK_DELTA')).toEqual([
      expect.objectContaining({ side: 'SELL', price: 1, quantity: MAX - 108 }),
    ]);
    h.book.validateInternalState();
    checkReplica(h, factory);
  });

  it('counts an iceberg hidden lots in its level bound, so a refill stays exact', () => {
    const h = new Harness(factory);
    const check = (events: EngineEvent[]) => {
      checkPublishedLevels(h, events);
      return events;
    };
    // ICEBERG BUY 1 x 300 shown 3
    const ice = h.place({
      side: 'BUY',
      type: 'ICEBERG',
      price: 1,
      quantity: 300,
      icebergVisible: 3,
    });
    expect(ice.events[0]?.type).toBe('ACCEPTED');
    // SELL 1 x 2
    check(h.limit('SELL', 1, 2, { userId: 2 }).events);
    // BUY 1 x 2^53-2: the level holds 1 shown and 297 hidden lots, 298 in all.
    const big = h.limit('BUY', 1, MAX - 1, { userId: 3 });
    expect(big.events).toEqual([expect.objectContaining({ type: 'REJECTED', code: 3011 })]);
    const fits = h.limit('BUY', 1, MAX - 298, { userId: 3 });
    expect(check(fits.events)[0]?.type).toBe('ACCEPTED');
    expect(h.book.levelQty(0, 1)).toBe(MAX - 297);
    // SELL 1 x 1: takes the iceberg's last shown lot; it refills 3 behind the big order.
    const refill = check(h.limit('SELL', 1, 1, { userId: 2 }).events);
    expect(ofType(refill, 'BOOK_DELTA')).toEqual([
      expect.objectContaining({ side: 'BUY', price: 1, quantity: MAX - 295 }),
    ]);
    expect(h.book.get(ice.id)).toMatchObject({ visible: 3, hidden: 294 });
    h.book.validateInternalState();
    checkReplica(h, factory);
    // Draining the level through every refill keeps each published total exact.
    check(h.limit('SELL', 1, MAX, { userId: 2 }).events);
    expect(h.book.levelQty(0, 1)).toBe(0);
    h.book.validateInternalState();
  });
});
