const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_SMALL = 0x7fffffff;
/** "00" to "99" as bytes, for writing integers two digits at a time. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[i * 2] = 0x30 + Math.floor(i / 10);
  PAIRS[i * 2 + 1] = 0x30 + (i % 10);
}

/**
 * JSON written straight into a reusable byte buffer, the same bytes JSON.stringify and a UTF-8
 * encoding would give, without a string or an object per value: what the engine writes for
 * every command (journal records, events) runs through here. Callers write the structure;
 * values go through int(), str() and value().
 */
export class JsonBytes {
  buf: Buffer = Buffer.allocUnsafe(1 << 16);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  /** The bytes written since `from`: a view, valid until the buffer is reset or grows. */
  view(from = 0, to = this.length): Buffer {
    return this.buf.subarray(from, to);
  }

  toString(from = 0, to = this.length): string {
    return this.buf.toString('utf8', from, to);
  }

  /** Bytes known to be JSON already (constant fragments, see ascii()). */
  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    if (this.length + n > this.buf.length) this.grow(n);
    const b = this.buf;
    let at = this.length;
    for (let i = 0; i < n; i++) b[at++] = bytes[i] as number;
    this.length = at;
  }

  /** Writes again the bytes at [from, to) of this buffer (a fragment written before). */
  again(from: number, to: number): void {
    const n = to - from;
    if (this.length + n > this.buf.length) this.grow(n);
    this.buf.copyWithin(this.length, from, to);
    this.length += n;
  }

  byte(c: number): void {
    if (this.length + 1 > this.buf.length) this.grow(1);
    this.buf[this.length++] = c;
  }

  /** An integer within 2^53 as JSON.stringify writes it (anything else goes through number()). */
  int(n: number): void {
    if (n >= 0 && n <= MAX_SMALL && (n | 0) === n) {
      this.small(n);
      return;
    }
    if (!Number.isSafeInteger(n)) {
      this.number(n);
      return;
    }
    if (n < 0) {
      this.byte(0x2d);
      n = -n;
    }
    if (n <= MAX_SMALL) {
      this.small(n);
      return;
    }
    // Up to 16 digits: the high part, then the low nine digits zero-padded.
    const high = Math.floor(n / 1e9);
    const low = n - high * 1e9;
    this.int(high);
    if (this.length + 9 > this.buf.length) this.grow(9);
    const b = this.buf;
    let v = low;
    for (let i = this.length + 8; i >= this.length; i--) {
      b[i] = 0x30 + (v % 10);
      v = Math.floor(v / 10);
    }
    this.length += 9;
  }

  /** Any number as JSON.stringify writes it (non-finite ones as null). */
  number(n: number): void {
    this.ascii(JSON.stringify(n));
  }

  /** A JSON string, quoted and escaped exactly as JSON.stringify escapes it. */
  str(s: string): void {
    const n = s.length;
    if (this.length + n + 2 > this.buf.length) this.grow(n + 2);
    const b = this.buf;
    let at = this.length;
    b[at++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c >= 0x7f || c === QUOTE || c === BACKSLASH) {
        // Escapes and non-ASCII (surrogates included): let JSON.stringify and UTF-8 do it.
        this.slow(s);
        return;
      }
      b[at++] = c;
    }
    b[at++] = QUOTE;
    this.length = at;
  }

  /**
   * A value of a decoded command: strings, numbers, booleans, null, arrays and plain objects,
   * keys in their own order and undefined members left out, as JSON.stringify does.
   */
  value(v: unknown): void {
    if (typeof v === 'string') this.str(v);
    else if (typeof v === 'number') this.int(v);
    else if (typeof v === 'boolean') this.ascii(v ? 'true' : 'false');
    else if (v === null) this.ascii('null');
    else if (Array.isArray(v)) {
      this.byte(0x5b);
      for (let i = 0; i < v.length; i++) {
        if (i > 0) this.byte(0x2c);
        const x: unknown = v[i];
        if (x === undefined || typeof x === 'function') this.ascii('null');
        else this.value(x);
      }
      this.byte(0x5d);
    } else if (typeof v === 'object') {
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') {
        this.ascii(JSON.stringify(v));
        return;
      }
      this.byte(0x7b);
      let first = true;
      const o = v as Record<string, unknown>;
      for (const k in o) {
        if (!Object.hasOwn(o, k)) continue;
        const x = o[k];
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
        if (!first) this.byte(0x2c);
        first = false;
        this.str(k);
        this.byte(0x3a);
        this.value(x);
      }
      this.byte(0x7d);
    } else this.ascii(JSON.stringify(v) ?? 'null');
  }

  /** A string of ASCII characters, written as they are (the caller knows it is JSON). */
  ascii(s: string): void {
    const n = s.length;
    if (this.length + n > this.buf.length) this.grow(n);
    const b = this.buf;
    let at = this.length;
    for (let i = 0; i < n; i++) b[at++] = s.charCodeAt(i);
    this.length = at;
  }

  /** A non-negative integer below 2^31: digits two at a time from a table. */
  private small(n: number): void {
    const digits =
      n < 10
        ? 1
        : n < 100
          ? 2
          : n < 1000
            ? 3
            : n < 10000
              ? 4
              : n < 100000
                ? 5
                : n < 1000000
                  ? 6
                  : n < 10000000
                    ? 7
                    : n < 100000000
                      ? 8
                      : n < 1000000000
                        ? 9
                        : 10;
    if (this.length + digits > this.buf.length) this.grow(digits);
    const b = this.buf;
    let i = this.length + digits;
    let v = n;
    while (v >= 100) {
      const q = (v / 100) | 0;
      const r = (v - q * 100) * 2;
      b[--i] = PAIRS[r + 1] as number;
      b[--i] = PAIRS[r] as number;
      v = q;
    }
    if (v >= 10) {
      b[--i] = PAIRS[v * 2 + 1] as number;
      b[--i] = PAIRS[v * 2] as number;
    } else b[--i] = 0x30 + v;
    this.length += digits;
  }

  private slow(s: string): void {
    const json = JSON.stringify(s);
    const n = Buffer.byteLength(json, 'utf8');
    if (this.length + n > this.buf.length) this.grow(n);
    this.length += this.buf.write(json, this.length, 'utf8');
  }

  private grow(need: number): void {
    let size = this.buf.length * 2;
    while (size < this.length + need) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }
}

/** A constant JSON fragment as bytes, for JsonBytes.raw(). */
export const fragment = (s: string): Uint8Array => Buffer.from(s, 'utf8');
