import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, base64UrlToText, bytesToBase64Url, textToBase64Url } from './base64url';

/** The reference: UTF-8 bytes through Node's own base64url. */
const reference = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('base64url', () => {
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
    it(`round-trips ${JSON.stringify(text)} as UTF-8, as Node writes it`, () => {
      expect(textToBase64Url(text)).toBe(reference(text));
      expect(base64UrlToText(reference(text))).toBe(text);
      expect(bytesToBase64Url(new TextEncoder().encode(text))).toBe(reference(text));
      expect([...(base64UrlToBytes(reference(text)) ?? [])]).toEqual([...Buffer.from(text, 'utf8')]);
    });
  }

  it('refuses what is not base64url', () => {
    for (const bad of ['a+b', 'a/b', 'ab=', 'a b', 'A']) expect(base64UrlToText(bad)).toBeUndefined();
    expect(base64UrlToBytes('a+b')).toBeUndefined();
  });

  it('decodes bytes that are not UTF-8 with replacement characters, never throwing', () => {
    expect(base64UrlToText(Buffer.from([0xff, 0x41]).toString('base64url'))).toBe('\ufffdA');
  });
});
