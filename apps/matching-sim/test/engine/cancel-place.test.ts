import fc from 'fast-check';
import type { EngineEvent } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../src/engine/fast-book.js';
import { ReferenceBook } from '../../src/engine/reference-book.js';
import { ShardEngine, type ShardSnapshot } from '../../src/engine/shard-engine.js';
import { commandSequence } from './arbitraries.js';
import { Harness, implementations, ofType, specs, statuses, SYMBOL } from './helpers.js';

/** What the book and its waiting stops hold, in priority order: all a refusal must leave. */
function held(h: Harness) {
  const engine = h.shard.book(1, SYMBOL);
  return { state: engine?.state(), orders: engine?.book.orders() };
}

/** Sends a cancel-place and checks it was refused with `code`, changing nothing at all. */
function expectRefused(h: Harness, input: Record<string, unknown>, code: number): void {
  const before = held(h);
  const events = h.send({ kind: 'cancel-place', ...input });
  expect(events).toEqual([expect.objectContaining({ type: 'REJECTED', code })]);
  expect(held(h)).toEqual(before);
  h.book.validateInternalState();
}

const reasons = (events: EngineEvent[]) =>
  ofType(events, 'ORDER_STATUS').map((e) => `${e.orderId}:${e.status}:${e.reason ?? ''}`);

// Cancel-place is all or nothing, judged against the book without the old order: what would
// refuse the replacement once the old order is gone refuses the whole command, and what only
// the old order stood in the way of is no reason to refuse it.
describe.each(implementations)('cancel-place on the %s', (_name, factory) => {
  it('refuses a market replacement whose only counterparty is the old order (3002)', () => {
    const h = new Harness(factory);
    h.limit('BUY', 999_000, 3, { userId: 2 });
    const old = h.limit('SELL', 1_000_013, 16).id;
    expectRefused(
      h,
      {
        cancelOrderId: old,
        order: { orderId: 90, side: 'BUY', type: 'MARKET', quoteAmount: 10_775_322 },
      },
      3002,
    );
    expect(h.book.get(old)).toMatchObject({ price: 1_000_013, visible: 16, filled: 0 });
  });

  it('refuses a fill-or-kill replacement that only the old order could fill (3017)', () => {
    const h = new Harness(factory);
    const old = h.limit('SELL', 100, 5).id;
    // Behind the old order at its price: its time priority must survive the refusal.
    h.limit('SELL', 100, 5, { userId: 2 });
    expectRefused(
      h,
      {
        cancelOrderId: old,
        order: {
          orderId: 90,
          side: 'BUY',
          type: 'LIMIT',
          price: 100,
          quantity: 10,
          timeInForce: 'FOK',
          selfTradePrevention: 'NONE',
        },
      },
      3017,
    );
    expect(h.book.orders().map((o) => o.orderId)).toEqual([old, 2]);
  });

  it('fills a fill-or-kill replacement that only the old order stood in front of', () => {
    const h = new Harness(factory);
    const old = h.limit('SELL', 100, 5).id;
    const other = h.limit('SELL', 100, 5, { userId: 2 }).id;
    const events = h.send({
      kind: 'cancel-place',
      cancelOrderId: old,
      order: {
        orderId: 90,
        side: 'BUY',
        type: 'LIMIT',
        price: 100,
        quantity: 5,
        timeInForce: 'FOK',
      },
    });
    expect(reasons(events)).toEqual([`${old}:CANCELED:REPLACED`, `${other}:FILLED:`, '90:FILLED:']);
    expect(h.book.size()).toBe(0);
  });

  it('rests a post-only replacement that crosses only the order it replaces', () => {
    const h = new Harness(factory);
    h.limit('BUY', 90, 1, { userId: 2 });
    const old = h.limit('SELL', 100, 5).id;
    const events = h.send({
      kind: 'cancel-place',
      cancelOrderId: old,
      order: {
        orderId: 90,
        side: 'BUY',
        type: 'LIMIT',
        price: 100,
        quantity: 5,
        timeInForce: 'POST_ONLY',
      },
    });
    expect(events[0]).toMatchObject({ type: 'ORDER_STATUS', orderId: old, reason: 'REPLACED' });
    expect(ofType(events, 'ACCEPTED')).toHaveLength(1);
    expect(statuses(events)).toEqual([`${old}:CANCELED`, '90:NEW']);
    expect(h.book.bestAsk()).toBe(-1);
    expect(h.book.bestBid()).toBe(100);
    expect(ofType(events, 'TRADE')).toEqual([]);
  });

  it('still refuses a post-only replacement that crosses another order (3016)', () => {
    const h = new Harness(factory);
    const old = h.limit('SELL', 100, 5).id;
    h.limit('SELL', 100, 1, { userId: 2 });
    expectRefused(
      h,
      {
        cancelOrderId: old,
        order: {
          orderId: 90,
          side: 'BUY',
          type: 'LIMIT',
          price: 100,
          quantity: 5,
          timeInForce: 'POST_ONLY',
        },
      },
      3016,
    );
  });

  it('counts the old order out of its level: 2^52 lots raised to 2^52 + 1', () => {
    const h = new Harness(factory);
    const old = h.limit('BUY', 1, 2 ** 52).id;
    const events = h.send({
      kind: 'cancel-place',
      cancelOrderId: old,
      order: { orderId: 90, side: 'BUY', type: 'LIMIT', price: 1, quantity: 2 ** 52 + 1 },
    });
    expect(statuses(events)).toEqual([`${old}:CANCELED`, '90:NEW']);
    expect(h.book.levelTotal(0, 1)).toBe(2 ** 52 + 1);
    expect(ofType(events, 'BOOK_DELTA').at(-1)).toMatchObject({ quantity: 2 ** 52 + 1 });
    // With another order at the level the bound still holds, and the old order stays.
    h.limit('BUY', 1, 2 ** 51, { userId: 2 });
    expectRefused(
      h,
      {
        cancelOrderId: 90,
        order: { orderId: 91, side: 'BUY', type: 'LIMIT', price: 1, quantity: 2 ** 52 + 2 ** 51 },
      },
      3011,
    );
    h.book.validateInternalState();
  });

  it('judges a replacement of a waiting stop against the whole book', () => {
    const h = new Harness(factory);
    const sell = h.limit('SELL', 100, 5, { userId: 2 }).id;
    const stop = h.place({
      side: 'BUY',
      type: 'TRIGGER',
      triggerPrice: 120,
      triggerDirection: 'ABOVE',
      quantity: 1,
    }).id;
    expectRefused(
      h,
      {
        cancelOrderId: stop,
        order: {
          orderId: 90,
          side: 'BUY',
          type: 'LIMIT',
          price: 100,
          quantity: 1,
          timeInForce: 'POST_ONLY',
        },
      },
      3016,
    );
    const events = h.send({
      kind: 'cancel-place',
      cancelOrderId: stop,
      order: { orderId: 91, side: 'BUY', type: 'MARKET', quantity: 2 },
    });
    expect(reasons(events)).toEqual([
      `${stop}:CANCELED:REPLACED`,
      `${sell}:PARTIALLY_FILLED:`,
      '91:FILLED:',
    ]);
  });
});

