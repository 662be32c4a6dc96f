/**
 * A small seeded generator (mulberry32) and normal draws (Box-Muller): the bandit's Monte Carlo
 * and its simulation are reproducible from a seed, so a test of "traffic moves to the best
 * variant" gives the same answer on every run, on every machine.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normal(random: Random, mean = 0, sd = 1): number {
  const u = Math.max(random(), Number.MIN_VALUE);
  const v = random();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
