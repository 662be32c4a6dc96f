import { describe, expect, it } from 'vitest';
import { scriptJson } from './document';

describe('scriptJson', () => {
  it('escapes what could end or break a script element, and parses back to the same value', () => {
    const value = { a: '</script><!--', b: 'line\u2028sep\u2029para', c: ['<', 1, null], d: 'O\'Neil & "co"' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(json).toBe(
      '{"a":"\\u003c/script>\\u003c!--","b":"line\\u2028sep\\u2029para","c":["\\u003c",1,null],"d":"O\'Neil & \\"co\\""}',
    );
    expect(JSON.parse(json)).toEqual(value);
  });
});
