/**
 * The active price levels of one side, sorted so the best price is always the last entry:
 * reading or removing the best level is O(1), and inserting a level away from the top moves
 * only the few levels in front of it (books cluster near the touch). Keys are the price for
 * bids and minus the price for asks, so both sides sort ascending.
 */
export class PriceLadder {
  keys = new Float64Array(256);
  levels = new Int32Array(256);
  length = 0;

  constructor(private readonly sign: 1 | -1) {}

  /** Level index of the best price, or -1. */
  best(): number {
    return this.length === 0 ? -1 : (this.levels[this.length - 1] as number);
  }

  /** Level index at `price`, or -1. */
  find(price: number): number {
    const i = this.search(price * this.sign);
    return i < this.length && this.keys[i] === price * this.sign ? (this.levels[i] as number) : -1;
  }

  insert(price: number, level: number): void {
    const key = price * this.sign;
    if (this.length === this.keys.length) this.grow();
    const i = this.search(key);
    if (i < this.length) {
      this.keys.copyWithin(i + 1, i, this.length);
      this.levels.copyWithin(i + 1, i, this.length);
    }
    this.keys[i] = key;
    this.levels[i] = level;
    this.length++;
  }

  remove(price: number): void {
    const key = price * this.sign;
    const n = this.length;
    if (n > 0 && this.keys[n - 1] === key) {
      this.length = n - 1;
      return;
    }
    const i = this.search(key);
    this.keys.copyWithin(i, i + 1, n);
    this.levels.copyWithin(i, i + 1, n);
    this.length = n - 1;
  }

  /** First index whose key is >= key. Searches from the top first: most changes are there. */
  private search(key: number): number {
    const k = this.keys;
    let hi = this.length;
    if (hi === 0 || (k[hi - 1] as number) < key) return hi;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((k[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    const levels = new Int32Array(this.levels.length * 2);
    levels.set(this.levels);
    this.keys = keys;
    this.levels = levels;
  }
}
