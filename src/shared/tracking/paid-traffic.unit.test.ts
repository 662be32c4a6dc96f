import { describe, expect, it } from 'vitest';
import { SPEC_PAID_CLICK_IDS, SPEC_PAID_ID_MIN_LENGTH } from '../../../tests/support/spec';
import { isPaidTraffic } from './paid-traffic';

// The spec's list (tests/support/spec.ts), not the product's: a name dropped from the product fails here.
const PAID_CLICK_IDS = SPEC_PAID_CLICK_IDS;

const id15 = 'a'.repeat(SPEC_PAID_ID_MIN_LENGTH);
const id14 = 'a'.repeat(SPEC_PAID_ID_MIN_LENGTH - 1);

describe('paid traffic (spec section 4)', () => {
  describe('rule (a): click id of at least 15 characters AND utm_campaign', () => {
    it.each(PAID_CLICK_IDS)('%s with 15 characters and a campaign is paid', (name) => {
      expect(isPaidTraffic({ [name]: id15, utm_campaign: 'spring' })).toBe(true);
    });
    it.each(PAID_CLICK_IDS)('%s with 14 characters and a campaign is not paid', (name) => {
      expect(isPaidTraffic({ [name]: id14, utm_campaign: 'spring' })).toBe(false);
    });
    it.each(PAID_CLICK_IDS)('%s with 15 characters but no campaign is not paid', (name) => {
      expect(isPaidTraffic({ [name]: id15 })).toBe(false);
    });
    it('an empty utm_campaign counts as missing', () => {
      expect(isPaidTraffic({ gclid: id15, utm_campaign: '' })).toBe(false);
    });
    it('a long id wins even when another id is short', () => {
      expect(isPaidTraffic({ gclid: id14, fbclid: id15, utm_campaign: 'c' })).toBe(true);
    });
    it('an unknown long parameter does not count', () => {
      expect(isPaidTraffic({ dclid: id15, utm_campaign: 'c' })).toBe(false);
    });
    it('names are case-sensitive (ScCid, not sccid)', () => {
      expect(isPaidTraffic({ sccid: id15, utm_campaign: 'c' })).toBe(false);
      expect(isPaidTraffic({ ScCid: id15, utm_campaign: 'c' })).toBe(true);
    });
  });

  describe('rule (b): gbraid alone', () => {
    it('gbraid of 15 characters is paid with no campaign', () => {
      expect(isPaidTraffic({ gbraid: id15 })).toBe(true);
    });
    it('gbraid of 14 characters is not paid, even with a campaign', () => {
      expect(isPaidTraffic({ gbraid: id14 })).toBe(false);
      expect(isPaidTraffic({ gbraid: id14, utm_campaign: 'c' })).toBe(false);
    });
  });

  describe('rule (c): utm_source bigo AND utm_campaign', () => {
    it('bigo with a campaign is paid', () => {
      expect(isPaidTraffic({ utm_source: 'bigo', utm_campaign: 'c' })).toBe(true);
    });
    it('bigo without a campaign is not paid', () => {
      expect(isPaidTraffic({ utm_source: 'bigo' })).toBe(false);
    });
    it('only the exact value bigo counts', () => {
      expect(isPaidTraffic({ utm_source: 'BIGO', utm_campaign: 'c' })).toBe(false);
      expect(isPaidTraffic({ utm_source: 'bigo-ads', utm_campaign: 'c' })).toBe(false);
    });
  });

  it('no parameters, or only a campaign, is not paid', () => {
    expect(isPaidTraffic({})).toBe(false);
    expect(isPaidTraffic({ utm_campaign: 'c', utm_source: 'google' })).toBe(false);
  });
});
