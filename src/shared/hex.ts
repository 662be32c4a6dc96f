/** Lowercase two-digit hex of every byte value, made once: a lookup is the cheapest way per byte. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * Lowercase hex of bytes, or of the first `length` of them: digests, MACs and random ids (the
 * same in the Worker, the browser and Node). An ArrayBuffer is read as it is, as WebCrypto returns one.
 */
export function toHex(bytes: Uint8Array | ArrayBuffer, length?: number): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const end = length === undefined ? view.length : Math.min(length, view.length);
  let out = '';
  for (let i = 0; i < end; i++) out += HEX[view[i] ?? 0];
  return out;
}
