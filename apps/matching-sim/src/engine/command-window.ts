/** The first answer to a command, kept to answer a retry of the same commandId. */
export interface CommandOutcome {
  firstSeq: number;
  lastSeq: number;
  accepted: boolean;
  code?: number;
}

const EMPTY = -1;

/**
 * The recent commandIds with their first answers, oldest evicted first once there are more
 * than `window`: what makes a retried command idempotent. Every command asks it and most add
 * to it, so it avoids a V8 Map of strings (a lookup, an insert and an eviction per command cost
 * more than matching): ids and outcomes sit in a ring in arrival order, found through open
 * addressing on a hash of the id's characters kept beside the slot, so a probe compares
 * strings only when the hashes agree. Deletion shifts later entries back (no tombstones).
 */
export class CommandWindow {
  private ids: string[] = [];
  private firstSeqs = new Float64Array(0);
  private lastSeqs = new Float64Array(0);
  /** The reject code, or -1 when accepted. */
  private codes = new Float64Array(0);
  private head = 0;
  size = 0;
  /** hash, ring slot (EMPTY: free) pairs. */
  private table = new Int32Array(0);
  private mask = -1;
  private shift = 32;

  constructor(readonly window: number) {
    this.resizeRing(Math.max(1, Math.min(window, 1024)));
    this.rehash(2048);
  }

  /** Ring slot of `id`, or -1. */
  find(id: string): number {
    const h = hashOf(id);
    const t = this.table;
    for (let i = this.home(h); ; i = (i + 1) & this.mask) {
      const slot = t[2 * i + 1] as number;
      if (slot === EMPTY) return -1;
      if (t[2 * i] === h && this.ids[slot] === id) return slot;
    }
  }

  outcome(slot: number): CommandOutcome {
    const code = this.codes[slot] as number;
    const o: CommandOutcome = {
      firstSeq: this.firstSeqs[slot] as number,
      lastSeq: this.lastSeqs[slot] as number,
      accepted: code < 0,
    };
    if (code >= 0) o.code = code;
    return o;
  }

  /**
   * Remembers a new id (not present) as the newest; evicts the oldest past the window, unless
   * `evict` is false (a restore keeps all it is given: each later add then evicts one).
   */
  add(id: string, firstSeq: number, lastSeq: number, code: number, evict = true): void {
    if (this.size === this.ids.length) this.resizeRing(Math.max(1, this.size * 2));
    if ((this.size + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    const slot = (this.head + this.size) % this.ids.length;
    this.ids[slot] = id;
    this.firstSeqs[slot] = firstSeq;
    this.lastSeqs[slot] = lastSeq;
    this.codes[slot] = code;
    this.size++;
    this.insert(hashOf(id), slot);
    if (evict && this.size > this.window) this.evictOldest();
  }

  /** Ids and outcomes, oldest first. */
  forEach(f: (id: string, firstSeq: number, lastSeq: number, code: number) => void): void {
    const n = this.ids.length;
    for (let i = 0; i < this.size; i++) {
      const s = (this.head + i) % n;
      f(
        this.ids[s] as string,
        this.firstSeqs[s] as number,
        this.lastSeqs[s] as number,
        this.codes[s] as number,
      );
    }
  }

  clear(): void {
    this.ids = [];
    this.head = 0;
    this.size = 0;
    this.resizeRing(Math.max(1, Math.min(this.window, 1024)));
    this.rehash(2048);
  }

  private evictOldest(): void {
    const slot = this.head;
    const id = this.ids[slot] as string;
    this.remove(hashOf(id), slot);
    this.ids[slot] = '';
    this.head = (this.head + 1) % this.ids.length;
    this.size--;
  }

  private insert(h: number, slot: number): void {
    const t = this.table;
    let i = this.home(h);
    while (t[2 * i + 1] !== EMPTY) i = (i + 1) & this.mask;
    t[2 * i] = h;
    t[2 * i + 1] = slot;
  }

  private remove(h: number, slot: number): void {
    const t = this.table;
    const mask = this.mask;
    let i = this.home(h);
    while (t[2 * i + 1] !== slot) {
      if (t[2 * i + 1] === EMPTY) return;
      i = (i + 1) & mask;
    }
    // Backward shift: move later entries of the probe run into the hole when allowed.
    let hole = i;
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const s = t[2 * j + 1] as number;
      if (s === EMPTY) break;
      const home = this.home(t[2 * j] as number);
      // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
      if (hole <= j ? home <= hole || home > j : home <= hole && home > j) {
        t[2 * hole] = t[2 * j] as number;
        t[2 * hole + 1] = s;
        hole = j;
      }
    }
    t[2 * hole + 1] = EMPTY;
  }

  private home(h: number): number {
    return Math.imul(h, 0x9e3779b1) >>> this.shift;
  }

  private rehash(capacity: number): void {
    this.table = new Int32Array(capacity * 2).fill(EMPTY);
    this.mask = capacity - 1;
    this.shift = 32 - Math.log2(capacity);
    const n = this.ids.length;
    for (let i = 0; i < this.size; i++) {
      const s = (this.head + i) % n;
      this.insert(hashOf(this.ids[s] as string), s);
    }
  }

  /** A new ring of `capacity` slots holding the same entries from slot 0 (the table is rebuilt). */
  private resizeRing(capacity: number): void {
    const n = this.ids.length;
    const ids = new Array<string>(capacity).fill('');
    const first = new Float64Array(capacity);
    const last = new Float64Array(capacity);
    const codes = new Float64Array(capacity);
    for (let i = 0; i < this.size; i++) {
      const s = (this.head + i) % n;
      ids[i] = this.ids[s] as string;
      first[i] = this.firstSeqs[s] as number;
      last[i] = this.lastSeqs[s] as number;
      codes[i] = this.codes[s] as number;
    }
    this.ids = ids;
    this.firstSeqs = first;
    this.lastSeqs = last;
    this.codes = codes;
    this.head = 0;
    if (this.mask >= 0) this.rehash(this.mask + 1);
  }
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}
