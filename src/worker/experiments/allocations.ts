/**
 * The scheduled recompute (every 15 minutes, wrangler.toml): for every experiment with variants
 * in the rollups, the Thompson allocation over all its days, stored in KV under
 * `experiment-allocation:<id>` (shares of the optimised traffic, probability best, the winner
 * once the stop rule holds). The draws are seeded by the schedule's time: a recompute can be
 * repeated exactly.
 */
import { allocate, DEFAULT_BANDIT, type Allocation } from './thompson';
import { seededRandom } from './seeded-random';
import { loadVariantStats } from './variant-stats';

export const ALLOCATION_PREFIX = 'experiment-allocation:';

export interface StoredAllocation extends Allocation {
  experimentId: string;
  computedAt: string;
}

export async function recomputeAllocations(env: Pick<Env, 'DB' | 'CACHE'>, now: Date): Promise<StoredAllocation[]> {
  const experiments = await loadVariantStats(env.DB);
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
