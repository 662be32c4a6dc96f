/**
 * An `optimise` experiment's variant for a page view, decided at the edge. A visitor who was given
 * a variant keeps it (the signed cookie, assignment-cookie.ts) even after the bandit's shares move;
 * a new one is split by the latest allocation: the holdout share by the experiment's fixed weights,
 * the rest by the bandit's shares, or all of it to the winner once the stop rule held. The choice
 * is a pure function of the visitor's anonymous id and the allocation (visitor-buckets.ts),
 * so two tabs opened at once by a new visitor get the same variant. With no allocation stored yet
 * the fixed weights decide; when KV fails they decide too, and the fallback is counted
 * (`experiment.fallback`) so a broken allocation read shows on the health page, not only in
 * flatter results.
 */
import type { Context } from 'hono';
import type { Experiment, RouteRecord } from '../../routes/schema';
import type { AppEnv } from '../env';
import { recordMetric } from '../operations/metrics';
import { applyExperiment, withVariant } from '../tracking/experiments';
import { latestAllocation, type AllocationShares } from './allocation-read';
import { notePersonAssigned } from './experiment-people';
import { DEFAULT_BANDIT, pickVariant } from './thompson';
import { visitorBuckets } from './visitor-buckets';

/**
 * The optimised shares of the experiment's current variants: the winner alone once there is one,
 * else the stored shares of the variants the page still has, scaled to sum to 1 (a variant added
 * since the last recompute waits for the next one; the holdout shows it meanwhile).
 */
export function currentShares(
  experiment: Pick<Experiment, 'variants'>,
  allocation: AllocationShares,
): Record<string, number> | null {
  const ids = new Set(experiment.variants.map((v) => v.id));
  if (allocation.winner !== null && ids.has(allocation.winner)) return { [allocation.winner]: 1 };
  const kept = Object.entries(allocation.shares).filter(([id, share]) => ids.has(id) && share > 0);
  const total = kept.reduce((sum, [, share]) => sum + share, 0);
  return total > 0 ? Object.fromEntries(kept.map(([id, share]) => [id, share / total])) : null;
}

/** The variant id for a visitor not assigned yet, by the allocation (null: the fixed weights for everyone). */
export function chooseVariant(
  experiment: Pick<Experiment, 'id' | 'variants'>,
  anonymousId: string,
  shares: Record<string, number> | null,
): string | undefined {
  const { bucket, holdout } = visitorBuckets(experiment.id, anonymousId);
  return pickVariant(experiment.variants, shares, DEFAULT_BANDIT.holdout, bucket, holdout);
}

/**
 * The page's config and assignment for this visitor: the stored variant when they have one, else
 * a new one by the allocation, stored for them (experimentAssignments, whose middleware writes the
 * cookie on the way out) so this request's own events already carry it.
 */
export async function optimisedExperiment(c: Context<AppEnv>, route: Pick<RouteRecord, 'config' | 'experiment'>) {
  const anonymousId = c.get('anonymousId');
  const stored = c.get('experimentAssignments');
  const known = applyExperiment(route, anonymousId, stored);
  const experiment = route.experiment;
  if (known.assignment || !experiment?.active) return known;
  const read = await latestAllocation(c.env.CACHE, experiment.id);
  if (read.status === 'failed') recordMetric(c.env, 'experiment.fallback', experiment.id);
  const shares = read.status === 'ok' ? currentShares(experiment, read.allocation) : null;
  const id = chooseVariant(experiment, anonymousId, shares);
  const variant = experiment.variants.find((v) => v.id === id);
  if (!variant) return known;
  const assignments = new Map(stored ?? []);
  // The newest last: a visitor past the cookie's limit keeps their most recent experiments.
  assignments.delete(experiment.id);
  assignments.set(experiment.id, variant.id);
  c.set('experimentAssignments', assignments);
  // The bandit counts this visitor once, in this variant, if they are not a bot.
  notePersonAssigned(c, experiment.id, variant.id);
  return withVariant(route, variant);
}
