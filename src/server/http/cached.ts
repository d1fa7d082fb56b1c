/**
 * In-process caches of what the database says, kept until the rows under them change (the
 * catalogue's notifications, src/server/modules/catalogue/catalogue.ts). Both kinds share one rule: a load that was
 * running when the cache was invalidated answers the callers that waited for it but is not kept,
 * since it may have read the rows before they changed.
 * A named cache counts its hits and misses in the metrics (src/server/metrics.ts).
 */
import { cacheCounters } from '../metrics.ts';

type Counters = ReturnType<typeof cacheCounters>;
const UNCOUNTED: Counters = { hit: () => {}, miss: () => {} };

/** One value, loaded on first use and again after each `invalidate()`. */
export class Cached<T> {
  private readonly load: () => Promise<T>;
  private readonly counted: Counters;
  private value: { data: T } | null = null;
  private pending: Promise<T> | null = null;
  private generation = 0;

  constructor(load: () => Promise<T>, name?: string) {
    this.load = load;
    this.counted = name ? cacheCounters(name) : UNCOUNTED;
  }

  get(): Promise<T> {
    if (this.value) {
      this.counted.hit();
      return Promise.resolve(this.value.data);
    }
    this.counted.miss();
    // Callers arriving while it loads share the one load.
    this.pending ??= this.fill();
    return this.pending;
  }

  private async fill(): Promise<T> {
    const generation = this.generation;
    try {
      const data = await this.load();
      if (generation === this.generation) this.value = { data };
      return data;
    } finally {
      if (generation === this.generation) this.pending = null;
    }
  }

  /** The value when one is kept, without loading (a caller that must not load now decides what to do). */
  peek(): T | null {
    return this.value ? this.value.data : null;
  }

  invalidate(): void {
    this.generation++;
    this.value = null;
    this.pending = null;
  }
}

/**
 * Values by key, least recently used dropped first once their sizes add up to more than
 * `maxBytes`. Concurrent misses for one key share one load.
 */
export class KeyedCache<K, V> {
  private readonly maxBytes: number;
  private readonly sizeOf: (value: V) => number;
  private readonly counted: Counters;
  /** In use order, oldest first (a Map keeps insertion order; a hit moves its key to the end). */
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private readonly pending = new Map<K, Promise<V>>();
  private bytes = 0;
  private generation = 0;

  constructor(options: { maxBytes: number; sizeOf: (value: V) => number; name?: string }) {
    this.maxBytes = options.maxBytes;
    this.sizeOf = options.sizeOf;
    this.counted = options.name ? cacheCounters(options.name) : UNCOUNTED;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /**
   * The value kept for `key`, counted as a hit, or undefined (nothing counted: `get` counts the
   * miss as it loads). A caller answering at once from what is kept needs no promise or loader.
   */
  hit(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.counted.hit();
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const kept = this.hit(key);
    if (kept !== undefined) return Promise.resolve(kept);
    this.counted.miss();
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.fill(key, load);
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async fill(key: K, load: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    try {
      const value = await load();
      if (generation === this.generation) this.store(key, value);
      return value;
    } finally {
      if (generation === this.generation) this.pending.delete(key);
    }
  }

  private store(key: K, value: V): void {
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  private remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops some keys; loads running now are not kept (they may hold the old rows). */
  delete(...keys: K[]): void {
    this.generation++;
    this.pending.clear();
    for (const key of keys) this.remove(key);
  }

  clear(): void {
    this.generation++;
    this.pending.clear();
    this.entries.clear();
    this.bytes = 0;
  }
}
