/**
 * What the bandit and the report know about each variant of an experiment, in money partners
 * paid: expected value (a demand check's bid, a listing's prices) never counts, since anyone can
 * make a visit look valuable by choosing what to ask for (docs/decisions/0256-bandit-on-realized-money-from-people.md).
 * - An `optimise` experiment (rows in experiment_people): its people, each once, judged as leads
 *   are (not a bot's user agent when first assigned, no lead of theirs judged a bot), each worth the
 *   most partners paid for one of their visits in that variant (a person converts once in practice:
 *   a script that collects payouts on many visits of one cookie still counts as one).
 * - Any other experiment: visitors (sessions that viewed the experiment's page in that variant,
 *   from the event rollups) and realized revenue per visit from the visits' value rows and, for
 *   days the retention cron pruned, their per-day sums.
 * Revenue is in dollars with its square for the variance. Variant keys are "experiment:variant",
 * as the rollups store them.
 */
import { VISIT_VALUE_RETENTION_DAYS } from '../revenue/retention';
import type { VariantStats } from './thompson';

const DAY_MS = 86_400_000;

/** Realized money of a visit row, in dollars. */
const REALIZED_OF_VISIT = '(realized_call_cents + realized_click_cents + realized_lead_cents) / 100.0';

export interface ExperimentStats {
  experimentId: string;
  variants: VariantStats[];
}

