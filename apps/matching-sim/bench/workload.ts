/**
 * The benchmark workload of issue 4, generated up front from a seed so that generating costs
 * nothing during the timed run: 70% limit orders (side random, 1-100 lots, price offset from the
 * mid uniform in [minOffset, maxOffset], buys below and sells above), 20% cancels of a random
 * earlier order still resting (which one is drawn here as a fraction of the live orders and
 * resolved during the run, since only matching knows what still rests), 10% market orders of
 * 1-100 lots.
 */
import { seededRandom } from '@exchange/contracts';

export const OP_LIMIT = 0;
export const OP_CANCEL = 1;
export const OP_MARKET = 2;

export interface Workload {
  op: Uint8Array;
  side: Uint8Array;
  price: Float64Array;
  qty: Float64Array;
  /** Limit orders: the new order id; cancels: which live order, as a fraction in [0, 1). */
  id: Float64Array;
  user: Float64Array;
}

export function generate(
  n: number,
  seed: number,
  minOffset: number,
  maxOffset: number,
  mid = 1_000_000,
  firstId = 1,
): Workload {
  const r = seededRandom(seed);
  const w: Workload = {
    op: new Uint8Array(n),
    side: new Uint8Array(n),
    price: new Float64Array(n),
    qty: new Float64Array(n),
    id: new Float64Array(n),
    user: new Float64Array(n),
  };
  let nextId = firstId;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  for (let i = 0; i < n; i++) {
    const x = r();
    const side = r() < 0.5 ? 0 : 1;
    w.side[i] = side;
    w.user[i] = int(1, 10_000);
    if (x < 0.7) {
      const offset = int(minOffset, maxOffset);
      w.op[i] = OP_LIMIT;
      w.price[i] = side === 0 ? mid - offset : mid + offset;
      w.qty[i] = int(1, 100);
      w.id[i] = nextId++;
    } else if (x < 0.9) {
      w.op[i] = OP_CANCEL;
      w.id[i] = r();
    } else {
      w.op[i] = OP_MARKET;
      w.qty[i] = int(1, 100);
    }
  }
  return w;
}
