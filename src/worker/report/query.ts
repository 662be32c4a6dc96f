import { z } from 'zod';
import { BRAND_CODES } from '../../../brands/schema';
import { ROLLUP_COLUMNS, rollupSelect } from '../archive/rollup-query';

/** Report filters from the query string: a date range (UTC days), optionally one brand and one page. */
export const reportFiltersSchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    brand: z.enum(BRAND_CODES).or(z.literal('')).optional(),
    page: z
      .string()
      .regex(/^[a-z0-9-]{0,128}$/)
      .optional(),
  })
  .transform((f) => {
    const today = new Date().toISOString().slice(0, 10);
    const to = f.to ?? today;
    const from = f.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    return { from, to, brand: f.brand || null, page: f.page || null };
  })
  .refine((f) => f.from <= f.to, 'from must not be after to')
  .refine((f) => Date.parse(f.to) - Date.parse(f.from) <= 366 * 86_400_000, 'at most one year at a time');
export type ReportFilters = z.output<typeof reportFiltersSchema>;

export interface PageRow {
  brand: string;
  page: string;
  visits: number;
  paidVisits: number;
  callClicks: number;
  leads: number;
}

export interface StepRow {
  stepNumber: number;
  stepName: string;
  reached: number;
  submitted: number;
}

export interface DayRow {
  day: string;
  visits: number;
}

export interface ReportData {
  filters: ReportFilters;
  totals: { visits: number; paidVisits: number; callClicks: number; leads: number };
  pages: PageRow[];
  steps: StepRow[];
  days: DayRow[];
  /** False when the leads table does not exist (yet): leads then show as 0 with a note. */
  leadsAvailable: boolean;
  /** Days of the range read from rollups (older than the hot window, raw rows pruned or about to be). */
  rolledUpDays: string[];
}

/** The brand and page filters as ` AND ...` conditions and their binds (fixed column names only). */
function filterWhere(f: ReportFilters): { and: string; binds: unknown[] } {
  const parts: string[] = [];
  const binds: unknown[] = [];
  if (f.brand) {
    parts.push(' AND brand = ?');
    binds.push(f.brand);
  }
  if (f.page) {
    parts.push(' AND page = ?');
    binds.push(f.page);
  }
  return { and: parts.join(''), binds };
}

/** WHERE clause and binds of the date range, brand and page filters; only fixed column names are interpolated. */
export function rangeWhere(
  timeColumn: 'received_at' | 'created_at',
  f: ReportFilters,
): { sql: string; binds: unknown[] } {
  const filters = filterWhere(f);
  return {
    sql: `${timeColumn} >= ? AND ${timeColumn} < ?${filters.and}`,
    binds: [`${f.from}T00:00:00.000Z`, nextDay(f.to), ...filters.binds],
  };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
}

const leadRowSchema = z.object({ brand: z.string(), page: z.string(), leads: z.number() });
const groupRowSchema = z.object({
  day: z.string(),
  brand: z.string(),
  page: z.string(),
  step_number: z.number(),
  step_name: z.string(),
  paid: z.number(),
  visits: z.number(),
  entries: z.number(),
  submitters: z.number(),
  call_clicks: z.number(),
});
type GroupRow = z.infer<typeof groupRowSchema>;

/**
 * Leads come from the funnel's `leads` table (migration 0002). Queried defensively: the
 * table or a column may not exist in an older database, and the report must still render.
 */