export async function loadVariantStats(
  env: Pick<Env, 'DB' | 'REVENUE_DB'>,
  range: { from: string; to: string } | null = null,
): Promise<ExperimentStats[]> {
  const days = range ? 'AND day >= ? AND day <= ?' : '';
  const binds = range ? [range.from, range.to] : [];
  // The visits are counted in DB's event rollups, the money in the revenue store's database.
  const [visits, revenue] = await Promise.all([
    env.DB.prepare(
      `SELECT variant, SUM(visits) AS visits FROM event_rollups WHERE variant <> '' ${days} GROUP BY variant`,
    )
      .bind(...binds)
      .all<{ variant: string; visits: number }>(),
    // Live value rows, and the sums of the days the retention cron pruned (variant_value_days).
    env.REVENUE_DB.prepare(
      `SELECT variant, SUM(visits) AS visits, SUM(revenue) AS revenue, SUM(squared) AS squared FROM (
           SELECT variant, COUNT(*) AS visits, SUM(v) AS revenue, SUM(v * v) AS squared FROM (
             SELECT variant, ${REALIZED_OF_VISIT} AS v
             FROM visit_values WHERE variant <> '' ${days}
           ) GROUP BY variant
           UNION ALL
           SELECT variant, SUM(visits), SUM(revenue), SUM(squared) FROM variant_value_days
           WHERE variant <> '' ${days} GROUP BY variant
         ) GROUP BY variant`,
    )
      .bind(...binds, ...binds)
      .all<{ variant: string; visits: number; revenue: number | null; squared: number | null }>(),
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
  for (const row of visits.results) {
    const stats = entry(row.variant);
    if (stats) stats.visits = Math.max(stats.visits, row.visits);
  }
  for (const row of revenue.results) {
    const stats = entry(row.variant);
    if (!stats) continue;
    // A priced visit the event rollups have not counted yet (the queue is behind) is still a visit.
    stats.visits = Math.max(stats.visits, row.visits);
    stats.revenue = row.revenue ?? 0;
    stats.revenueSquared = row.squared ?? 0;
  }
  // The optimise experiments' people replace their rollup figures whole.
  for (const [experimentId, variants] of await loadPeopleStats(env, range)) byExperiment.set(experimentId, variants);
  return [...byExperiment].map(([experimentId, variants]) => ({
    experimentId,
    variants: [...variants.values()].sort((a, b) => a.id.localeCompare(b.id)),
  }));
}

/** Visitors whose ids go into one statement's JSON list: far under D1's 2 MB for a bound string. */
const BOT_VISITORS_PER_STATEMENT = 5_000;

type PeopleRow = { experiment_id: string; variant: string; visits: number; revenue: number; squared: number };

/**
 * The per-person aggregate over experiment_people and visit_values (both in REVENUE_DB), for all
 * people of the days, or (`only`) for just the visitors in a JSON list.
 */
function peopleStatement(db: D1Database, from: string, to: string, only: string | null): D1PreparedStatement {
  return db
    .prepare(
      `SELECT experiment_id, variant, COUNT(*) AS visits, SUM(r) AS revenue, SUM(r * r) AS squared FROM (
         SELECT p.experiment_id, p.variant, COALESCE((
           SELECT MAX(${REALIZED_OF_VISIT}) FROM visit_values v
           WHERE v.visitor_id = p.visitor_id AND v.variant = p.experiment_id || ':' || p.variant), 0) AS r
         FROM experiment_people p
         WHERE p.day >= ? AND p.day <= ?
           ${only === null ? '' : 'AND p.visitor_id IN (SELECT value FROM json_each(?))'}
       ) GROUP BY experiment_id, variant`,
    )
    .bind(...(only === null ? [from, to] : [from, to, only]));
}

/**
 * Per optimise experiment and variant: its people and their realized money. Only people assigned
 * on a day whose visit rows are still kept (the retention window): an older person's payouts are
 * gone with their visit rows and would count as zero. A person with a lead judged a bot counts not
 * at all: the leads are in DB and the people in the revenue store's database, so the bots' visitor
 * ids are read from DB first, and their own sums (each person once) are taken off the whole.
 */
async function loadPeopleStats(
  env: Pick<Env, 'DB' | 'REVENUE_DB'>,
  range: { from: string; to: string } | null,
  now = new Date(),
): Promise<Map<string, Map<string, VariantStats>>> {
  const kept = new Date(now.getTime() - VISIT_VALUE_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
  const from = range && range.from > kept ? range.from : kept;
  const to = range?.to ?? '9999-12-31';
  const bots = await env.DB.prepare(`SELECT DISTINCT visitor_id FROM leads WHERE trust_verdict = 'bot'`).all<{
    visitor_id: string;
  }>();
  const ids = bots.results.map((b) => b.visitor_id);
  const lists: string[] = [];
  for (let at = 0; at < ids.length; at += BOT_VISITORS_PER_STATEMENT)
    lists.push(JSON.stringify(ids.slice(at, at + BOT_VISITORS_PER_STATEMENT)));
  const db = env.REVENUE_DB;
  // One batch: the whole and the bots' parts are read from the same state.
  const [all, ...botParts] = await db.batch<PeopleRow>([
    peopleStatement(db, from, to, null),
    ...lists.map((list) => peopleStatement(db, from, to, list)),
  ]);
  const byExperiment = new Map<string, Map<string, VariantStats>>();
  for (const row of all?.results ?? []) {
    const variants = byExperiment.get(row.experiment_id) ?? new Map<string, VariantStats>();
    byExperiment.set(row.experiment_id, variants);
    variants.set(row.variant, {
      id: row.variant,
      visits: row.visits,
      revenue: row.revenue,
      revenueSquared: row.squared,
    });
  }
  for (const part of botParts)
    for (const row of part.results) {
      const stats = byExperiment.get(row.experiment_id)?.get(row.variant);
      if (!stats) continue;
      stats.visits -= row.visits;
      stats.revenue -= row.revenue;
      stats.revenueSquared -= row.squared;
    }
  // A variant whose every person was a bot's counts as no people, as when the bots were left out in SQL.
  for (const [experimentId, variants] of byExperiment) {
    for (const [id, stats] of variants) if (stats.visits <= 0) variants.delete(id);
    if (variants.size === 0) byExperiment.delete(experimentId);
  }
  return byExperiment;
}
