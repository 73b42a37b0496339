import { EventBuffer } from '../src/engine/event-buffer.js';
import { EV_STATUS, RS_USER, ST_CANCELED, ST_FILLED } from '../src/engine/codes.js';
import { FastBook } from '../src/engine/fast-book.js';
import type { OrderBook } from '../src/engine/order-book.js';
import { PlaceParams, T_LIMIT, T_MARKET } from '../src/engine/place-params.js';
import { SymbolEngine } from '../src/engine/symbol-engine.js';
import { OP_CANCEL, OP_LIMIT, type Workload } from './workload.js';

export interface RunResult {
  seconds: number;
  samples: Float64Array;
  events: number;
  resting: number;
}

/**
 * Runs a workload through one symbol engine in process. Every `sampleEvery`-th operation is
 * timed alone (two hrtime reads); the rest run untimed, so the clock does not dominate.
 * `targets`, when given, receives the order each cancel picked (0: none rested) and its user:
 * what the other runs of the same workload cancel.
 */
export function runWorkload(
  w: Workload,
  sampleEvery: number,
  book: OrderBook = new FastBook(),
  targets?: { ids: Float64Array; users: Float64Array },
): RunResult {
  const engine = new SymbolEngine(book, { minQty: 1, minNotional: 1 });
  const out = new EventBuffer();
  const p = new PlaceParams();
  const n = w.op.length;
  const samples = new Float64Array(Math.ceil(n / sampleEvery));
  let s = 0;
  let events = 0;
  const live = new LiveOrders(n + 1);
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const timed = i % sampleEvery === 0;
    const t0 = timed ? process.hrtime.bigint() : 0n;
    out.reset();
    const op = w.op[i];
    if (op === OP_CANCEL) {
      const id = live.pick(w.id[i] as number);
      if (id > 0) engine.cancel(id, live.user(id), RS_USER, out);
      if (targets !== undefined) {
        targets.ids[i] = id;
        targets.users[i] = id > 0 ? live.user(id) : 0;
      }
    } else {
      p.orderId = op === OP_LIMIT ? (w.id[i] as number) : 0x10000000 + i;
      p.userId = w.user[i] as number;
      p.side = w.side[i] as number;
      p.type = op === OP_LIMIT ? T_LIMIT : T_MARKET;
      p.price = op === OP_LIMIT ? (w.price[i] as number) : 0;
      p.qty = w.qty[i] as number;
      engine.place(p, out);
      if (op === OP_LIMIT && book.has(p.orderId)) live.add(p.orderId, p.userId);
    }
    live.forget(out);
    events += out.length;
    if (timed) samples[s++] = Number(process.hrtime.bigint() - t0);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { seconds, samples, events, resting: book.size() };
}

/** The ids of resting orders, densely packed so a cancel can pick one uniformly in O(1). */
class LiveOrders {
  private readonly ids: Int32Array;
  private readonly pos: Int32Array;
  private readonly users: Float64Array;
  private count = 0;

  constructor(maxId: number) {
    this.ids = new Int32Array(maxId);
    this.pos = new Int32Array(maxId).fill(-1);
    this.users = new Float64Array(maxId);
  }

  add(id: number, user: number): void {
    this.pos[id] = this.count;
    this.ids[this.count++] = id;
    this.users[id] = user;
  }

  user(id: number): number {
    return this.users[id] as number;
  }

  /** The live order at fraction `f` of the list, or 0 when none rests. */
  pick(f: number): number {
    return this.count === 0 ? 0 : (this.ids[Math.floor(f * this.count)] as number);
  }

  /** Drops orders the last operation filled or cancelled. */
  forget(out: EventBuffer): void {
    for (let r = 0; r < out.length; r++) {
      if (out.at(r, 0) !== EV_STATUS) continue;
      const st = out.at(r, 3);
      if (st !== ST_FILLED && st !== ST_CANCELED) continue;
      const id = out.at(r, 1);
      const at = id < this.pos.length ? (this.pos[id] as number) : -1;
      if (at < 0) continue;
      const last = this.ids[--this.count] as number;
      this.ids[at] = last;
      this.pos[last] = at;
      this.pos[id] = -1;
    }
  }
}

export function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
