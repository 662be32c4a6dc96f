import { describe, expect, it } from 'vitest';
import { DEFAULT_BANDIT, allocate, pickVariant, withMinimumShare, type VariantStats } from './thompson';
import { seededRandom } from './seeded-random';

/**
 * The bandit, simulated: three variants with known payout rates (a call worth about $40 converts
 * 2%, 3% and 5% of visits: RPV $0.80, $1.20, $2.00). Visitors arrive in batches of 500; each is
 * assigned by the allocation of the moment (10% holdout on equal weights), earns by its variant's
 * rate, and the allocation is recomputed after every batch, as the schedule would. Seeded, so the
 * run is the same every time.
 */
const RATES: Record<string, number> = { a: 0.02, b: 0.03, c: 0.05 };
const VARIANTS = [
  { id: 'a', weight: 1 },
  { id: 'b', weight: 1 },
  { id: 'c', weight: 1 },
];
const BATCH = 500;

/**
 * `returning`: the share of visits made by a visitor seen before, who keeps the variant first
 * given (the sticky assignment at the edge), however the allocation moved since.
 */
function simulate(seed: number, visits: number, returning = 0) {
  const random = seededRandom(seed);
  const stats: VariantStats[] = VARIANTS.map((v) => ({ id: v.id, visits: 0, revenue: 0, revenueSquared: 0 }));
  let shares: Record<string, number> | null = null;
  const history: { visits: number; bestShare: number; winner: string | null }[] = [];
  let winner: string | null = null;
  const given: string[] = [];
  for (let done = 0; done < visits; done += BATCH) {
    for (let i = 0; i < BATCH; i += 1) {
      // No draw at all without returning visitors, so that run is the one measured before.
      const back = returning > 0 && given.length > 0 && random() < returning;
      const id = back
        ? (given[Math.floor(random() * given.length)] ?? 'a')
        : (pickVariant(VARIANTS, shares, DEFAULT_BANDIT.holdout, random(), random()) ?? 'a');
      if (!back) given.push(id);
      const variant = stats.find((s) => s.id === id);
      if (!variant) continue;
      const revenue = random() < (RATES[id] ?? 0) ? 30 + random() * 20 : 0;
      variant.visits += 1;
      variant.revenue += revenue;
      variant.revenueSquared += revenue * revenue;
    }
    const allocation = allocate(stats, { ...DEFAULT_BANDIT, draws: 2000 }, random);
    shares = allocation.shares;
    winner = allocation.winner;
    history.push({ visits: done + BATCH, bestShare: shares.c ?? 0, winner });
  }
  return { history, stats, winner };
}

describe('Thompson sampling on revenue per visitor', () => {
  it('moves the optimised traffic to the best variant within 2,500 visits and stops on it within 15,000', () => {
    const { history, stats } = simulate(20261126, 20_000);
    // Measured: 80% of the optimised traffic reaches c after 1,000 visits with this seed (500 to
    // 1,500 with seeds 1 to 3); held at 2,500, and kept to the end.
    const settled = history.filter((h) => h.visits >= 2_500);
    expect(Math.min(...settled.map((h) => h.bestShare))).toBeGreaterThanOrEqual(0.8);
    // The stop rule (probability best >= 0.95, every variant >= 1,000 visits) names c; measured at
    // 11,000 visits (9,500 to 11,500 with seeds 1 to 3), which the minimum sample of the worse two bounds.
    const stopped = history.find((h) => h.winner !== null);
    expect(stopped?.winner).toBe('c');
    expect(stopped?.visits).toBeLessThanOrEqual(15_000);
    // The worse variants kept at least their minimum share until the stop, so each was measured.
    for (const s of stats) expect(s.visits).toBeGreaterThanOrEqual(DEFAULT_BANDIT.minSample);
  });

  it('is deterministic for a seed and lands on the best variant for other seeds too', () => {
    expect(simulate(7, 5_000).history).toEqual(simulate(7, 5_000).history);
    for (const seed of [1, 2, 3]) expect(simulate(seed, 20_000).winner).toBe('c');
  });

  it('still moves to the best variant and stops on it when a third of visits are returning visitors kept on their first variant', () => {
    // Measured: the allocation gives c 80% after 1,500 visits with this seed (500 to 2,000 with seeds
    // 1 to 3), and the stop rule names c at 9,000 (9,500 to 10,500): sooner than with new visitors
    // only, since returning visitors keep the early even split and the worse variants reach their
    // minimum sample first. What the bandit pays for stickiness is that the realized traffic moves
    // more slowly than the allocation.
    const { history } = simulate(20261126, 20_000, 1 / 3);
    const settled = history.filter((h) => h.visits >= 3_000);
    expect(Math.min(...settled.map((h) => h.bestShare))).toBeGreaterThanOrEqual(0.8);
    const stopped = history.find((h) => h.winner !== null);
    expect(stopped?.winner).toBe('c');
    expect(stopped?.visits).toBeLessThanOrEqual(15_000);
    for (const seed of [1, 2, 3]) expect(simulate(seed, 20_000, 1 / 3).winner).toBe('c');
  });

  it('keeps every variant at the minimum share and sums to one', () => {
    const shares = withMinimumShare([0.98, 0.02, 0], 0.05);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(Math.min(...shares)).toBeCloseTo(0.05, 10);
  });

  it('assigns the holdout by the fixed weights whatever the optimised shares say', () => {
    const shares = { a: 0, b: 0, c: 1 };
    // A visitor in the holdout (second bucket below 0.1) with a first bucket in a's third.
    expect(pickVariant(VARIANTS, shares, 0.1, 0.2, 0.05)).toBe('a');
    // The same visitor outside the holdout follows the shares.
    expect(pickVariant(VARIANTS, shares, 0.1, 0.2, 0.5)).toBe('c');
  });
});
