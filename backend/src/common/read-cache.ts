/**
 * Reads of things that rarely change (dictionaries, menus), kept in memory for at most `ttlMs` per key so
 * that the calls asking for them every time cost no query. Concurrent calls share one read; a failed read
 * is not kept. `clear()` is called on news of a change (from this process or another: ClusterBus) and
 * forgets every entry, the reads still under way included (they may predate the change); should the news
 * be lost, an entry is read again `ttlMs` after it was read at the latest. Callers must not mutate what
 * they get: every caller of a key shares it. Ages are measured on the monotonic clock: a jump of the wall
 * clock (an NTP step, or the demo loader's `Date`, seed/demo/clock.ts) neither keeps an entry nor drops it.
 */
export class ReadCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: K, read: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    // keys come from requests: a flood of distinct ones starts the cache afresh rather than growing it
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = read();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return value;
  }

  /** Forgets one key (news of a change to that one thing), a read under way included. */
  forget(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
