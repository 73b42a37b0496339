import type { EngineCommand, EngineEvent } from '@exchange/contracts';
import { expect } from 'vitest';
import type { RestingOrder } from '../../src/engine/order-book.js';
import type { ShardEngine } from '../../src/engine/shard-engine.js';
import { SYMBOL } from './helpers.js';

/**
 * Within one command the taker meets makers best price first and, at one price, in the order
 * they rested before the command (an iceberg may come back after its refill).
 */
export function checkPriority(before: RestingOrder[], events: EngineEvent[]): void {
  const rank = new Map(before.map((o, i) => [o.orderId, i]));
  const icebergs = new Set(before.filter((o) => o.peak > 0).map((o) => o.orderId));
  let lastPrice = -1;
  let lastRank = -1;
  let takerSide: string | undefined;
  let taker = -1;
  for (const e of events) {
    if (e.type !== 'TRADE') continue;
    if (e.takerOrderId !== taker) {
      // A triggered order is a new taker within the same command.
      taker = e.takerOrderId;
      lastPrice = -1;
      lastRank = -1;
      takerSide = e.takerSide;
    }
    if (lastPrice >= 0)
      expect(takerSide === 'BUY' ? e.price >= lastPrice : e.price <= lastPrice).toBe(true);
    const r = rank.get(e.makerOrderId);
    if (r !== undefined && e.price === lastPrice && !icebergs.has(e.makerOrderId))
      expect(r).toBeGreaterThan(lastRank);
    if (e.price !== lastPrice) lastRank = -1;
    lastPrice = e.price;
    if (r !== undefined && !icebergs.has(e.makerOrderId)) lastRank = Math.max(lastRank, r);
  }
}

/** For every lot-sized order accepted: filled + resting + cancelled = ordered. */
export function checkConservation(
  cmds: EngineCommand[],
  log: EngineEvent[],
  shard: ShardEngine,
): void {
  const ordered = new Map<number, number>();
  for (const c of cmds) {
    const o = c.kind === 'place' ? c : c.kind === 'cancel-place' ? c.order : undefined;
    if (o?.quantity !== undefined) ordered.set(o.orderId, o.quantity);
  }
  const accepted = new Set<number>();
  const filled = new Map<number, number>();
  const cancelled = new Map<number, number>();
  const add = (m: Map<number, number>, k: number, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const e of log) {
    if (e.type === 'ACCEPTED' && ordered.has(e.orderId)) accepted.add(e.orderId);
    if (e.type === 'TRADE') {
      add(filled, e.makerOrderId, e.quantity);
      add(filled, e.takerOrderId, e.quantity);
    }
    if (e.type === 'ORDER_STATUS' && (e.status === 'CANCELED' || e.status === 'EXPIRED'))
      add(cancelled, e.orderId, e.remainingQuantity);
    if (e.type === 'ORDER_STATUS') expect(e.filledQuantity).toBe(filled.get(e.orderId) ?? 0);
  }
  const engine = shard.book(1, SYMBOL);
  const state = engine?.state();
  const resting = new Map<number, number>();
  for (const o of engine?.book.orders() ?? []) resting.set(o.orderId, o.visible + o.hidden);
  for (const p of state?.pending ?? []) resting.set(p.params.orderId, p.params.qty);
  for (const id of accepted) {
    const qty = ordered.get(id) ?? 0;
    expect(
      (filled.get(id) ?? 0) + (resting.get(id) ?? 0) + (cancelled.get(id) ?? 0),
      `order ${id}`,
    ).toBe(qty);
  }
}