const fresh = (fast: boolean) =>
  new ShardEngine(specs, () => (fast ? new FastBook() : new ReferenceBook()));

/** The book's state (an engine makes its book at its first command). */
const state = (shard: ShardEngine) =>
  shard.book(1, SYMBOL)?.state() ?? { lastPrice: -1, orders: '', pending: [] };

/** Events without what differs between two commands: their seq and commandId. */
const bare = (events: EngineEvent[]) => events.map((e) => ({ ...e, seq: 0, commandId: '' }));

describe('random cancel-places', () => {
  it('do what a cancel and then a place do when the place is accepted, and nothing otherwise', () => {
    fc.assert(
      fc.property(commandSequence(60, 6), fc.boolean(), (cmds, useFast) => {
        const shard = fresh(useFast);
        for (const cmd of cmds) {
          // (An id names one order: reusing the old one's is refused, tested above.)
          if (cmd.kind !== 'cancel-place' || cmd.cancelOrderId === cmd.order.orderId) {
            shard.handle(cmd);
            continue;
          }
          // The same book, cancelling and then placing in two commands.
          const twin = fresh(useFast);
          twin.restore(JSON.parse(JSON.stringify(shard.snapshot())) as ShardSnapshot);
          const before = state(shard);
          const events = shard.handle(cmd);
          const { cancelOrderId, order, kind: _, ...base } = cmd;
          const cancel = twin.handle({ ...base, kind: 'cancel', orderId: cancelOrderId });
          const place = twin.handle({
            ...base,
            commandId: `${base.commandId}+`,
            kind: 'place',
            ...order,
          });
          const cancelled = cancel[0]?.type === 'ACCEPTED';
          const refusal = place[0]?.type === 'REJECTED' ? place[0].code : 0;
          if (cancelled && refusal === 0) {
            const replaced = cancel
              .slice(1)
              .map((e) =>
                e.type === 'ORDER_STATUS' && e.reason === 'USER' ? { ...e, reason: 'REPLACED' } : e,
              );
            expect(bare(events)).toEqual(bare([...replaced, ...place] as EngineEvent[]));
            expect(state(shard)).toEqual(state(twin));
          } else {
            expect(events).toEqual([
              expect.objectContaining({
                type: 'REJECTED',
                orderId: order.orderId,
                code: refusal || 3014,
              }),
            ]);
            expect(state(shard)).toEqual(before);
          }
          shard.book(1, SYMBOL)?.book.validateInternalState();
        }
      }),
      { numRuns: 200 },
    );
  });
});
