import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, base64UrlToText, bytesToBase64Url, textToBase64Url } from './base64url';

/** The reference: the text's UTF-8 bytes, one character each, through btoa, made URL-safe. */
function reference(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('base64url', () => {
  it('writes the RFC 4648 vectors and UTF-8 as expected', () => {
    expect(textToBase64Url('foobar')).toBe('Zm9vYmFy');
    expect(textToBase64Url('fo')).toBe('Zm8');
    // U+00FF is two UTF-8 bytes (c3 bf), not one Latin-1 byte.
    expect(textToBase64Url('\u00ff')).toBe('w78');
    expect(textToBase64Url('?>')).toBe('Pz4');
  });

  const texts = [
    '',
    'a',
    '{"v":1,"id":"0d6a2eb7-def9-43bd-accf-a41867e29821","paid":false,"p":{}}',
    'utm_campaign=spring?&/+=',
    'café ñandú',
    'emoji 😀 and \u2028',
    '\u0000\u007f\u0080\u00ff',
  ];
  for (const text of texts) {
    it(`round-trips ${JSON.stringify(text)} as UTF-8`, () => {
      expect(textToBase64Url(text)).toBe(reference(text));
      expect(base64UrlToText(reference(text))).toBe(text);
      const bytes = new TextEncoder().encode(text);
      expect(bytesToBase64Url(bytes)).toBe(reference(text));
      expect([...(base64UrlToBytes(reference(text)) ?? [])]).toEqual([...bytes]);
    });
  }

  it('refuses what is not base64url', () => {
    for (const bad of ['a+b', 'a/b', 'ab=', 'a b', 'A']) expect(base64UrlToText(bad)).toBeUndefined();
    expect(base64UrlToBytes('a+b')).toBeUndefined();
  });

  it('decodes bytes that are not UTF-8 with replacement characters, never throwing', () => {
    // ff 41: a byte that starts no UTF-8 sequence, then 'A'.
    expect(base64UrlToText('_0E')).toBe('\ufffdA');
  });
});
