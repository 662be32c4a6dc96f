/**
 * Whether each audited page says noindex exactly when the route table says it must. Lighthouse's
 * is-crawlable only reports that a page is blocked, not whether it should be, so an indexable
 * page wrongly marked noindex (it drops out of search) and a paid funnel page left indexable
 * would both pass it. The audit serves the local environment, not the preview one, so the rule
 * is the spec's for production: noindex when the page's `indexable` is not true (spec
 * section 2; src/worker/shell.ts isNoindex).
 */
import { findRoute } from '../src/routes/registry';

/** What a served page says: `<meta name="robots">` and the X-Robots-Tag header. */
export function saysNoindex(metaRobots: string | null, robotsHeader: string | null): boolean {
  return [metaRobots, robotsHeader].some((value) => value !== null && /(^|[\s,])(noindex|none)($|[\s,])/i.test(value));
}

/** Null when the page's robots rule matches the route table, else what is wrong. */
export function robotsMismatch(url: string, noindex: boolean): string | null {
  const { pathname } = new URL(url);
  const match = findRoute(pathname);
  if (!match) return `robots: ${pathname} is not in the route table`;
  const indexable = match.route.config.indexable === true;
  if (indexable && noindex)
    return `robots: ${match.route.name} is indexable in the route table but the page says noindex`;
  if (!indexable && !noindex)
    return `robots: ${match.route.name} is not indexable in the route table but the page lets robots index it`;
  return null;
}
