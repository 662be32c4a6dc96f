import type { Experiment, PageConfig, RouteRecord } from '../../routes/schema';
import type { ExperimentAssignment } from '../../shared/tracking/page-tracking';
import { routeByName } from '../../routes/registry';

export type { ExperimentAssignment };

/**
 * FNV-1a, 32 bits: fast, synchronous and stable across runtimes, so the Worker needs no
 * storage to keep a visitor in the same variant on every page view.
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The visitor's variant: a bucket from a hash of experiment id and visitor id, walked through
 * the cumulative weights. Sticky while the weights stay as they are; an inactive experiment
 * assigns nobody.
 */
export function assignVariant(experiment: Experiment, visitorId: string): Experiment['variants'][number] | undefined {
  if (!experiment.active) return undefined;
  const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  if (total <= 0) return undefined;
  let bucket = fnv1a(`${experiment.id}:${visitorId}`) % total;
  for (const variant of experiment.variants) {
    if (bucket < variant.weight) return variant;
    bucket -= variant.weight;
  }
  return undefined;
}

/** The page config this visitor sees, and the assignment when the page runs an active experiment. */
export function applyExperiment(
  route: Pick<RouteRecord, 'config' | 'experiment'>,
  visitorId: string,
): { config: PageConfig; assignment: ExperimentAssignment | null } {
  const experiment = route.experiment;
  if (!experiment) return { config: route.config, assignment: null };
  const variant = assignVariant(experiment, visitorId);
  if (!variant) return { config: route.config, assignment: null };
  return {
    config: { ...route.config, ...variant.config },
    assignment: { experimentId: experiment.id, variantId: variant.id },
  };
}

/**
 * The visitor's assignment in the experiment of the named page, if it runs one (none when it
 * stopped): every event of that page carries it, browser or server, so the rollups split page
 * views, submits and leads by variant.
 */
export function experimentOfPage(
  pageName: string | null | undefined,
  visitorId: string,
): ExperimentAssignment | Record<string, never> {
  const route = pageName ? routeByName(pageName) : undefined;
  return (route && applyExperiment(route, visitorId).assignment) ?? {};
}
