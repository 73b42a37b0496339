/**
 * A small in-process cache whose entries expire after `ttlMs` of real time. For data that
 * changes rarely and may be a few seconds stale (symbol rules, a user's engine id).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** Loads in flight: requests that miss the same key together share one load. */
  private readonly loading = new Map<K, Promise<V>>();
  /** Bumped by clear(): a load that began before it does not store its (stale) value. */
  private generation = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loaded = load()
      .then((value) => {
        if (generation === this.generation) {
          if (this.entries.size >= this.max) this.entries.clear();
          this.entries.set(key, { value, until: Date.now() + this.ttlMs });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  /** Forgets every entry (the data changed, e.g. an operator edited the catalogue). */
  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation += 1;
  }
}
