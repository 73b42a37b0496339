import type { EngineEvent } from '@exchange/contracts';

type Delta = Extract<EngineEvent, { type: 'BOOK_DELTA' }>;

export interface DepthSnapshot {
  /** Seq of the last event applied: increments with a higher seq follow this snapshot. */
  seq: number;
  /** [price ticks, visible lots], best first. */
  bids: [number, number][];
  asks: [number, number][];
}

export interface DepthIncrement {
  seq: number;
  side: 'BUY' | 'SELL';
  price: number;
  /** New visible lots at the level; 0 removes it. */
  quantity: number;
}

/**
 * L2 depth of one book rebuilt from BOOK_DELTA events. A client takes a snapshot, then applies
 * increments whose seq is above the snapshot's (the same rule applyIncrement enforces here).
 */
export class L2Depth {
  seq = 0;
  private readonly bids = new Map<number, number>();
  private readonly asks = new Map<number, number>();

  /** Applies one delta; returns the increment to publish, or undefined if it was stale. */
  apply(e: Delta): DepthIncrement | undefined {
    return this.applyIncrement({ seq: e.seq, side: e.side, price: e.price, quantity: e.quantity });
  }

  applyIncrement(i: DepthIncrement): DepthIncrement | undefined {
    if (i.seq <= this.seq) return undefined;
    this.seq = i.seq;
    const side = i.side === 'BUY' ? this.bids : this.asks;
    if (i.quantity === 0) side.delete(i.price);
    else side.set(i.price, i.quantity);
    return i;
  }

  snapshot(levels = 100): DepthSnapshot {
    return {
      seq: this.seq,
      bids: top(this.bids, levels, (a, b) => b - a),
      asks: top(this.asks, levels, (a, b) => a - b),
    };
  }

  static from(s: DepthSnapshot): L2Depth {
    const d = new L2Depth();
    d.seq = s.seq;
    for (const [p, q] of s.bids) d.bids.set(p, q);
    for (const [p, q] of s.asks) d.asks.set(p, q);
    return d;
  }

  bestBid(): [number, number] | undefined {
    return top(this.bids, 1, (a, b) => b - a)[0];
  }

  bestAsk(): [number, number] | undefined {
    return top(this.asks, 1, (a, b) => a - b)[0];
  }
}

function top(
  levels: Map<number, number>,
  n: number,
  order: (a: number, b: number) => number,
): [number, number][] {
  if (n === 1) {
    let best: number | undefined;
    for (const p of levels.keys()) if (best === undefined || order(p, best) < 0) best = p;
    return best === undefined ? [] : [[best, levels.get(best) ?? 0]];
  }
  return [...levels.keys()]
    .sort(order)
    .slice(0, n)
    .map((p) => [p, levels.get(p) ?? 0]);
}
