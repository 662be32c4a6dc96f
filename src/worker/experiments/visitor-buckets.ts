import { fnv1a } from '../../shared/fnv1a';

/**
 * A visitor's two stable uniform numbers in an `optimise` experiment: where they fall in the
 * shares, and whether they are in the holdout. Pure functions of the experiment and anonymous id
 * (FNV-1a, then murmur3's finaliser, whose avalanche makes the high bits the division keeps as
 * good as the low ones), so two tabs a new visitor opens at once get the same variant, and a test
 * can say which variant a visitor must get.
 */
function uniformOf(text: string): number {
  let h = fnv1a(text);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export function visitorBuckets(experimentId: string, anonymousId: string): { bucket: number; holdout: number } {
  return {
    bucket: uniformOf(`${experimentId}:${anonymousId}`),
    holdout: uniformOf(`${experimentId}:holdout:${anonymousId}`),
  };
}
