/**
 * FNV-1a, 32 bits, over UTF-16 code units: fast, synchronous and the same in every runtime, for
 * what must be stable without storage (a visitor's experiment bucket, a report's seed, a page's
 * campaign id). Not a security hash.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
