/**
 * How long the revenue tables keep their rows (docs/decisions/0165-revenue-tables-retention.md).
 * A lease's history row exists so a call payout that arrives later still finds the visit that
 * showed the number; a visit's value row, so a click or lead payout finds it by its ref, a payout
 * adds to it, and an ad platform can be told a value adjustment with its click ids. Past the
 * partners' windows for paying and adjusting (designed for 30 days), neither can be used again:
 * a partner's payout or restatement is what makes the Worker tell Google of a conversion or its
 * adjustment, and Google refuses an adjustment to a conversion more than 54 days old anyway
 * (Google Ads API ConversionAdjustmentUploadError CONVERSION_EXPIRED), so visits are kept 45 days,
 * not the 90 of Google's click window (docs/decisions/0280-capacity-plan-measured-table-by-table.md). The report's money is in revenue_rollups (kept by triggers, never pruned); the
 * variance the bandit needs is summed per day and variant into variant_value_days before a day's
 * visit rows go, in the same batch, so the experiment figures are the same before and after.
 *
 * A lease row goes well before its visit's row: a call payout attributed through a lease always
 * finds the visit it adds to; one that comes too late finds no lease and is kept as unattributed.
 * A lease is read only by a call's first payout (a restatement finds the payout row, kept
 * PAYOUT_RETENTION_DAYS, and its visit through it), so it stays the partners' 30 days and one more.
 */
import { PHONE_LEASE_RETENTION_DAYS, VISIT_VALUE_RETENTION_DAYS } from './retention-days';

export { PARTNER_PAYOUT_WINDOW_DAYS, PHONE_LEASE_RETENTION_DAYS, VISIT_VALUE_RETENTION_DAYS } from './retention-days';

const DAY_MS = 86_400_000;
/** Days pruned in one run at most: a backlog (a first run, a missed week) clears over a few nights. */
const MAX_DAYS_PER_RUN = 30;
/** Lease rows looked at by one statement: each stays far under D1's 30 s. */
const LEASE_CHUNK = 10_000;
/** experiment_people rows looked at by one statement, and in one run at most (9.3 million at full traffic). */
const PEOPLE_CHUNK = 50_000;
const PEOPLE_ROWS_PER_RUN = 20_000_000;
/** Lease rows looked at in one run at most (a day is about 200,000 at full traffic): a backlog clears over nights. */
const LEASE_ROWS_PER_RUN = 2_000_000;

/** What the bandit counts of a visit: the money partners paid for it (never its expected value). */
const VALUE_OF_VISIT = '(realized_call_cents + realized_click_cents + realized_lead_cents) / 100.0';

export interface RevenuePruned {
  leases: number;
  /** Optimise experiments' people assigned before the kept visits (the bandit no longer reads them). */
  people: number;
  visits: number;
  days: string[];
}

/** The lease history is in LEASES_DB, the visits and the bandit's people in REVENUE_DB (record 0341). */
export async function pruneRevenueTables(
  env: Pick<Env, 'REVENUE_DB' | 'LEASES_DB'>,
  now: Date,
): Promise<RevenuePruned> {
  const db = env.REVENUE_DB;
  const leaseCutoff = new Date(now.getTime() - PHONE_LEASE_RETENTION_DAYS * DAY_MS).toISOString();
  const visitCutoff = new Date(now.getTime() - VISIT_VALUE_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
  const leases = await pruneLeases(env.LEASES_DB, leaseCutoff);
  const { results } = await db
    .prepare('SELECT DISTINCT day FROM visit_values WHERE day < ? ORDER BY day LIMIT ?')
    .bind(visitCutoff, MAX_DAYS_PER_RUN)
    .all<{ day: string }>();
  let visits = 0;
  for (const { day } of results) {
    // One batch (one transaction): the day's sums are kept exactly when its rows go.
    const [, deleted] = await db.batch([
      db
        .prepare(
          `INSERT INTO variant_value_days (day, variant, visits, revenue, squared)
           SELECT day, variant, COUNT(*), SUM(v), SUM(v * v) FROM (
             SELECT day, variant, ${VALUE_OF_VISIT} AS v FROM visit_values WHERE day = ? AND variant <> ''
           ) GROUP BY day, variant
           ON CONFLICT (day, variant) DO UPDATE SET visits = visits + excluded.visits,
             revenue = revenue + excluded.revenue, squared = squared + excluded.squared`,
        )
        .bind(day),
      db.prepare('DELETE FROM visit_values WHERE day = ?').bind(day),
    ]);
    visits += deleted?.meta.changes ?? 0;
  }
  const people = await prunePeople(db, visitCutoff);
  return { leases, people, visits, days: results.map((r) => r.day) };
}

/**
 * Leases ended before the cutoff. phone_leases has no index on its end (migrations-revenue/0002):
 * its rows are in the order the leases were made, and a lease ends soon after it is made, so the
 * ended ones are the oldest rowids. Walks them in chunks from the oldest and stops at the first
 * chunk with none ended; a long lease among them is passed over and goes on a later night.
 */
export async function pruneLeases(db: D1Database, cutoff: string, chunk = LEASE_CHUNK): Promise<number> {
  let after = 0;
  let deleted = 0;
  for (let seen = 0; seen < LEASE_ROWS_PER_RUN; seen += chunk) {
    const window = `SELECT rowid FROM phone_leases WHERE rowid > ?1 ORDER BY rowid LIMIT ?2`;
    const [last, gone] = await db.batch<{ last: number | null }>([
      db.prepare(`SELECT MAX(rowid) AS last FROM (${window})`).bind(after, chunk),
      db.prepare(`DELETE FROM phone_leases WHERE rowid IN (${window}) AND expires_at < ?3`).bind(after, chunk, cutoff),
    ]);
    const changes = gone?.meta.changes ?? 0;
    deleted += changes;
    const end = last?.results[0]?.last ?? null;
    if (end === null || changes === 0) break;
    after = end;
  }
  return deleted;
}

/**
 * The bandit's people assigned before the cutoff day. experiment_people has no index on its day
 * (migrations-revenue/0003): the prune walks the primary key (experiment, visitor) in chunks, each
 * statement bounded, and deletes the old rows of each chunk, to the end of the table.
 */
export async function prunePeople(db: D1Database, cutoffDay: string, chunk = PEOPLE_CHUNK): Promise<number> {
  let after: [string, string] = ['', ''];
  let deleted = 0;
  for (let seen = 0; seen < PEOPLE_ROWS_PER_RUN; seen += chunk) {
    const window = `SELECT experiment_id, visitor_id FROM experiment_people WHERE (experiment_id, visitor_id) > (?1, ?2)
      ORDER BY experiment_id, visitor_id LIMIT ?3`;
    const [last, gone] = await db.batch<{ experiment_id: string; visitor_id: string }>([
      db
        .prepare(
          `SELECT experiment_id, visitor_id FROM (${window}) ORDER BY experiment_id DESC, visitor_id DESC LIMIT 1`,
        )
        .bind(...after, chunk),
      db
        .prepare(`DELETE FROM experiment_people WHERE (experiment_id, visitor_id) IN (${window}) AND day < ?4`)
        .bind(...after, chunk, cutoffDay),
    ]);
    deleted += gone?.meta.changes ?? 0;
    const end = last?.results[0];
    if (!end) break;
    after = [end.experiment_id, end.visitor_id];
  }
  return deleted;
}
