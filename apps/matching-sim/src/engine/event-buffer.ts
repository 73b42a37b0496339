import { EV_DELTA, EV_STATUS, EV_TRADE } from './codes.js';

/** Fields per record: kind plus up to seven numbers. */
export const STRIDE = 8;

/**
 * Events of one command as flat numeric records in a reusable Float64Array, so matching
 * allocates no objects; the shard decodes them into contract events afterwards (or a
 * benchmark just counts them). The buffer only grows, and is reset per command.
 */
export class EventBuffer {
  data = new Float64Array(STRIDE * 1024);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  push(
    kind: number,
    a: number,
    b: number,
    c: number,
    d: number,
    e: number,
    f: number,
    g: number,
  ): void {
    let i = this.length * STRIDE;
    if (i + STRIDE > this.data.length) this.grow();
    const x = this.data;
    x[i++] = kind;
    x[i++] = a;
    x[i++] = b;
    x[i++] = c;
    x[i++] = d;
    x[i++] = e;
    x[i++] = f;
    x[i] = g;
    this.length++;
  }

  trade(
    makerId: number,
    makerUser: number,
    takerId: number,
    takerUser: number,
    price: number,
    qty: number,
    takerSide: number,
  ): void {
    this.push(EV_TRADE, makerId, makerUser, takerId, takerUser, price, qty, takerSide);
  }

  status(
    orderId: number,
    userId: number,
    status: number,
    filled: number,
    remaining: number,
    reason: number,
  ): void {
    this.push(EV_STATUS, orderId, userId, status, filled, remaining, reason, 0);
  }

  delta(side: number, price: number, qty: number): void {
    this.push(EV_DELTA, side, price, qty, 0, 0, 0, 0);
  }

  /** Field `field` (0 = kind) of record `index`. */
  at(index: number, field: number): number {
    return this.data[index * STRIDE + field] ?? 0;
  }

  /** Plain copies of the records, for tests and comparisons. */
  toArrays(): number[][] {
    const out: number[][] = [];
    for (let i = 0; i < this.length; i++)
      out.push(Array.from(this.data.subarray(i * STRIDE, (i + 1) * STRIDE)));
    return out;
  }

  private grow(): void {
    const next = new Float64Array(this.data.length * 2);
    next.set(this.data);
    this.data = next;
  }
}
