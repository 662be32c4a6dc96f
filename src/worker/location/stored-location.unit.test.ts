import { describe, expect, it } from 'vitest';
import { parseStoredLocation } from '.';

const MIAMI = { zip: '33101', city: 'Miami', stateCode: 'FL', county: 'Miami-Dade' };

describe('the stored location a page shows', () => {
  it('is the text parsed by its schema, the same answer every time the same text comes back', () => {
    const text = JSON.stringify(MIAMI);
    const first = parseStoredLocation(text);
    expect(first).toEqual(MIAMI);
    // Parsed once per isolate: the same (frozen) object, which no page can change for the next.
    expect(parseStoredLocation(text)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Another zip's text is its own place.
    const other = { zip: '10001', city: 'New York', stateCode: 'NY', county: 'New York' };
    expect(parseStoredLocation(JSON.stringify(other))).toEqual(other);
  });

  it('refuses what its schema refuses, every time (a refusal is remembered as a refusal)', () => {
    for (const text of ['{"zip":"3310","city":"Miami","stateCode":"FL","county":"x"}', 'not json', '{}', '[]']) {
      expect(parseStoredLocation(text), text).toBeNull();
      expect(parseStoredLocation(text), text).toBeNull();
    }
    expect(parseStoredLocation(null)).toBeNull();
    expect(parseStoredLocation('')).toBeNull();
  });

  it('stays right past the number of texts it keeps', () => {
    const texts = Array.from({ length: 1_100 }, (_, i) =>
      JSON.stringify({ ...MIAMI, zip: String(10_000 + i), city: `City ${i}` }),
    );
    for (const text of texts) expect(parseStoredLocation(text)?.city).toBe((JSON.parse(text) as typeof MIAMI).city);
    for (const text of texts.slice(0, 5)) expect(parseStoredLocation(text)).toEqual(JSON.parse(text));
  });
});
