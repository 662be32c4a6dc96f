/**
 * Thompson sampling over an experiment's variants on revenue per visitor. Each variant's mean RPV
 * has a normal posterior (the central limit theorem: a mean over many visits is close to normal
 * even though one visit's revenue is mostly zero), centred on its observed mean with the standard
 * error of that mean; a prior worth PRIOR_VISITS visits at the pooled mean keeps a variant with few
 * visits from looking certain. The probability that a variant is best is the share of joint
 * posterior draws in which it has the highest RPV, and the traffic share of the optimised part is
 * that probability (batched Thompson sampling), floored at a minimum share per variant. A holdout
 * share of visitors keeps the experiment's fixed weights, so the bandit's own lift stays measurable.
 * The stop rule: a variant with probability best >= stopProbability once every variant has at
 * least minSample visits wins, and the optimised part all goes to it.
 */
import { normal, type Random } from './seeded-random';

export interface VariantStats {
  id: string;
  visits: number;
  /** Sum over visits of revenue (realized where known, expected otherwise), in dollars. */
  revenue: number;
  /** Sum over visits of revenue squared. */
  revenueSquared: number;
}

export interface BanditSettings {
  /** Least share of the optimised traffic any variant keeps (0 to 1/variants). */
  minShare: number;
  /** Share of all visitors kept on the fixed weights. */
  holdout: number;
  minSample: number;
  stopProbability: number;
  /** Monte Carlo draws for probability best. */
  draws: number;
}

export const DEFAULT_BANDIT: BanditSettings = {
  minShare: 0.05,
  holdout: 0.1,
  minSample: 1000,
  stopProbability: 0.95,
  draws: 4000,
};

const PRIOR_VISITS = 20;

export interface VariantPosterior {
  id: string;
  visits: number;
  rpv: number;
  /** 95% credible interval of the mean RPV. */
  low: number;
  high: number;
  probabilityBest: number;
}

export interface Allocation {
  /** Share of the optimised traffic per variant id (sums to 1). */
  shares: Record<string, number>;
  posteriors: VariantPosterior[];
  /** The winner once the stop rule holds. */
  winner: string | null;
}

function posteriorOf(stats: VariantStats, pooledMean: number, pooledVariance: number) {
  const n = stats.visits;
  const mean = n > 0 ? stats.revenue / n : 0;
  const variance = n > 1 ? Math.max(0, (stats.revenueSquared - n * mean * mean) / (n - 1)) : pooledVariance;
  // Shrink toward the pooled mean with a prior worth PRIOR_VISITS visits.
  const weight = n + PRIOR_VISITS;
  const centre = (n * mean + PRIOR_VISITS * pooledMean) / weight;
  const sd = Math.sqrt(Math.max(variance, pooledVariance, 1e-9) / weight);
  return { centre, sd, n };
}

/** Floors each share at `min` and scales the rest so they sum to 1. */
export function withMinimumShare(shares: number[], min: number): number[] {
  const floor = Math.min(min, 1 / shares.length);
  const result = shares.slice();
  const fixed = new Set<number>();
  for (let round = 0; round < shares.length; round += 1) {
    const free = result.map((_, i) => i).filter((i) => !fixed.has(i));
    const budget = 1 - fixed.size * floor;
    const sum = free.reduce((s, i) => s + (shares[i] ?? 0), 0);
    for (const i of free) result[i] = sum > 0 ? ((shares[i] ?? 0) / sum) * budget : budget / free.length;
    const under = free.filter((i) => (result[i] ?? 0) < floor);
    if (under.length === 0) break;
    for (const i of under) {
      fixed.add(i);
      result[i] = floor;
    }
  }
  return result;
}

export function allocate(stats: VariantStats[], settings: BanditSettings, random: Random): Allocation {
  const totalVisits = stats.reduce((s, v) => s + v.visits, 0);
  const totalRevenue = stats.reduce((s, v) => s + v.revenue, 0);
  const totalSquared = stats.reduce((s, v) => s + v.revenueSquared, 0);
  const pooledMean = totalVisits > 0 ? totalRevenue / totalVisits : 0;
  const pooledVariance =
    totalVisits > 1 ? Math.max(1e-6, (totalSquared - totalVisits * pooledMean * pooledMean) / (totalVisits - 1)) : 1;
  const posteriors = stats.map((s) => posteriorOf(s, pooledMean, pooledVariance));
  const wins = stats.map(() => 0);
  for (let draw = 0; draw < settings.draws; draw += 1) {
    let best = 0;
    let bestValue = -Infinity;
    posteriors.forEach((p, i) => {
      const value = normal(random, p.centre, p.sd);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    });
    wins[best] = (wins[best] ?? 0) + 1;
  }
  const probabilities = wins.map((w) => w / settings.draws);
  const leader = probabilities.indexOf(Math.max(...probabilities));
  const enough = stats.every((s) => s.visits >= settings.minSample);
  const winner =
    enough && (probabilities[leader] ?? 0) >= settings.stopProbability ? (stats[leader]?.id ?? null) : null;
  const shares = winner
    ? stats.map((s) => (s.id === winner ? 1 : 0))
    : withMinimumShare(probabilities, settings.minShare);
  return {
    shares: Object.fromEntries(stats.map((s, i) => [s.id, shares[i] ?? 0])),
    posteriors: stats.map((s, i) => {
      const p = posteriors[i] ?? { centre: 0, sd: 0 };
      return {
        id: s.id,
        visits: s.visits,
        rpv: s.visits > 0 ? s.revenue / s.visits : 0,
        low: p.centre - 1.96 * p.sd,
        high: p.centre + 1.96 * p.sd,
        probabilityBest: probabilities[i] ?? 0,
      };
    }),
    winner,
  };
}

/**
 * The variant for one visitor: `bucket` and `holdoutBucket` are the visitor's two stable uniform
 * numbers in [0, 1) (hashes of the experiment and visitor ids). A visitor in the holdout gets the
 * fixed weights; the rest the optimised shares.
 */
export function pickVariant(
  variants: readonly { id: string; weight: number }[],
  shares: Record<string, number> | null,
  holdout: number,
  bucket: number,
  holdoutBucket: number,
): string | undefined {
  const fixedTotal = variants.reduce((s, v) => s + v.weight, 0);
  const useFixed = !shares || holdoutBucket < holdout;
  let left = bucket;
  for (const variant of variants) {
    const share = useFixed ? (fixedTotal > 0 ? variant.weight / fixedTotal : 0) : (shares[variant.id] ?? 0);
    if (left < share) return variant.id;
    left -= share;
  }
  return variants.findLast((v) => (useFixed ? v.weight > 0 : (shares?.[v.id] ?? 0) > 0))?.id;
}
