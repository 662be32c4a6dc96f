import { routeByName, isServedFor } from '../../routes/registry';
import { CHROME_PAGES } from '../consent/page-chrome';

const SITE_PAGES: ReadonlySet<string> = new Set(CHROME_PAGES);

/**
 * What an event may name (the report counts by these): a page that exists and is served on
 * this brand, and an experiment and variant that the page runs. A made-up page name or variant
 * would become a row of the report, so the event is refused with 400 instead. An event that
 * names no page (a click outside a page's context) is fine.
 */
export interface NameProblem {
  code: 'unknown_page' | 'unknown_variant';
  message: string;
  issues: Array<{ path: string[]; message: string }>;
}

export function eventNameProblem(
  properties: { page?: { name: string } | undefined; experimentId?: unknown; variantId?: unknown },
  brandId: string,
): NameProblem | null {
  const name = properties.page?.name;
  const route = name === undefined ? undefined : routeByName(name);
  // The privacy and partners pages every brand serves outside the registry are pages too.
  if (name !== undefined && !SITE_PAGES.has(name) && (!route || !isServedFor(route, brandId)))
    return {
      code: 'unknown_page',
      message: 'The event names a page this site does not have',
      issues: [{ path: ['properties', 'page', 'name'], message: 'not a page of this brand' }],
    };
  const { experimentId, variantId } = properties;
  if (experimentId === undefined && variantId === undefined) return null;
  const experiment = route?.experiment;
  const known =
    experiment !== undefined &&
    experiment.id === experimentId &&
    experiment.variants.some((variant) => variant.id === variantId);
  if (known) return null;
  return {
    code: 'unknown_variant',
    message: 'The event names an experiment or variant its page does not run',
    issues: [{ path: ['properties', 'experimentId'], message: 'not an experiment and variant of this page' }],
  };
}
