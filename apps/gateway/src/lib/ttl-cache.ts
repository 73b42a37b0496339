/**
 * A small in-process cache whose entries expire after `ttlMs` of real time. For data that
 * changes rarely and may be a few seconds stale (symbol rules, a user's engine id).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = await load();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  /** Forgets every entry (the data changed, e.g. an operator edited the catalogue). */
  clear(): void {
    this.entries.clear();
  }
}
