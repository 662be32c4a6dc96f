import { describe, expect, it } from 'vitest';
import { BRAND_CODES, BRANDS, brandForHost, NO_PLACEMENT, productForBrandId } from './index';

describe('brand records', () => {
  it('has exactly one record per spec brand code', () => {
    expect(BRANDS.map((b) => b.id).sort()).toEqual([...BRAND_CODES].sort());
  });

  it('has unique hostnames, tag-manager ids and default numbers', () => {
    const hosts = BRANDS.flatMap((b) => b.hostnames);
    expect(new Set(hosts).size).toBe(hosts.length);
    expect(new Set(BRANDS.map((b) => b.tagManagerId)).size).toBe(BRANDS.length);
    expect(new Set(BRANDS.map((b) => b.defaultPhone)).size).toBe(BRANDS.length);
  });

  it('maps product ids tqg and ps to auto and every other id to medicare (spec section 1)', () => {
    expect(productForBrandId('tqg')).toBe('auto');
    expect(productForBrandId('ps')).toBe('auto');
    for (const id of ['bh', 'm10', 'ac', 'anything']) expect(productForBrandId(id)).toBe('medicare');
    for (const b of BRANDS) if (b.id === 'tqg' || b.id === 'ps') expect(b.defaultProduct).toBe('auto');
  });

  it('resolves production, local and preview hosts, and nothing else', () => {
    expect(brandForHost('benefithelpers.com')?.id).toBe('bh');
    expect(brandForHost('WWW.BenefitHelpers.com:443')?.id).toBe('bh');
    expect(brandForHost('tqg.localhost:8787')?.id).toBe('tqg');
    expect(brandForHost('ac--quote-funnel-staging.example.workers.dev')?.id).toBe('ac');
    expect(brandForHost('localhost:8787')).toBeUndefined();
    expect(brandForHost('evil.example.com')).toBeUndefined();
    expect(brandForHost('zz.localhost')).toBeUndefined();
  });

  it('uses placement ids that are never the no-call sentinel by accident', () => {
    for (const b of BRANDS)
      for (const id of Object.values(b.mediaalpha.placementIds)) expect(id).not.toBe(NO_PLACEMENT);
  });
});
