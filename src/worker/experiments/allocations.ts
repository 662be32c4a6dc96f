/**
 * The scheduled recompute (every 15 minutes, wrangler.toml): for every experiment with variants
 * in the rollups, and every active `optimise` experiment of the route data (each of its variants,
 * with no visits yet where the rollups have none, so a new variant starts at the minimum share
 * rather than nowhere), the Thompson allocation over all its days, stored in KV under
 * `experiment-allocation:<id>` (shares of the optimised traffic, probability best, the winner
 * once the stop rule holds). The draws are seeded by the schedule's time: a recompute can be
 * repeated exactly.
 */
import { ROUTES } from '../../routes/registry';
import { allocate, DEFAULT_BANDIT, type Allocation } from './thompson';
import { seededRandom } from './seeded-random';
import { loadVariantStats, type ExperimentStats } from './variant-stats';

export const ALLOCATION_PREFIX = 'experiment-allocation:';

export interface StoredAllocation extends Allocation {
  experimentId: string;
  computedAt: string;
}

/** The experiments to allocate: the rollups' own, with every variant of each running `optimise` experiment. */
function withOptimisedVariants(fromRollups: ExperimentStats[]): ExperimentStats[] {
  const byId = new Map(fromRollups.map((e) => [e.experimentId, e]));
  for (const route of ROUTES) {
    const experiment = route.experiment;
    if (!experiment?.active || experiment.mode !== 'optimise') continue;
    const seen = byId.get(experiment.id)?.variants ?? [];
    // Only the variants the page still has: a removed one's traffic must not be allocated.
    const variants = experiment.variants.map(
      (v) => seen.find((s) => s.id === v.id) ?? { id: v.id, visits: 0, revenue: 0, revenueSquared: 0 },
    );
    byId.set(experiment.id, { experimentId: experiment.id, variants });
  }
  return [...byId.values()];
}

export async function recomputeAllocations(
  env: Pick<Env, 'DB' | 'REVENUE_DB' | 'CACHE'>,
  now: Date,
): Promise<StoredAllocation[]> {
  const experiments = withOptimisedVariants(await loadVariantStats(env));
  const stored: StoredAllocation[] = [];
  for (const experiment of experiments) {
    if (experiment.variants.length < 2) continue;
    const allocation = allocate(experiment.variants, DEFAULT_BANDIT, seededRandom(now.getTime() % 2 ** 32));
    const value: StoredAllocation = {
      ...allocation,
      experimentId: experiment.experimentId,
      computedAt: now.toISOString(),
    };
    await env.CACHE.put(`${ALLOCATION_PREFIX}${experiment.experimentId}`, JSON.stringify(value));
    stored.push(value);
  }
  return stored;
}
