/**
 * A small read-through cache with an age limit and a size limit: past `maxEntries` the entry
 * loaded longest ago is dropped. For keys a caller chooses (a page host, a company id), where an
 * unbounded map would grow with every made-up value.
 */
export interface BoundedCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Forgets every entry (a write this instance made: the next read loads afresh). */
  clear(): void;
  readonly size: number;
}

export function createBoundedCache<K, V>(options: { maxEntries: number; ttlMs: number; now?: () => number }): BoundedCache<K, V> {
  const now = options.now ?? Date.now;
  const entries = new Map<K, { value: V; at: number }>();
  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const value = await load();
      // A Map iterates in insertion order: re-inserting moves the key to the newest end.
      entries.delete(key);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, at: now() });
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
