import { LRUCache } from 'lru-cache';

/**
 * The server's one in-memory cache, for rendered pages, API responses and small static files:
 * bounded in entries and in bytes (past either the least recently used go), and invalidated as a
 * whole when what its entries were made from changes (the content version, the build).
 */
export interface MemoryCache<V> {
  /** The entry for `key`, unless it has expired; a `generation` other than the last one empties the cache first. */
  get(key: string, generation: unknown): V | undefined;
  /**
   * Caches `value`, of `size` bytes, until `until` (null: until invalidated). Nothing is cached when
   * the generation has changed since the value was made: it was made from what is gone.
   */
  set(key: string, value: V, generation: unknown, options?: { readonly size?: number; readonly until?: number | null }): void;
  /** The entry for `key` as it is, used or not, expired or not. */
  peek(key: string): V | undefined;
  /** Drops the entry for `key` if it is still `value`. */
  delete(key: string, value: V): void;
  readonly size: number;
}

interface Entry<V> {
  readonly value: V;
  readonly until: number | null;
}

export function createMemoryCache<V extends object>({ maxEntries, maxBytes, now }: { maxEntries: number; maxBytes: number; now: () => number }): MemoryCache<V> {
  const entries = new LRUCache<string, Entry<V>>({ max: maxEntries, maxSize: maxBytes });
  let current: unknown;
  return {
    get(key, generation) {
      if (generation !== current) {
        current = generation;
        entries.clear();
        return undefined;
      }
      const entry = entries.get(key);
      if (entry === undefined || entry.until === null || now() < entry.until) return entry?.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, generation, { size = 0, until = null } = {}) {
      // The cache counts a size of at least one.
      if (generation === current) entries.set(key, { value, until }, { size: Math.max(1, size) });
    },
    peek: (key) => entries.peek(key)?.value,
    delete(key, value) {
      if (entries.peek(key)?.value === value) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
