import { describe, expect, it } from 'vitest';
import { buildSource, sha1Hex } from './source';

describe('MediaAlpha source list (spec section 7.2)', () => {
  it('computes SHA-1 as lower-case hex', async () => {
    // Known vector: SHA-1("abc").
    expect(await sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  it('has 7 slots: affiliate id, first 10 hex chars of SHA-1(publisher id), then nulls', async () => {
    expect(await buildSource('aff-42', 'abc')).toEqual(['aff-42', 'a9993e3647', null, null, null, null, null]);
  });

  it('puts null in slot 2 when there is no publisher id', async () => {
    expect(await buildSource('bh-direct', undefined)).toEqual(['bh-direct', null, null, null, null, null, null]);
    expect(await buildSource('bh-direct', '')).toEqual(['bh-direct', null, null, null, null, null, null]);
  });
});
