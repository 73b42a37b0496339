import type { RestingOrder } from './order-book.js';

const NIL = -1;

function grownF64(a: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}
function grownI32(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/**
 * Struct-of-arrays storage for the fast book: orders and price levels are slot indexes into
 * typed arrays, recycled through free lists, so the hot path never allocates or collects.
 * Lots and ticks are Float64 because they may exceed 2^31 (they stay below 2^53).
 */
export class OrderPool {
  oId = new Float64Array(0);
  oUser = new Float64Array(0);
  oPrice = new Float64Array(0);
  oVis = new Float64Array(0);
  oHid = new Float64Array(0);
  oPeak = new Float64Array(0);
  oFilled = new Float64Array(0);
  oNext = new Int32Array(0);
  oPrev = new Int32Array(0);
  oLevel = new Int32Array(0);
  oSide = new Int32Array(0);
  private oFree = new Int32Array(0);
  private oFreeTop = 0;

  lPrice = new Float64Array(0);
  lVol = new Float64Array(0);
  /**
   * Hidden lots of the level's icebergs: with lVol, everything that may yet be shown there
   * (the engine bounds that total by 2^53 - 1, so refills keep lVol exact).
   */
  lHid = new Float64Array(0);
  lHead = new Int32Array(0);
  lTail = new Int32Array(0);
  private lFree = new Int32Array(0);
  private lFreeTop = 0;

  constructor(orders = 1 << 16, levels = 1 << 10) {
    this.growOrders(orders);
    this.growLevels(levels);
  }

  allocOrder(
    id: number,
    user: number,
    side: number,
    price: number,
    vis: number,
    hid: number,
    peak: number,
    filled: number,
  ): number {
    if (this.oFreeTop === 0) this.growOrders(this.oId.length * 2);
    const o = this.oFree[--this.oFreeTop] as number;
    this.oId[o] = id;
    this.oUser[o] = user;
    this.oSide[o] = side;
    this.oPrice[o] = price;
    this.oVis[o] = vis;
    this.oHid[o] = hid;
    this.oPeak[o] = peak;
    this.oFilled[o] = filled;
    return o;
  }

  freeOrder(o: number): void {
    this.oFree[this.oFreeTop++] = o;
  }

  allocLevel(price: number): number {
    if (this.lFreeTop === 0) this.growLevels(this.lPrice.length * 2);
    const l = this.lFree[--this.lFreeTop] as number;
    this.lPrice[l] = price;
    this.lVol[l] = 0;
    this.lHid[l] = 0;
    this.lHead[l] = NIL;
    this.lTail[l] = NIL;
    return l;
  }

  freeLevel(l: number): void {
    this.lFree[this.lFreeTop++] = l;
  }

  /** Links order `o` at the back of level `l`. */
  append(o: number, l: number): void {
    const tail = this.lTail[l] as number;
    this.oPrev[o] = tail;
    this.oNext[o] = NIL;
    this.oLevel[o] = l;
    if (tail === NIL) this.lHead[l] = o;
    else this.oNext[tail] = o;
    this.lTail[l] = o;
  }

  unlink(o: number, l: number): void {
    const prev = this.oPrev[o] as number;
    const next = this.oNext[o] as number;
    if (prev === NIL) this.lHead[l] = next;
    else this.oNext[prev] = next;
    if (next === NIL) this.lTail[l] = prev;
    else this.oPrev[next] = prev;
  }

  read(o: number): RestingOrder {
    return {
      orderId: this.oId[o] as number,
      userId: this.oUser[o] as number,
      side: this.oSide[o] as number,
      price: this.oPrice[o] as number,
      visible: this.oVis[o] as number,
      hidden: this.oHid[o] as number,
      peak: this.oPeak[o] as number,
      filled: this.oFilled[o] as number,
    };
  }

  /** Checks one level's list and volume; returns its order count. */
  validateLevel(l: number, side: number): number {
    let count = 0;
    let vol = 0;
    let hid = 0;
    let prev = NIL;
    for (let o = this.lHead[l] as number; o !== NIL; o = this.oNext[o] as number) {
      if (this.oPrev[o] !== prev) throw new Error(`broken back link at order ${this.oId[o]}`);
      if (this.oLevel[o] !== l || this.oSide[o] !== side || this.oPrice[o] !== this.lPrice[l])
        throw new Error(`order ${this.oId[o]} filed at the wrong level`);
      if ((this.oVis[o] as number) <= 0 || (this.oHid[o] as number) < 0)
        throw new Error(`bad quantities on ${this.oId[o]}`);
      vol += this.oVis[o] as number;
      hid += this.oHid[o] as number;
      prev = o;
      count++;
    }
    if (this.lTail[l] !== prev) throw new Error(`level ${this.lPrice[l]} tail is stale`);
    if (count === 0) throw new Error(`empty level ${this.lPrice[l]} left in the ladder`);
    if (vol !== this.lVol[l])
      throw new Error(`level ${this.lPrice[l]} volume ${this.lVol[l]} but orders sum to ${vol}`);
    if (hid !== this.lHid[l])
      throw new Error(`level ${this.lPrice[l]} hidden ${this.lHid[l]} but orders sum to ${hid}`);
    if (vol + hid > Number.MAX_SAFE_INTEGER)
      throw new Error(`level ${this.lPrice[l]} holds ${vol} + ${hid} lots, past 2^53 - 1`);
    return count;
  }

  private growOrders(n: number): void {
    const old = this.oId.length;
    this.oId = grownF64(this.oId, n);
    this.oUser = grownF64(this.oUser, n);
    this.oPrice = grownF64(this.oPrice, n);
    this.oVis = grownF64(this.oVis, n);
    this.oHid = grownF64(this.oHid, n);
    this.oPeak = grownF64(this.oPeak, n);
    this.oFilled = grownF64(this.oFilled, n);
    this.oNext = grownI32(this.oNext, n);
    this.oPrev = grownI32(this.oPrev, n);
    this.oLevel = grownI32(this.oLevel, n);
    this.oSide = grownI32(this.oSide, n);
    this.oFree = grownI32(this.oFree, n);
    // Lowest slots on top of the free stack, so slots are handed out in order.
    for (let i = n - 1; i >= old; i--) this.oFree[this.oFreeTop++] = i;
  }

  private growLevels(n: number): void {
    const old = this.lPrice.length;
    this.lPrice = grownF64(this.lPrice, n);
    this.lVol = grownF64(this.lVol, n);
    this.lHid = grownF64(this.lHid, n);
    this.lHead = grownI32(this.lHead, n);
    this.lTail = grownI32(this.lTail, n);
    this.lFree = grownI32(this.lFree, n);
    for (let i = n - 1; i >= old; i--) this.lFree[this.lFreeTop++] = i;
  }
}
