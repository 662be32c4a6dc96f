import { describe, expect, it } from 'vitest';
import { toHex } from './hex';

describe('toHex', () => {
  it('writes every byte as two lowercase digits, zero-padded', () => {
    expect(toHex(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe('00010f10abff');
  });

  it('reads an ArrayBuffer as WebCrypto returns it, and stops at a length', async () => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('abc'));
    // FIPS 180-2, appendix B.1: SHA-256("abc").
    expect(toHex(digest)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(digest, 4)).toBe('ba7816bf');
    expect(toHex(new Uint8Array([1, 2]), 9)).toBe('0102');
  });
});
