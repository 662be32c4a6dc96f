/**
 * The home page's "popular guides": the brand's pages in its language, indexable ones first,
 * without legal pages, catch-alls or preview pages. Each title is unique per brand (
 * ps showed "Compare car insurance offers" four times): a title shared by several pages gives
 * way to each page's headline, and a page whose words still repeat another's is left out.
 */
import { isServedFor, pathShape, ROUTES } from './registry';
import type { Language, RouteRecord } from './schema';

export interface PageLink {
  path: string;
  title: string;
}

const MAX_GUIDES = 12;

function isGuide(route: RouteRecord, brandId: string, language: Language): boolean {
  return (
    isServedFor(route, brandId) &&
    route.language === language &&
    route.config.template !== 'legal' &&
    route.name !== 'index' &&
    pathShape(route.path).param !== 'slug' &&
    !route.name.endsWith('-preview') &&
    !route.name.endsWith('-test')
  );
}

/** Per brand and language, computed once per isolate: the registry never changes while it runs. */
const computed = new Map<string, readonly PageLink[]>();

export function homeGuides(brandId: string, language: Language): readonly PageLink[] {
  const key = `${brandId}|${language}`;
  let links = computed.get(key);
  if (!links) {
    links = guidesOf(brandId, language);
    computed.set(key, links);
  }
  return links;
}

function guidesOf(brandId: string, language: Language): PageLink[] {
  const candidates = ROUTES.filter((r) => isGuide(r, brandId, language)).sort(
    (a, b) => Number(b.config.indexable) - Number(a.config.indexable),
  );
  const titleCount = new Map<string, number>();
  for (const r of candidates) {
    const title = r.config.title ?? r.config.headline;
    titleCount.set(title, (titleCount.get(title) ?? 0) + 1);
  }
  const seen = new Set<string>();
  const links: PageLink[] = [];
  for (const r of candidates) {
    const title = r.config.title ?? r.config.headline;
    const shown = (titleCount.get(title) ?? 0) > 1 ? r.config.headline : title;
    const key = shown.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ path: pathShape(r.path).base, title: shown });
    if (links.length === MAX_GUIDES) break;
  }
  return links;
}
