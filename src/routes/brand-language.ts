/**
 * Pages every brand serves (the home page, terms, privacy) speak the brand's language: on a
 * Spanish brand (m10es) the home page is Spanish copy and every UI string around the legal
 * text is Spanish. Pages with a language of their own (every funnel page) keep it.
 */
import type { Language, PageConfig, RouteRecord } from './schema';
import { HOME_COPY_ES } from './families/fixed';

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

/** The page's config in that language: the home page has Spanish copy; legal text stays English (docs/decisions.md). */
export function localizedConfig(route: Pick<RouteRecord, 'name' | 'config'>, language: Language): PageConfig {
  if (route.name === 'index' && language === 'spanish')
    return { ...route.config, ...HOME_COPY_ES, body: [...HOME_COPY_ES.body] };
  return route.config;
}
