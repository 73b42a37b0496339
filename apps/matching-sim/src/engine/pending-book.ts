import { fires, followPrice, type PendingOrder } from './pending-orders.js';
import { DIR_ABOVE, T_TRAILING } from './place-params.js';

interface Entry extends PendingOrder {
  seq: number;
}

/**
 * Stop and trailing orders waiting for their price. Stops sit in two lists sorted by trigger
 * price, so only the front of each is looked at after a trade; trailing orders move with
 * every price and are scanned. Orders fire oldest first, one at a time, since each firing
 * can move the price again.
 */
export class PendingBook {
  /** ABOVE stops, lowest trigger first; BELOW stops, highest first. */
  private readonly above: Entry[] = [];
  private readonly below: Entry[] = [];
  private readonly trailing: Entry[] = [];
  private readonly byId = new Map<number, Entry>();
  private nextSeq = 0;

  get size(): number {
    return this.byId.size;
  }

  has(orderId: number): boolean {
    return this.byId.has(orderId);
  }

  get(orderId: number): PendingOrder | undefined {
    return this.byId.get(orderId);
  }

  add(o: PendingOrder): void {
    const e: Entry = Object.assign(o, { seq: this.nextSeq++ });
    this.byId.set(o.params.orderId, e);
    if (o.params.type === T_TRAILING) this.trailing.push(e);
    else if (o.params.triggerDir === DIR_ABOVE)
      insert(
        this.above,
        e,
        (a, b) => a.params.triggerPrice - b.params.triggerPrice || a.seq - b.seq,
      );
    else
      insert(
        this.below,
        e,
        (a, b) => b.params.triggerPrice - a.params.triggerPrice || a.seq - b.seq,
      );
  }

  remove(orderId: number): PendingOrder | undefined {
    const e = this.byId.get(orderId);
    if (e === undefined) return undefined;
    this.byId.delete(orderId);
    const list =
      e.params.type === T_TRAILING
        ? this.trailing
        : e.params.triggerDir === DIR_ABOVE
          ? this.above
          : this.below;
    list.splice(list.indexOf(e), 1);
    return e;
  }

  /** Moves trailing orders with price `last`; calls `activated` for each that starts trailing. */
  follow(last: number, activated: (o: PendingOrder) => void): void {
    for (const e of this.trailing) if (followPrice(e, last)) activated(e);
  }

  /** The oldest order that fires at `last`, removed from the book, or undefined. */
  takeFiring(last: number): PendingOrder | undefined {
    let best: Entry | undefined;
    // Sorted by trigger then age: the firing ones are a prefix; the oldest may be anywhere in it.
    for (const list of [this.above, this.below]) {
      for (const e of list) {
        if (!fires(e, last)) break;
        if (best === undefined || e.seq < best.seq) best = e;
      }
    }
    for (const e of this.trailing)
      if (fires(e, last) && (best === undefined || e.seq < best.seq)) best = e;
    return best && this.remove(best.params.orderId);
  }

  /** All orders, oldest first. */
  list(): PendingOrder[] {
    return [...this.byId.values()].sort((a, b) => a.seq - b.seq);
  }
}

function insert(list: Entry[], e: Entry, cmp: (a: Entry, b: Entry) => number): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(list[mid] as Entry, e) <= 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, e);
}
