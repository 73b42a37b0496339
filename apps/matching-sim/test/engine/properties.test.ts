import fc from 'fast-check';
import type { EngineCommand, EngineEvent } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../src/engine/fast-book.js';
import { fires } from '../../src/engine/pending-orders.js';
import { PlaceParams } from '../../src/engine/place-params.js';
import { ReferenceBook } from '../../src/engine/reference-book.js';
import { ShardEngine } from '../../src/engine/shard-engine.js';
import { commandSequence, nearBoundSequence } from './arbitraries.js';
import { SYMBOL, specs } from './helpers.js';
import { checkConservation, checkPriority } from './invariants.js';

const runs = { numRuns: 150 };
const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const fresh = (fast: boolean) =>
  new ShardEngine(specs, () => (fast ? new FastBook() : new ReferenceBook()));

describe('random command sequences', () => {
  it('give the same events on the fast book as on the reference book, never crossing', () => {
    fc.assert(
      fc.property(commandSequence(80), (cmds) => {
        const ref = fresh(false);
        const fast = fresh(true);
        for (const cmd of cmds) {
          expect(fast.handle(cmd)).toEqual(ref.handle(cmd));
          ref.book(1, SYMBOL)?.book.validateInternalState();
          fast.book(1, SYMBOL)?.book.validateInternalState();
        }
        expect(fast.stateHash()).toBe(ref.stateHash());
      }),
      runs,
    );
  });

  it('conserve quantity and keep price-time priority', () => {
    fc.assert(
      fc.property(commandSequence(80), fc.boolean(), (cmds, useFast) => {
        const shard = fresh(useFast);
        const log: EngineEvent[] = [];
        for (const cmd of cmds) {
          const before = shard.book(1, SYMBOL)?.book.orders() ?? [];
          const events = shard.handle(cmd);
          checkPriority(before, events);
          log.push(...events);
        }
        checkConservation(cmds, log, shard);
      }),
      runs,
    );
  });

  it('keep iceberg, trigger and trailing rules after every command', () => {
    fc.assert(
      fc.property(commandSequence(80), (cmds) => {
        const shard = fresh(true);
        let lastTrade = -1;
        const placed = new Map<number, EngineCommand>();
        // Trailing orders: the highest (sell) or lowest (buy) trade price since activation.
        const extremes = new Map<number, number>();
        for (const cmd of cmds) {
          if (cmd.kind === 'place') placed.set(cmd.orderId, cmd);
          if (cmd.kind === 'cancel-place') placed.set(cmd.order.orderId, cmd);
          // Stops are checked against every price the command traded at (and, for a stop
          // placed now, the last price before it): the prices a firing may have happened at.
          const seen = [lastTrade];
          for (const e of shard.handle(cmd)) {
            if (e.type === 'TRADE') {
              lastTrade = e.price;
              seen.push(e.price);
              for (const [id, x] of extremes)
                extremes.set(
                  id,
                  orderOf(placed, id)?.side === 'SELL'
                    ? Math.max(x, e.price)
                    : Math.min(x, e.price),
                );
            }
            if (e.type !== 'ORDER_STATUS') continue;
            const o = orderOf(placed, e.orderId);
            if (e.status === 'TRAILING') {
              // Activation needs a known price at or beyond the activation price.
              expect(lastTrade).toBeGreaterThan(0);
              if (o?.activationPrice !== undefined)
                expect(
                  seen.some((p) =>
                    o.side === 'SELL'
                      ? p >= (o.activationPrice ?? 0)
                      : p <= (o.activationPrice ?? 0),
                  ),
                ).toBe(true);
              // The extreme starts at the first price that activated it (the engine checks after
              // every trade) and runs over the command's later prices.
              const act = o?.activationPrice;
              const known = seen.filter((p) => p > 0);
              const from = known.findIndex((p) =>
                act === undefined ? true : o?.side === 'SELL' ? p >= act : p <= act,
              );
              const since = known.slice(Math.max(0, from));
              extremes.set(e.orderId, o?.side === 'SELL' ? Math.max(...since) : Math.min(...since));
            }
            if (e.status === 'TRIGGERED') {
              expect(lastTrade).toBeGreaterThan(0);
              if (o?.type === 'TRIGGER')
                expect(
                  seen.some(
                    (p) =>
                      p > 0 &&
                      (o.triggerDirection === 'ABOVE'
                        ? p >= (o.triggerPrice ?? 0)
                        : p <= (o.triggerPrice ?? 0)),
                  ),
                ).toBe(true);
              if (o?.type === 'TRAILING') {
                // Fired on a retrace of at least trailingDelta from an extreme since activation.
                const delta = o.trailingDelta ?? 0;
                expect(extremes.get(e.orderId)).toBeDefined();
                const moved = seen.filter((p) => p > 0);
                expect(
                  moved.some((p, i) => {
                    const upTo = moved.slice(0, i + 1);
                    return o.side === 'SELL'
                      ? p <= Math.max(...upTo) - delta ||
                          p <= (extremes.get(e.orderId) ?? 0) - delta
                      : p >= Math.min(...upTo) + delta ||
                          p >= (extremes.get(e.orderId) ?? 0) + delta;
                  }),
                ).toBe(true);
                extremes.delete(e.orderId);
              }
            }
          }
          const engine = shard.book(1, SYMBOL);
          if (engine === undefined) continue;
          const state = engine.state();
          // Nothing left waiting that the last price should have fired.
          for (const p of state.pending)
            expect(
              fires({ ...p, params: Object.assign(new PlaceParams(), p.params) }, engine.lastPrice),
            ).toBe(false);
          let shown = 0;
          for (const o of engine.book.orders()) {
            if (o.peak > 0) expect(o.visible).toBeLessThanOrEqual(o.peak);
            else expect(o.hidden).toBe(0);
            shown += o.visible;
          }
          const depth = [...engine.book.depth(0, 1000), ...engine.book.depth(1, 1000)].reduce(
            (s, [, q]) => s + q,
            0,
          );
          expect(depth).toBe(shown);
        }
      }),
      runs,
    );
  });

  it('replayed from any snapshot reach the same state hash', () => {
    fc.assert(
      fc.property(commandSequence(60), fc.nat(), fc.boolean(), (cmds, at, useFast) => {
        const cut = at % (cmds.length + 1);
        const original = fresh(useFast);
        cmds.slice(0, cut).forEach((c) => original.handle(c));
        const snapshot = JSON.parse(JSON.stringify(original.snapshot())) as ReturnType<
          ShardEngine['snapshot']
        >;
        const tail = cmds.slice(cut).map((c) => original.handle(c));
        // The replica restores into the other implementation: snapshots are book-neutral.
        const replica = fresh(!useFast);
        replica.restore(snapshot);
        expect(cmds.slice(cut).map((c) => replica.handle(c))).toEqual(tail);
        expect(replica.stateHash()).toBe(original.stateHash());
      }),
      runs,
    );
  });
});

