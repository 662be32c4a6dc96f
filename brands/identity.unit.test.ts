import { describe, expect, it } from 'vitest';
import { BRANDS } from './index';
import { contrastRatio } from './contrast';
import { LAYOUTS, TEXT_PAIRS } from './identity';
import { PRODUCT_COPY, productCopy } from './product-copy';
import { PRODUCTS } from './schema';
import { ROUTES } from '../src/routes/registry';
import { localizedConfig } from '../src/routes/brand-language';

/** WCAG 2.x AA for body text. */
const AA = 4.5;

describe('contrast ratio (WCAG 2.x)', () => {
  it('matches the standard at its known points', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes AA on white; #777777 is the first that fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA);
    expect(contrastRatio('#0b5cab', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#0b5cab'), 10);
  });
});

describe('brand identity', () => {
  for (const brand of BRANDS) {
    for (const mode of ['light', 'dark'] as const) {
      it(`${brand.id} ${mode}: every text colour pair reaches AA`, () => {
        const tokens = brand.theme[mode];
        const failing = TEXT_PAIRS.map(([fg, bg]) => ({
          pair: `${fg} on ${bg}`,
          ratio: contrastRatio(tokens[fg], tokens[bg]),
        }))
          .filter((p) => p.ratio < AA)
          .map((p) => `${p.pair}: ${p.ratio.toFixed(2)}`);
        expect(failing).toEqual([]);
      });
    }
  }

  it('dark mode is dark and light mode is light for every brand', () => {
    for (const brand of BRANDS) {
      expect(contrastRatio(brand.theme.light.surface, '#000000'), brand.id).toBeGreaterThan(15);
      expect(contrastRatio(brand.theme.dark.surface, '#ffffff'), brand.id).toBeGreaterThan(15);
    }
  });

  it('every brand has a logo mark, a wordmark, tokens, a layout and its own words', () => {
    for (const brand of BRANDS) {
      expect(brand.logo.mark.length, brand.id).toBeGreaterThan(0);
      expect(brand.logo.wordmark.weight, brand.id).toBeGreaterThanOrEqual(500);
      expect(LAYOUTS, brand.id).toContain(brand.layout);
      expect(brand.theme.typeScale.ratio, brand.id).toBeGreaterThan(1);
      expect(brand.copy.home.headline, brand.id).not.toBe('');
    }
  });

  it('uses every layout, each for more than one brand', () => {
    for (const layout of LAYOUTS) expect(BRANDS.filter((b) => b.layout === layout).length, layout).toBeGreaterThan(1);
  });

  it('gives no two brands the same look or the same words', () => {
    const unique = (values: string[]) => expect(new Set(values).size).toBe(BRANDS.length);
    unique(BRANDS.map((b) => b.theme.light.primary));
    unique(BRANDS.map((b) => b.theme.dark.primary));
    unique(BRANDS.map((b) => b.logo.mark.map((p) => p.d).join('|')));
    unique(BRANDS.map((b) => `${b.layout} ${b.theme.radius} ${b.theme.typeScale.base} ${b.theme.typeScale.ratio}`));
    unique(BRANDS.map((b) => b.copy.tagline));
    unique(BRANDS.map((b) => b.copy.home.headline));
    unique(BRANDS.map((b) => b.copy.home.title));
  });
});

describe('product copy and disclaimers', () => {
  it('has copy for every product in both languages', () => {
    for (const product of PRODUCTS)
      for (const language of ['english', 'spanish'] as const)
        expect(PRODUCT_COPY[product][language].homeBody.length).toBeGreaterThan(0);
  });

  it('says Medicare only on Medicare copy', () => {
    for (const language of ['english', 'spanish'] as const) {
      expect(productCopy('medicare', language).disclaimer).toMatch(/Medicare/);
      for (const product of ['auto', 'life'] as const) {
        const copy = productCopy(product, language);
        expect([copy.disclaimer, ...copy.homeBody].join(' ')).not.toMatch(/medicare/i);
      }
    }
  });

  it("gives a brand's home page its own words and nothing about Medicare unless it sells Medicare", () => {
    const home = ROUTES.find((r) => r.name === 'index');
    expect(home).toBeDefined();
    if (!home) return;
    for (const brand of BRANDS) {
      const config = localizedConfig(home, brand);
      expect(config.headline, brand.id).toBe(brand.copy.home.headline);
      expect(config.product, brand.id).toBe(brand.defaultProduct);
      const words = [config.title, config.description, config.headline, config.subheadline, ...config.body].join(' ');
      if (brand.defaultProduct === 'medicare') expect(words, brand.id).toMatch(/Medicare/);
      else expect(words, brand.id).not.toMatch(/medicare/i);
    }
  });
});
