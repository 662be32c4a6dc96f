/**
 * Per-isolate memos: values worked out once and kept for the requests after.
 */

/**
 * A bounded memo: at most `limit` entries, in two generations of half that. Once the newer is
 * full it becomes the older, and the older is dropped whole; reading an entry of the older
 * generation carries it into the newer, so what is in use stays. A Map that forgot
 * its oldest entry one at a time (delete the first key) got slower as it was used, since V8
 * keeps deleted entries as holes that every "first key" has to step over until the table is
 * rebuilt, and a first visit adds entries to a full memo.
 */
export class BoundedMap<K, V> {
  #newer = new Map<K, V>();
  #older = new Map<K, V>();
  readonly #generation: number;

  constructor(limit: number) {
    this.#generation = Math.max(1, Math.floor(limit / 2));
  }

  has(key: K): boolean {
    return this.#newer.has(key) || this.#older.has(key);
  }

  get(key: K): V | undefined {
    const value = this.#newer.get(key);
    if (value !== undefined || this.#newer.has(key)) return value;
    if (!this.#older.has(key)) return undefined;
    const kept = this.#older.get(key) as V;
    this.#older.delete(key);
    this.#put(key, kept);
    return kept;
  }

  set(key: K, value: V): this {
    this.#older.delete(key);
    this.#put(key, value);
    return this;
  }

  /** Entries held (never more than the limit). */
  get size(): number {
    return this.#newer.size + this.#older.size;
  }

  #put(key: K, value: V): void {
    if (!this.#newer.has(key) && this.#newer.size >= this.#generation) {
      this.#older = this.#newer;
      this.#newer = new Map();
    }
    this.#newer.set(key, value);
  }
}

/**
 * `compute` kept per key in a BoundedMap of `limit` entries, its result frozen all the way down
 * (every request shares it). For pure functions of a string only.
 */
export function sharedMemo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const memo = new BoundedMap<string, V>(limit);
  return (key) => {
    // One lookup for a value it holds; `has` only tells a remembered undefined from a miss.
    const hit = memo.get(key);
    if (hit !== undefined || memo.has(key)) return hit as V;
    const value = deepFreeze(compute(key));
    memo.set(key, value);
    return value;
  };
}

/** Frozen all the way down: a caller changing a shared value throws instead of changing it for others. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
