import { OrderBook, Side } from 'nodejs-order-book';
import { BATCH, type ResolvedWorkload } from './command-path.js';
import { OP_CANCEL, OP_LIMIT } from './workload.js';

/** nodejs-order-book's calls for one operation; ids are strings in its API. */
interface Call {
  op: number;
  id: string;
  side: Side;
  price: number;
  size: number;
}

function calls(r: ResolvedWorkload, from: number, to: number): Call[] {
  const { w } = r;
  const out: Call[] = [];
  for (let i = from; i < to; i++) {
    const op = w.op[i] as number;
    if (op === OP_CANCEL && r.cancelIds[i] === 0) continue;
    out.push({
      op,
      id: String(op === OP_CANCEL ? r.cancelIds[i] : w.id[i]),
      side: w.side[i] === 0 ? Side.BUY : Side.SELL,
      price: w.price[i] as number,
      size: w.qty[i] as number,
    });
  }
  return out;
}

/**
 * The same resolved workload through nodejs-order-book (limit, market and cancel calls, its
 * default options), as the reference of the run: the machine is shared, so figures are only
 * comparable within one run. Its calls are made a batch at a time outside the clock, as the
 * engine's commands are. Its book may hold other orders than the engine's (it has no
 * self-trade prevention by default), so a cancel may find nothing; it is made all the same.
 */
export function runNodejsOrderBook(r: ResolvedWorkload): { seconds: number; resting: number } {
  const book = new OrderBook();
  const n = r.w.op.length;
  let elapsed = 0n;
  for (let from = 0; from < n; from += BATCH) {
    const batch = calls(r, from, Math.min(n, from + BATCH));
    const start = process.hrtime.bigint();
    for (const c of batch) {
      if (c.op === OP_LIMIT) book.limit({ id: c.id, side: c.side, size: c.size, price: c.price });
      else if (c.op === OP_CANCEL) book.cancel(c.id);
      else book.market({ side: c.side, size: c.size });
    }
    elapsed += process.hrtime.bigint() - start;
  }
  const [asks, bids] = book.depth();
  return { seconds: Number(elapsed) / 1e9, resting: asks.length + bids.length };
}
