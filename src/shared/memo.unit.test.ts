import { describe, expect, it } from 'vitest';
import { BoundedMap, deepFreeze, sharedMemo } from './memo';

describe('BoundedMap', () => {
  it('forgets its oldest entry once full, and never grows past its limit', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
    // Setting a key it holds replaces the value and forgets nothing.
    map.set('b', 20);
    expect([...map.entries()]).toEqual([
      ['b', 20],
      ['c', 3],
    ]);
    for (let i = 0; i < 100; i++) map.set(`k${i}`, i);
    expect(map.size).toBe(2);
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, so a change throws', () => {
    const value = deepFreeze({ pages: [{ page: 'a' }], attribution: { afid: 'x' } });
    expect(() => {
      (value.pages[0] as { page: string }).page = 'b';
    }).toThrow(TypeError);
    expect(() => (value.pages as unknown as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      value.attribution.afid = 'y';
    }).toThrow(TypeError);
  });
});

describe('sharedMemo', () => {
  it('computes once per key, remembers undefined too, and hands out frozen values', () => {
    const calls: string[] = [];
    const memo = sharedMemo(8, (key: string) => {
      calls.push(key);
      return key === 'none' ? undefined : { key, list: [key] };
    });
    expect(memo('a')).toEqual({ key: 'a', list: ['a'] });
    expect(memo('a')).toBe(memo('a'));
    expect(memo('none')).toBeUndefined();
    expect(memo('none')).toBeUndefined();
    expect(calls).toEqual(['a', 'none']);
    expect(Object.isFrozen(memo('a')?.list)).toBe(true);
  });
});
