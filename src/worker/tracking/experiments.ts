import type { Context } from 'hono';
import type { Experiment, PageConfig, RouteRecord } from '../../routes/schema';
import type { ExperimentAssignment } from '../../shared/tracking/page-tracking';
import { routeByName } from '../../routes/registry';
import type { AppEnv, StoredAssignments } from '../env';
import { fnv1a } from '../../shared/fnv1a';

export type { ExperimentAssignment };

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

/**
 * The variant a visitor has in an experiment without deciding anything new: by the hash in a
 * `fixed` one; the stored assignment in an `optimise` one (none when this visitor was never given
 * a variant of it, or was given one the experiment no longer has).
 */
function knownVariant(
  experiment: Experiment,
  visitorId: string,
  stored: StoredAssignments | undefined,
): Experiment['variants'][number] | undefined {
  if (experiment.mode === 'fixed') return assignVariant(experiment, visitorId);
  if (!experiment.active) return undefined;
  const id = stored?.get(experiment.id);
  return id === undefined ? undefined : experiment.variants.find((v) => v.id === id);
}

/** A page's config with a variant's overrides, and the assignment that names it. */
export function withVariant(
  route: Pick<RouteRecord, 'config' | 'experiment'>,
  variant: Experiment['variants'][number] | undefined,
): { config: PageConfig; assignment: ExperimentAssignment | null } {
  const experiment = route.experiment;
  if (!experiment || !variant) return { config: route.config, assignment: null };
  return {
    config: { ...route.config, ...variant.config },
    assignment: { experimentId: experiment.id, variantId: variant.id },
  };
}

/**
 * The page config this visitor sees, and the assignment when the page runs an active experiment
 * and the visitor has a variant of it (see knownVariant; a page render gives a new visitor of an
 * `optimise` experiment theirs first, src/worker/experiments/edge-assignment.ts).
 */
export function applyExperiment(
  route: Pick<RouteRecord, 'config' | 'experiment'>,
  visitorId: string,
  stored?: StoredAssignments,
): { config: PageConfig; assignment: ExperimentAssignment | null } {
  const experiment = route.experiment;
  if (!experiment) return { config: route.config, assignment: null };
  return withVariant(route, knownVariant(experiment, visitorId, stored));
}

/**
 * The visitor's assignment in the experiment of the named page, if it runs one (none when it
 * stopped): every event of that page carries it, browser or server, so the rollups split page
 * views, submits and leads by variant. An `optimise` experiment's comes from the visitor's stored
 * assignments (the signed cookie, or this request's page render), so events, leads and payouts
 * are attributed to the variant the visitor actually saw.
 */
export function experimentOfPage(
  c: Context<AppEnv>,
  pageName: string | null | undefined,
): ExperimentAssignment | Record<string, never> {
  const route = pageName ? routeByName(pageName) : undefined;
  if (!route?.experiment) return {};
  return applyExperiment(route, c.get('anonymousId'), c.get('experimentAssignments')).assignment ?? {};
}

/** The assignment of a fixed experiment on the named page, for work done outside a request (a lead's delivery). */
export function fixedExperimentOfPage(pageName: string, visitorId: string): ExperimentAssignment | null {
  const route = routeByName(pageName);
  if (route?.experiment?.mode !== 'fixed') return null;
  return applyExperiment(route, visitorId).assignment;
}
