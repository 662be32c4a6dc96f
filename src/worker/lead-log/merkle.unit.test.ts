import { describe, expect, it } from 'vitest';
import {
  completedBy,
  consistencyProof,
  inclusionProof,
  leafHash,
  nodeHash,
  treeRoot,
  verifyConsistency,
  verifyInclusion,
  type Hash,
} from './merkle';

/** MTH straight from RFC 6962 §2.1, over the leaf hashes: the brute force the stored-subtree code is checked against. */
async function bruteRoot(leaves: Hash[]): Promise<Hash> {
  if (leaves.length === 0) return new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array()));
  if (leaves.length === 1) return leaves[0] as Hash;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(await bruteRoot(leaves.slice(0, k)), await bruteRoot(leaves.slice(k)));
}

/** Every perfect subtree, stored as the Durable Object stores them (built by completedBy as leaves arrive). */
async function storedTree(n: number): Promise<{ leaves: Hash[]; nodes: Map<string, Hash> }> {
  const nodes = new Map<string, Hash>();
  const leaves: Hash[] = [];
  for (let i = 0; i < n; i++) {
    const leaf = await leafHash(new TextEncoder().encode(`certificate-${i}`));
    leaves.push(leaf);
    nodes.set(`0:${i}`, leaf);
    for (const c of completedBy(i)) {
      const left = nodes.get(`${c.level - 1}:${2 * c.index}`);
      const right = nodes.get(`${c.level - 1}:${2 * c.index + 1}`);
      if (!left || !right) throw new Error('a completed subtree lacks a child');
      nodes.set(`${c.level}:${c.index}`, await nodeHash(left, right));
    }
  }
  return { leaves, nodes };
}

const sourceOf = (nodes: Map<string, Hash>) => (level: number, index: number) => {
  const hash = nodes.get(`${level}:${index}`);
  if (!hash) throw new Error(`subtree ${level}:${index} is not stored`);
  return hash;
};

const hex = (h: Hash) => [...h].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('RFC 6962 hashing', () => {
  it('domain-separates leaves and nodes (the known vector of the empty leaf)', async () => {
    // SHA-256(0x00): the leaf hash of empty data, as in the RFC 6962 reference tests.
    expect(hex(await leafHash(new Uint8Array()))).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    // A node over (a, b) is not the leaf of the bytes a || b: a second preimage cannot pass as a leaf.
    const a = await leafHash(Uint8Array.of(1));
    expect(hex(await nodeHash(a, a))).not.toBe(hex(await leafHash(Uint8Array.of(...a, ...a))));
  });
});

describe('roots, inclusion and consistency against brute force', () => {
  it('every root from stored subtrees equals MTH over all the leaves, for 1..40 leaves', async () => {
    const { leaves, nodes } = await storedTree(40);
    for (let n = 1; n <= 40; n++)
      expect(hex(await treeRoot(sourceOf(nodes), n))).toBe(hex(await bruteRoot(leaves.slice(0, n))));
  });

  it('every leaf of every tree up to 20 leaves verifies, and a wrong leaf, index or root does not', async () => {
    const { leaves, nodes } = await storedTree(20);
    for (let n = 1; n <= 20; n++) {
      const root = await bruteRoot(leaves.slice(0, n));
      for (let m = 0; m < n; m++) {
        const proof = await inclusionProof(sourceOf(nodes), m, n);
        expect(await verifyInclusion(leaves[m] as Hash, m, n, proof, root)).toBe(true);
        if (n > 1) {
          expect(await verifyInclusion(leaves[(m + 1) % n] as Hash, m, n, proof, root)).toBe(false);
          expect(await verifyInclusion(leaves[m] as Hash, (m + 1) % n, n, proof, root)).toBe(false);
          expect(await verifyInclusion(leaves[m] as Hash, m, n, proof, leaves[m] as Hash)).toBe(false);
        }
      }
    }
  });

  it('every pair of tree sizes up to 20 is consistent, and a changed leaf breaks it', async () => {
    const { leaves, nodes } = await storedTree(20);
    for (let n = 1; n <= 20; n++) {
      const second = await bruteRoot(leaves.slice(0, n));
      for (let m = 1; m <= n; m++) {
        const first = await bruteRoot(leaves.slice(0, m));
        const proof = await consistencyProof(sourceOf(nodes), m, n);
        expect(await verifyConsistency(m, n, proof, first, second)).toBe(true);
        // A log that edited leaf 0 after the first head: the old root no longer fits the new tree.
        const edited = [await leafHash(Uint8Array.of(9)), ...leaves.slice(1, n)];
        const forged = await bruteRoot(edited);
        expect(await verifyConsistency(m, n, proof, first, forged)).toBe(false);
      }
    }
  });

  it('a proof read from stored subtrees reads O(log n) of them', async () => {
    const { nodes } = await storedTree(1000);
    let reads = 0;
    const counting = (level: number, index: number) => {
      reads++;
      return sourceOf(nodes)(level, index);
    };
    await inclusionProof(counting, 517, 1000);
    expect(reads).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(1000)));
  });
});
