/**
 * Per-isolate memos (issue 16): values worked out once and kept for the requests after.
 */

/** A Map that forgets its oldest entry (insertion order) once it holds `limit`. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

/**
 * `compute` kept per key in a BoundedMap of `limit` entries, its result frozen all the way down
 * (every request shares it). For pure functions of a string only.
 */
export function sharedMemo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const memo = new BoundedMap<string, V>(limit);
  return (key) => {
    if (memo.has(key)) return memo.get(key) as V;
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
