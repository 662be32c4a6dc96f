import { describe, expect, it } from 'vitest';
import { fnv1a } from './fnv1a';

describe('fnv1a', () => {
  it('gives the published 32-bit FNV-1a values', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});
