/**
 * Experiments that optimise revenue per visitor: Thompson sampling over each experiment's
 * variants (thompson.ts), fed by the revenue and event rollups (variant-stats.ts), recomputed on
 * a schedule into KV (allocations.ts) and shown in the report (docs/decisions/0163-revenue-bandit.md);
 * an `optimise` experiment's page reads the allocation (allocation-read.ts) to give each new visitor
 * a variant at the edge, kept for them in a signed cookie (edge-assignment.ts, assignment-cookie.ts;
 * docs/decisions/0164-optimise-experiments-at-the-edge.md).
 */
export { allocate, DEFAULT_BANDIT, pickVariant, type Allocation, type VariantStats } from './thompson';
export { loadVariantStats } from './variant-stats';
export { recomputeAllocations, ALLOCATION_PREFIX } from './allocations';
export { seededRandom } from './seeded-random';
export { experimentAssignments } from './assignment-cookie';
export { optimisedExperiment } from './edge-assignment';
