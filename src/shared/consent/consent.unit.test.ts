import { describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, consentDisclosure, currentConsent, CURRENT_CONSENT_VERSION, sha256Hex } from '.';

describe('consent disclosure', () => {
  it('names who may call, automated technology, no purchase condition and opt-out, in both languages', () => {
    const en = currentConsent('english', 'Benefit Helpers').text;
    expect(en).toContain('Benefit Helpers and its marketing partners');
    expect(en).toMatch(/automated technology/);
    expect(en).toMatch(/not a condition of any purchase/);
    expect(en).toMatch(/opt out/);
    const es = currentConsent('spanish', 'Benefit Helpers').text;
    expect(es).toContain('Benefit Helpers y sus socios de mercadeo');
    expect(es).toMatch(/tecnología automatizada/);
    expect(es).toMatch(/no es una condición de compra/);
  });

  it('hashes the exact text shown; unknown versions have no text', async () => {
    expect(Object.keys(CONSENT_TEXTS)).toContain(CURRENT_CONSENT_VERSION);
    expect(consentDisclosure('1999-01-01', 'english', 'X')).toBeUndefined();
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const a = await sha256Hex(currentConsent('english', 'Brand A').text);
    const b = await sha256Hex(currentConsent('english', 'Brand B').text);
    expect(a).not.toBe(b);
  });
});
