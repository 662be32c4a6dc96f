/**
 * The Merkle tree of the lead log, as Certificate Transparency defines it (RFC 6962 §2.1, with the
 * verification algorithms of RFC 9162 §2.1.3.2 and §2.1.4.2): leaf = SHA-256(0x00 || data),
 * node = SHA-256(0x01 || left || right), the left subtree of n leaves holding the largest power
 * of two below n. Pure: the hashes of stored subtrees come from `SubtreeSource`, so a proof of a
 * tree of 36 million leaves reads about 2·log2(n) stored hashes, and the tests feed it a plain array.
 *
 * A perfect subtree is named by its level (log2 of its size) and its index at that level: leaf i
 * is (0, i); the node over leaves [j·2^L, (j+1)·2^L) is (L, j). Only those are ever stored.
 */
export type Hash = Uint8Array;

/** The stored hash of the perfect subtree (level, index), which must exist. */
export type SubtreeSource = (level: number, index: number) => Hash | Promise<Hash>;

async function sha256(...parts: Uint8Array[]): Promise<Hash> {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

export const leafHash = (data: Uint8Array): Promise<Hash> => sha256(Uint8Array.of(0), data);
export const nodeHash = (left: Hash, right: Hash): Promise<Hash> => sha256(Uint8Array.of(1), left, right);
/** The root of the empty tree: SHA-256 of nothing. */
export const emptyRoot = (): Promise<Hash> => sha256();

/** The largest power of two strictly below n (n >= 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && Number.isInteger(Math.log2(n));
}

/**
 * MTH(D[start:end]) for a range the RFC's recursion reaches (start is a multiple of the largest
 * power of two not above end - start): a stored subtree when the range is one, else split.
 */
export async function rangeHash(source: SubtreeSource, start: number, end: number): Promise<Hash> {
  const size = end - start;
  if (size <= 0) return emptyRoot();
  if (isPowerOfTwo(size) && start % size === 0) return source(Math.log2(size), start / size);
  const k = splitPoint(size);
  return nodeHash(await rangeHash(source, start, start + k), await rangeHash(source, start + k, end));
}

/** The root of the tree of the first n leaves. */
export const treeRoot = (source: SubtreeSource, n: number): Promise<Hash> => rangeHash(source, 0, n);

/** PATH(m, D[start:end]) of RFC 6962 §2.1.1: the audit path of leaf m (relative to start). */
async function path(source: SubtreeSource, m: number, start: number, end: number): Promise<Hash[]> {
  const n = end - start;
  if (n <= 1) return [];
  const k = splitPoint(n);
  if (m < k) return [...(await path(source, m, start, start + k)), await rangeHash(source, start + k, end)];
  return [...(await path(source, m - k, start + k, end)), await rangeHash(source, start, start + k)];
}

/** The inclusion proof of leaf `index` in the tree of the first `treeSize` leaves. */
export function inclusionProof(source: SubtreeSource, index: number, treeSize: number): Promise<Hash[]> {
  if (!(index >= 0 && index < treeSize)) throw new RangeError('leaf index outside the tree');
  return path(source, index, 0, treeSize);
}

/** SUBPROOF(m, D[start:end], b) of RFC 6962 §2.1.2. */
async function subproof(source: SubtreeSource, m: number, start: number, end: number, b: boolean): Promise<Hash[]> {
  const n = end - start;
  if (m === n) return b ? [] : [await rangeHash(source, start, end)];
  const k = splitPoint(n);
  if (m <= k) return [...(await subproof(source, m, start, start + k, b)), await rangeHash(source, start + k, end)];
  return [...(await subproof(source, m - k, start + k, end, false)), await rangeHash(source, start, start + k)];
}

/** The consistency proof between the trees of the first `first` and `second` leaves. */
export function consistencyProof(source: SubtreeSource, first: number, second: number): Promise<Hash[]> {
  if (!(first >= 0 && first <= second)) throw new RangeError('the first tree must not be larger than the second');
  if (first === 0 || first === second) return Promise.resolve([]);
  return subproof(source, first, 0, second, true);
}

function equal(a: Hash, b: Hash): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** RFC 9162 §2.1.3.2: does `proof` place `leaf` at `index` of the tree of `treeSize` leaves with `root`? */
export async function verifyInclusion(
  leaf: Hash,
  index: number,
  treeSize: number,
  proof: readonly Hash[],
  root: Hash,
): Promise<boolean> {
  if (!(Number.isInteger(index) && Number.isInteger(treeSize) && index >= 0 && index < treeSize)) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(r, root);
}

/** RFC 9162 §2.1.4.2: does `proof` show the tree (second, secondRoot) extends (first, firstRoot)? */
export async function verifyConsistency(
  first: number,
  second: number,
  proof: readonly Hash[],
  firstRoot: Hash,
  secondRoot: Hash,
): Promise<boolean> {
  if (!(Number.isInteger(first) && Number.isInteger(second) && first >= 0 && first <= second)) return false;
  if (first === second) return proof.length === 0 && equal(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0] as Hash;
  let sr = path[0] as Hash;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(fr, firstRoot) && equal(sr, secondRoot);
}

/**
 * The perfect subtrees that appending leaf `index` completes, lowest first: (1, index >> 1) when
 * index is odd, (2, index >> 2) when index + 1 is a multiple of 4, and so on. Each is the node of
 * its two children at the level below.
 */
export function completedBy(index: number): { level: number; index: number }[] {
  const out: { level: number; index: number }[] = [];
  for (let level = 1; (index + 1) % 2 ** level === 0; level++) out.push({ level, index: (index + 1) / 2 ** level - 1 });
  return out;
}
