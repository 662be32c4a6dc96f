/** The brand chrome of the consent and privacy pages (header with the number, footer), in the page language. */
import type { Context } from 'hono';
import type { Language } from '../../routes/schema';
import { displayPhone } from '../../shared/phone';
import type { AppEnv } from '../env';
import { shellOptions } from '../shell';
import { buildPageTracking } from '../tracking';

export function languageOf(c: Context<AppEnv>): Language {
  const lang = c.req.query('lang');
  if (lang === 'es') return 'spanish';
  if (lang === 'en') return 'english';
  return c.var.brand.defaultLanguage;
}

/** The pages the Worker serves outside the route registry (privacy and partners pages): events may name them. */
export const CHROME_PAGES = ['do-not-sell', 'partners', 'your-data'] as const;
export type ChromePage = (typeof CHROME_PAGES)[number];

export function chrome(c: Context<AppEnv>, name: ChromePage) {
  const brand = c.var.brand;
  return {
    brand,
    language: languageOf(c),
    phone: displayPhone(null, brand.defaultPhone),
    shell: { ...shellOptions(c, false) },
    pageContext: {
      brand: { id: brand.id, name: brand.name },
      page: { name, template: 'legal' },
      visitorId: c.var.anonymousId,
      tracking: buildPageTracking(c),
    },
  };
}