describe('quantities near 2^53 lots', () => {
  it('publish every level as the exact sum of its resting orders, never past 2^53 - 1', () => {
    fc.assert(
      fc.property(nearBoundSequence(40), fc.nat(), (cmds, at) => {
        const ref = fresh(false);
        const fast = fresh(true);
        const cut = at % (cmds.length + 1);
        let snapshot: ReturnType<ShardEngine['snapshot']> | undefined;
        const tail: EngineEvent[][] = [];
        cmds.forEach((cmd, i) => {
          if (i === cut) snapshot = JSON.parse(JSON.stringify(fast.snapshot())) as typeof snapshot;
          const events = fast.handle(cmd);
          if (i >= cut) tail.push(events);
          expect(events).toEqual(ref.handle(cmd));
          const engine = fast.book(1, SYMBOL);
          if (engine === undefined) return;
          engine.book.validateInternalState();
          // What rests at each level, summed exactly, visible and hidden lots apart.
          const shown = new Map<string, bigint>();
          const all = new Map<string, bigint>();
          for (const o of engine.book.orders()) {
            const key = `${o.side === 0 ? 'BUY' : 'SELL'} ${o.price}`;
            shown.set(key, (shown.get(key) ?? 0n) + BigInt(o.visible));
            all.set(key, (all.get(key) ?? 0n) + BigInt(o.visible) + BigInt(o.hidden));
          }
          for (const total of all.values()) expect(total <= MAX).toBe(true);
          // A level published twice in one command ends at its last delta.
          const published = new Map<string, number>();
          for (const e of events)
            if (e.type === 'BOOK_DELTA') published.set(`${e.side} ${e.price}`, e.quantity);
          for (const [key, qty] of published) {
            expect(Number.isSafeInteger(qty), `${key}: ${qty}`).toBe(true);
            expect(BigInt(qty), key).toBe(shown.get(key) ?? 0n);
          }
          for (const side of [0, 1])
            for (const [price, qty] of engine.book.depth(side, 10))
              expect(BigInt(qty)).toBe(shown.get(`${side === 0 ? 'BUY' : 'SELL'} ${price}`));
        });
        // A replica restored from a snapshot taken anywhere agrees with the live engine.
        snapshot ??= JSON.parse(JSON.stringify(fast.snapshot())) as typeof snapshot;
        const replica = fresh(false);
        if (snapshot) replica.restore(snapshot);
        expect(cmds.slice(cut).map((c) => replica.handle(c))).toEqual(tail);
        expect(replica.stateHash()).toBe(fast.stateHash());
      }),
      { numRuns: 300 },
    );
  });
});

function orderOf(placed: Map<number, EngineCommand>, id: number) {
  const c = placed.get(id);
  return c?.kind === 'place' ? c : c?.kind === 'cancel-place' ? c.order : undefined;
}