async function leadCounts(
  db: D1Database,
  f: ReportFilters,
): Promise<{ available: boolean; rows: z.infer<typeof leadRowSchema>[] }> {
  const table = await db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'leads'`).first();
  if (!table) return { available: false, rows: [] };
  const columns = new Set(
    (await db.prepare(`SELECT name FROM pragma_table_info('leads')`).all<{ name: string }>()).results.map(
      (r) => r.name,
    ),
  );
  if (!columns.has('created_at') || !columns.has('brand') || !columns.has('page'))
    return { available: false, rows: [] };
  const where = rangeWhere('created_at', f);
  const result = await db
    .prepare(`SELECT brand, page, COUNT(*) AS leads FROM leads WHERE ${where.sql} GROUP BY brand, page`)
    .bind(...where.binds)
    .all();
  return { available: true, rows: z.array(leadRowSchema).parse(result.results) };
}

/** Days of the range older than the hot window whose rollups the cron has written (issue 17). */
async function rolledUpDays(db: D1Database, f: ReportFilters, hotWindowStart: string): Promise<string[]> {
  const result = await db
    .prepare(
      `SELECT day FROM event_days WHERE day >= ? AND day <= ? AND day < ? AND rolled_up_at IS NOT NULL ORDER BY day`,
    )
    .bind(f.from, f.to, hotWindowStart)
    .all();
  return z
    .array(z.object({ day: z.string() }))
    .parse(result.results)
    .map((r) => r.day);
}

/**
 * The rollup rows of the range, reduced to what the report shows: stored rollups for the rolled
 * up days older than the hot window, the same rollup computed from raw rows for every other day
 * (rollupSelect), so a day gives the same numbers either way.
 */
async function groupRows(db: D1Database, f: ReportFilters, rolledUp: string[]): Promise<GroupRow[]> {
  const { and, binds: filterBinds } = filterWhere(f);
  const days = JSON.stringify(rolledUp);
  const raw = rollupSelect(
    'events',
    `received_at >= ? AND received_at < ? AND substr(received_at, 1, 10) NOT IN (SELECT value FROM json_each(?))${and}`,
  );
  const result = await db
    .prepare(
      `SELECT day, brand, page, step_number, MIN(NULLIF(step_name, '')) AS step_name, paid, SUM(visits) AS visits,
         SUM(entries) AS entries, SUM(submitters) AS submitters, SUM(call_clicks) AS call_clicks
       FROM (
         SELECT ${ROLLUP_COLUMNS} FROM event_rollups WHERE day IN (SELECT value FROM json_each(?))${and}
         UNION ALL
         ${raw}
       )
       GROUP BY day, brand, page, step_number, paid`,
    )
    .bind(days, ...filterBinds, `${f.from}T00:00:00.000Z`, nextDay(f.to), days, ...filterBinds)
    .all();
  return z
    .array(groupRowSchema.extend({ step_name: z.string().nullable() }))
    .parse(result.results)
    .map((r) => ({ ...r, step_name: r.step_name ?? '' }));
}

function sumBy<K>(rows: GroupRow[], key: (r: GroupRow) => K | null, add: (sum: GroupRow, r: GroupRow) => void) {
  const out = new Map<K, GroupRow>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const sum = out.get(k);
    if (sum) add(sum, r);
    else out.set(k, { ...r });
  }
  return [...out.values()];
}

const addCounts = (sum: GroupRow, r: GroupRow) => {
  sum.visits += r.visits;
  sum.entries += r.entries;
  sum.submitters += r.submitters;
  sum.call_clicks += r.call_clicks;
  if (!sum.step_name || (r.step_name && r.step_name < sum.step_name)) sum.step_name = r.step_name;
};

/**
 * The report's numbers. A visit is a session on a day (it starts again after midnight UTC, as
 * rollups are daily): totals and days count each session once a day (entries), pages and steps
 * count the sessions that viewed them that day, summed over the days.
 */
export async function loadReport(db: D1Database, filters: ReportFilters, hotWindowStart: string): Promise<ReportData> {
  const rolledUp = await rolledUpDays(db, filters, hotWindowStart);
  const [rows, leads] = await Promise.all([groupRows(db, filters, rolledUp), leadCounts(db, filters)]);
  const paidRows = rows.filter((r) => r.paid === 1);
  const totalOf = (list: GroupRow[], pick: (r: GroupRow) => number) => list.reduce((s, r) => s + pick(r), 0);
  const leadsByPage = new Map(leads.rows.map((r) => [`${r.brand}|${r.page}`, r.leads]));
  const pageKey = (r: GroupRow) => (r.page ? `${r.brand}|${r.page}` : null);
  const paidByPage = new Map(
    sumBy(paidRows, pageKey, addCounts).map((r) => [`${r.brand}|${r.page}`, r.visits] as const),
  );
  const pageRows: PageRow[] = sumBy(rows, pageKey, addCounts)
    .map((r) => ({
      brand: r.brand,
      page: r.page,
      visits: r.visits,
      paidVisits: paidByPage.get(`${r.brand}|${r.page}`) ?? 0,
      callClicks: r.call_clicks,
      leads: leadsByPage.get(`${r.brand}|${r.page}`) ?? 0,
    }))
    .sort((a, b) => b.visits - a.visits || a.brand.localeCompare(b.brand) || a.page.localeCompare(b.page))
    .slice(0, 500);
  // Pages with leads but no tracked visit in range (tracking blocked) still show their leads.
  for (const r of leads.rows) {
    if (!pageRows.some((p) => p.brand === r.brand && p.page === r.page))
      pageRows.push({ brand: r.brand, page: r.page, visits: 0, paidVisits: 0, callClicks: 0, leads: r.leads });
  }
  const steps = sumBy(rows, (r) => (r.step_number >= 0 ? r.step_number : null), addCounts)
    .sort((a, b) => a.step_number - b.step_number)
    .slice(0, 50);
  const days = sumBy(rows, (r) => r.day, addCounts).sort((a, b) => (a.day < b.day ? -1 : 1));
  return {
    filters,
    totals: {
      visits: totalOf(rows, (r) => r.entries),
      paidVisits: totalOf(paidRows, (r) => r.entries),
      callClicks: totalOf(rows, (r) => r.call_clicks),
      leads: leads.rows.reduce((s, r) => s + r.leads, 0),
    },
    pages: pageRows,
    steps: steps.map((r) => ({
      stepNumber: r.step_number,
      stepName: r.step_name,
      reached: r.visits,
      submitted: r.submitters,
    })),
    days: days.map((r) => ({ day: r.day, visits: r.entries })),
    leadsAvailable: leads.available,
    rolledUpDays: rolledUp,
  };
}

/** Share of a in b as a fraction, 0 when b is 0. */
export function share(a: number, b: number): number {
  return b > 0 ? a / b : 0;
}

/** Drop-off between a step and the next: the fraction of sessions that reached it but not the next. */
export function dropOff(steps: StepRow[], index: number): number | null {
  const here = steps[index];
  const next = steps[index + 1];
  if (!here || !next) return null;
  return here.reached > 0 ? Math.max(0, 1 - next.reached / here.reached) : 0;
}
