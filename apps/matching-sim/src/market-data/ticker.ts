const DAY = 24 * 60 * 60_000;

interface Point {
  ts: number;
  price: number;
  qty: number;
}

export interface Ticker24h {
  /** Price 24 hours ago (first trade in the window); undefined without trades. */
  open?: number;
  last?: number;
  high?: number;
  low?: number;
  /** last - open, in ticks. */
  change: number;
  /** Change in basis points of open (integer, rounded toward zero). */
  changeBps: number;
  volume: number;
  quoteVolume: number;
  trades: number;
}

/**
 * A rolling 24-hour ticker. High and low over a sliding window come from monotonic deques, so
 * each trade costs O(1) amortised however many trades the window holds.
 */
export class RollingTicker {
  private readonly window: Point[] = [];
  private head = 0;
  private readonly maxQ: Point[] = [];
  private readonly minQ: Point[] = [];
  private volume = 0;
  private quoteVolume = 0;
  private lastPrice: number | undefined;

  add(ts: number, price: number, qty: number): void {
    const p = { ts, price, qty };
    this.window.push(p);
    this.volume += qty;
    this.quoteVolume += price * qty;
    this.lastPrice = price;
    while ((this.maxQ[this.maxQ.length - 1]?.price ?? Infinity) <= price) this.maxQ.pop();
    this.maxQ.push(p);
    while ((this.minQ[this.minQ.length - 1]?.price ?? -Infinity) >= price) this.minQ.pop();
    this.minQ.push(p);
  }

  /** The ticker as of `now`: trades at or before now - 24h have left the window. */
  at(now: number): Ticker24h {
    const from = now - DAY;
    for (
      let p = this.window[this.head];
      p !== undefined && p.ts <= from;
      p = this.window[this.head]
    ) {
      this.head++;
      this.volume -= p.qty;
      this.quoteVolume -= p.price * p.qty;
      if (this.maxQ[0] === p) this.maxQ.shift();
      if (this.minQ[0] === p) this.minQ.shift();
    }
    if (this.head > 1024 && this.head * 2 > this.window.length) {
      this.window.splice(0, this.head);
      this.head = 0;
    }
    const open = this.window[this.head]?.price;
    const trades = this.window.length - this.head;
    if (open === undefined) {
      const quiet: Ticker24h = { change: 0, changeBps: 0, volume: 0, quoteVolume: 0, trades: 0 };
      if (this.lastPrice !== undefined) quiet.last = this.lastPrice;
      return quiet;
    }
    const last = this.lastPrice ?? open;
    return {
      open,
      last,
      high: this.maxQ[0]?.price ?? last,
      low: this.minQ[0]?.price ?? last,
      change: last - open,
      changeBps: Math.trunc(((last - open) * 10_000) / open),
      volume: this.volume,
      quoteVolume: this.quoteVolume,
      trades,
    };
  }
}
