/**
 * What the bandit and the report know about each variant of an experiment: visitors (sessions
 * that viewed the experiment's page in that variant, from the event rollups) and revenue per
 * visit (realized where paid, expected otherwise, from the visits' value rows and, for days the
 * retention cron pruned, their per-day sums), with its square for the variance. Variant keys are
 * "experiment:variant", as the rollups store them.
 */
import type { VariantStats } from './thompson';

export interface ExperimentStats {
  experimentId: string;
  variants: VariantStats[];
}

export async function loadVariantStats(
  db: D1Database,
  range: { from: string; to: string } | null = null,
): Promise<ExperimentStats[]> {
  const days = range ? 'AND day >= ? AND day <= ?' : '';
  const binds = range ? [range.from, range.to] : [];
  const [visits, revenue] = await db.batch<{ variant: string; visits: number; revenue?: number; squared?: number }>([
    db
      .prepare(`SELECT variant, SUM(visits) AS visits FROM event_rollups WHERE variant <> '' ${days} GROUP BY variant`)
      .bind(...binds),
    // Live value rows, and the sums of the days the retention cron pruned (variant_value_days).
    db
      .prepare(
        `SELECT variant, SUM(visits) AS visits, SUM(revenue) AS revenue, SUM(squared) AS squared FROM (
           SELECT variant, COUNT(*) AS visits, SUM(v) AS revenue, SUM(v * v) AS squared FROM (
             SELECT variant, (CASE WHEN payouts > 0 THEN realized_call_cents + realized_click_cents + realized_lead_cents
               ELSE expected_cents END) / 100.0 AS v
             FROM visit_values WHERE variant <> '' ${days}
           ) GROUP BY variant
           UNION ALL
           SELECT variant, SUM(visits), SUM(revenue), SUM(squared) FROM variant_value_days
           WHERE variant <> '' ${days} GROUP BY variant
         ) GROUP BY variant`,
      )
      .bind(...binds, ...binds),
  ]);
  const byExperiment = new Map<string, Map<string, VariantStats>>();
  const entry = (key: string): VariantStats | null => {
    const at = key.indexOf(':');
    if (at <= 0) return null;
    const experimentId = key.slice(0, at);
    const id = key.slice(at + 1);
    const variants = byExperiment.get(experimentId) ?? new Map<string, VariantStats>();
    byExperiment.set(experimentId, variants);
    const stats = variants.get(id) ?? { id, visits: 0, revenue: 0, revenueSquared: 0 };
    variants.set(id, stats);
    return stats;
  };
  for (const row of visits?.results ?? []) {
    const stats = entry(row.variant);
    if (stats) stats.visits = Math.max(stats.visits, row.visits);
  }
  for (const row of revenue?.results ?? []) {
    const stats = entry(row.variant);
    if (!stats) continue;
    // A priced visit the event rollups have not counted yet (the queue is behind) is still a visit.
    stats.visits = Math.max(stats.visits, row.visits);
    stats.revenue = row.revenue ?? 0;
    stats.revenueSquared = row.squared ?? 0;
  }
  return [...byExperiment].map(([experimentId, variants]) => ({
    experimentId,
    variants: [...variants.values()].sort((a, b) => a.id.localeCompare(b.id)),
  }));
}
