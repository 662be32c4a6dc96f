/**
 * Pages every brand serves (the home page, terms, privacy) speak the brand's language: on a
 * Spanish brand (m10es) the home page is the brand's Spanish copy and every UI string around
 * the legal text is Spanish. Pages with a language of their own (every funnel page) keep it.
 */
import type { Language, PageConfig, RouteRecord } from './schema';
import type { Brand } from '../../brands/schema';
import { productCopy } from '../../brands/product-copy';
import { privacyEs, termsEs } from './families/legal-es';

/** The legal pages' text in Spanish, by route name (decision 0141). */
const SPANISH_LEGAL: Readonly<Record<string, typeof termsEs>> = { tos: termsEs, privacy: privacyEs };

/** A page served to every brand rather than written for one language. */
export function isBrandWidePage(route: Pick<RouteRecord, 'name' | 'config'>): boolean {
  return route.name === 'index' || route.config.template === 'legal';
}

export function pageLanguage(
  route: Pick<RouteRecord, 'name' | 'config' | 'language'>,
  brandLanguage: Language,
): Language {
  return isBrandWidePage(route) ? brandLanguage : route.language;
}

/**
 * The page's config for the brand. Pages every brand serves sell the brand's product; the
 * home page says the brand's own words (its record's `copy`) and its product's body copy
 * (brands/product-copy.ts) in the brand's language; the terms and privacy policy are written in
 * Spanish for a Spanish brand (./families/legal-es.ts, docs/decisions/0141-spanish-legal-pages.md).
 */
export function localizedConfig(
  route: Pick<RouteRecord, 'name' | 'config'>,
  brand: Pick<Brand, 'defaultLanguage' | 'defaultProduct' | 'copy'>,
): PageConfig {
  if (!isBrandWidePage(route)) return route.config;
  const config = { ...route.config, product: brand.defaultProduct };
  const legalEs = brand.defaultLanguage === 'spanish' ? SPANISH_LEGAL[route.name] : undefined;
  if (legalEs) return { ...config, ...legalEs, body: [...legalEs.body] };
  if (route.name !== 'index') return config;
  const body = [...productCopy(brand.defaultProduct, brand.defaultLanguage).homeBody];
  return { ...config, ...brand.copy.home, body };
}
