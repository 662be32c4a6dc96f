import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../brands';
import { homeGuides } from './home-guides';
import { mainFunnels } from './main-funnels';
import { findRoute, isServedFor } from './registry';

describe('home "popular guides" (ps showed "Compare car insurance offers" four times)', () => {
  for (const brand of BRANDS) {
    it(`${brand.id}: unique titles, pages the brand serves in its language`, () => {
      const guides = homeGuides(brand.id, brand.defaultLanguage);
      expect(guides.length).toBeGreaterThan(0);
      const titles = guides.map((g) => g.title.toLowerCase());
      expect(new Set(titles).size).toBe(titles.length);
      expect(new Set(guides.map((g) => g.path)).size).toBe(guides.length);
      for (const guide of guides) {
        const match = findRoute(guide.path);
        expect(match, guide.path).toBeDefined();
        if (!match) continue;
        expect(isServedFor(match.route, brand.id)).toBe(true);
        expect(match.route.language).toBe(brand.defaultLanguage);
      }
    });
  }
});

describe('main funnels', () => {
  for (const brand of BRANDS) {
    it(`${brand.id}: its own product first, each a form page it serves in its language`, () => {
      const funnels = mainFunnels(brand, brand.defaultLanguage);
      expect(funnels[0]?.product).toBe(brand.defaultProduct);
      for (const funnel of funnels) {
        const route = findRoute(funnel.path)?.route;
        expect(route?.name).toBe(funnel.route);
        expect(route && isServedFor(route, brand.id)).toBe(true);
        expect(route?.language).toBe(brand.defaultLanguage);
        expect(route?.config.form).not.toBeNull();
        expect(route?.config.product).toBe(funnel.product);
      }
    });
  }
});
