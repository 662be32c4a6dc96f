import { describe, expect, it } from 'vitest';
import { BoundedMap, deepFreeze, sharedMemo } from './memo';

describe('BoundedMap', () => {
  it('keeps what was set or read lately, and never holds more than its limit', () => {
    const map = new BoundedMap<string, number>(4);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1);
    expect(map.has('c')).toBe(true);
    // 'a' was read since 'b' was set: it is kept, 'b' goes first.
    map.set('d', 4).set('e', 5);
    expect(map.get('a')).toBe(1);
    expect(map.has('b')).toBe(false);
    expect(map.get('b')).toBeUndefined();
    // Setting a key it holds replaces the value.
    map.set('e', 50);
    expect(map.get('e')).toBe(50);
    for (let i = 0; i < 100; i++) {
      map.set(`k${i}`, i);
      expect(map.size).toBeLessThanOrEqual(4);
    }
    expect(map.get('k99')).toBe(99);
    expect(map.get('k98')).toBe(98);
    expect(map.has('a')).toBe(false);
  });

  it('remembers undefined as a value', () => {
    const map = new BoundedMap<string, undefined>(2);
    map.set('none', undefined);
    expect(map.has('none')).toBe(true);
    expect(map.get('none')).toBeUndefined();
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
