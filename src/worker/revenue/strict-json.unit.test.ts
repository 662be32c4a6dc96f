import { describe, expect, it } from 'vitest';
import { duplicateKeys, parseStrictJson } from './strict-json';

describe('JSON with every key once', () => {
  it('names a key given twice in one object, at any depth, and only there', () => {
    expect(duplicateKeys('{"payout":5,"payout":500}')).toEqual(['payout']);
    expect(duplicateKeys('{"a":{"b":1,"b":2},"c":[{"d":1},{"d":2}]}')).toEqual(['a.b']);
    // The same name in sibling objects, in string values, or spelled with an escape that decodes the same.
    expect(duplicateKeys('{"x":{"k":1},"y":{"k":1},"s":"\\"k\\":1,\\"k\\":2"}')).toEqual([]);
    expect(duplicateKeys('{"k":1,"\\u006b":2}')).toEqual(['k']);
  });

  it('parses what JSON.parse takes and tells invalid JSON apart', () => {
    expect(parseStrictJson('{"a":[1,{"b":null}]}')).toEqual({ ok: true, value: { a: [1, { b: null }] } });
    expect(parseStrictJson('{"a":')).toEqual({ ok: false, code: 'invalid_json' });
    expect(parseStrictJson('{"a":1,"a":1}')).toEqual({ ok: false, code: 'duplicate_key', keys: ['a'] });
  });
});
