/**
 * Experiments that optimise revenue per visitor: Thompson sampling over each experiment's
 * variants (thompson.ts), fed by the revenue and event rollups (variant-stats.ts), recomputed on
 * a schedule into KV (allocations.ts) and shown in the report (docs/decisions/0163-revenue-bandit.md).
 */
export { allocate, DEFAULT_BANDIT, pickVariant, type Allocation, type VariantStats } from './thompson';
export { loadVariantStats } from './variant-stats';
export { recomputeAllocations, ALLOCATION_PREFIX } from './allocations';
export { seededRandom } from './seeded-random';
