import { z } from 'zod';
import { BRAND_CODES } from '../../../brands/schema';
import { ALL_PAGES } from '../archive/people-rollup';
import { LEAD_BUCKETS, LEAD_PERSON_SQL, leadBucketSql, type LeadBucket } from './lead-buckets';

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

/**
 * Every business figure counts people: distinct sessions per UTC day (a session back the next
 * day is a visit again), so one session adds at most one to each, however many events it sends.
 */
export interface PageRow {
  brand: string;
  page: string;
  /** Sessions that viewed the page (any of its steps) that day, summed over the days. */
  visits: number;
  paidVisits: number;
  /** Sessions that submitted a step of the page. */
  submitters: number;
  /** Sessions that clicked to call on the page. */
  callers: number;
  /** Sessions with a complete lead on the page (the `complete` bucket, lead-buckets.ts). */
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

export type LeadCounts = Record<LeadBucket, number>;

export interface ReportData {
  filters: ReportFilters;
  totals: { visits: number; paidVisits: number; submitters: number; callers: number; leads: number };
  /** Sessions with a lead in each bucket over the range (lead-buckets.ts). */
  leadBuckets: LeadCounts;
  pages: PageRow[];
  steps: StepRow[];
  days: DayRow[];
  /** False when the leads table does not exist (yet): leads then show as 0 with a note. */
  leadsAvailable: boolean;
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

/** The date range, brand and page filters over a rollup table keyed by `day`. */
export function rollupWhere(f: ReportFilters): { sql: string; binds: unknown[] } {
  const filters = filterWhere(f);
  return { sql: `day >= ? AND day <= ?${filters.and}`, binds: [f.from, f.to, ...filters.binds] };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
}

const leadRowSchema = z.object({ brand: z.string(), page: z.string(), bucket: z.string(), people: z.number() });
const dayRowSchema = z.object({ day: z.string(), paid: z.number(), entries: z.number() });
const peopleTotalSchema = z.object({ submitters: z.number().nullable(), callers: z.number().nullable() });
const pageRowSchema = z.object({
  brand: z.string(),
  page: z.string(),
  visits: z.number(),
  paid_visits: z.number(),
  submitters: z.number(),
  callers: z.number(),
});
const stepRowSchema = z.object({
  step_number: z.number(),
  step_name: z.string().nullable(),
  visits: z.number(),
  submitters: z.number(),
});

/**
 * Leads come from the funnel's `leads` table (migration 0002) while they are hot, and from
 * `lead_rollups` once the daily move has taken them to R2 (lead-archive/move.ts; a lead is in
 * exactly one of the two): people per UTC day, brand, page and report bucket (lead-buckets.ts),
 * summed over the days like every other figure of the report. The rollups keep the all-brands and
 * all-pages levels ('*'), since a person with leads on two pages is one person of the brand.
 * Queried defensively: the table or a column may not exist in an older database, and the report
 * must still render.
 */
async function leadCounts(
  db: D1Database,
  f: ReportFilters,
): Promise<{ available: boolean; rows: z.infer<typeof leadRowSchema>[]; buckets: LeadCounts }> {
  const buckets = Object.fromEntries(LEAD_BUCKETS.map((b) => [b, 0])) as LeadCounts;
  const columns = new Set(
    (await db.prepare(`SELECT name FROM pragma_table_info('leads')`).all<{ name: string }>()).results.map(
      (r) => r.name,
    ),
  );
  if (!columns.has('created_at') || !columns.has('brand') || !columns.has('page'))
    return { available: false, rows: [], buckets };
  const where = rangeWhere('created_at', f);
  const moved = rollupWhere(f);
  const bucketed = `SELECT brand, page, ${leadBucketSql(columns)} AS bucket,
    substr(created_at, 1, 10) || '|' || ${LEAD_PERSON_SQL} AS person FROM leads WHERE ${where.sql}`;
  const [perPage, overall] = await db.batch([
    db
      .prepare(
        `SELECT brand, page, bucket, SUM(people) AS people FROM (
           SELECT brand, page, bucket, COUNT(DISTINCT person) AS people FROM (${bucketed}) GROUP BY brand, page, bucket
           UNION ALL
           SELECT brand, page, bucket, SUM(people) FROM lead_rollups
           WHERE ${moved.sql} AND brand <> '*' AND page <> '*' GROUP BY brand, page, bucket
         ) GROUP BY brand, page, bucket`,
      )
      .bind(...where.binds, ...moved.binds),
    db
      .prepare(
        `SELECT '' AS brand, '' AS page, bucket, SUM(people) AS people FROM (
           SELECT bucket, COUNT(DISTINCT person) AS people FROM (${bucketed}) GROUP BY bucket
           UNION ALL
           SELECT bucket, SUM(people) FROM lead_rollups
           WHERE day >= ? AND day <= ? AND brand = ? AND page = ? GROUP BY bucket
         ) GROUP BY bucket`,
      )
      .bind(...where.binds, f.from, f.to, f.brand ?? '*', f.page ?? '*'),
  ]);
  for (const r of z.array(leadRowSchema).parse(overall?.results ?? []))
    if ((LEAD_BUCKETS as readonly string[]).includes(r.bucket)) buckets[r.bucket as LeadBucket] = r.people;
  return { available: true, rows: z.array(leadRowSchema).parse(perPage?.results ?? []), buckets };
}

/**
 * The funnel numbers of the range from the daily rollups, summed in D1 in one round
 * trip: per day and paid flag, per page, per step. The queue consumer adds every batch to the
 * rollups, the cron recomputes a day from its raw rows before pruning it, and a privacy deletion
 * recomputes the days it touched, so they hold the hot window too and the report never scans
 * raw rows. It reads event_page_rollups (migration 0011: event_rollups summed over traffic source
 * and variant, kept by triggers), so its cost follows days x pages x steps, not the events.
 */
async function rollupSums(db: D1Database, f: ReportFilters) {
  const { and, binds } = filterWhere(f);
  const where = `day >= ? AND day <= ?${and}`;
  const all = [f.from, f.to, ...binds];
  // People counts (archive/people-rollup.ts): one page's rows, or the brand-wide rows.
  const brandOnly = filterWhere({ ...f, page: null });
  const totalsWhere = f.page
    ? { sql: where, binds: all }
    : {
        sql: `day >= ? AND day <= ?${brandOnly.and} AND page = '${ALL_PAGES}'`,
        binds: [f.from, f.to, ...brandOnly.binds],
      };
  const [days, pages, steps, people] = await db.batch([
    db
      .prepare(
        `SELECT day, paid, SUM(entries) AS entries FROM event_page_rollups
         WHERE ${where} GROUP BY day, paid ORDER BY day`,
      )
      .bind(...all),
    db
      .prepare(
        `SELECT brand, page, SUM(visitors) AS visits, SUM(paid_visitors) AS paid_visits, SUM(submitters) AS submitters,
           SUM(callers) AS callers
         FROM event_people_rollups WHERE ${where} AND page <> '${ALL_PAGES}' GROUP BY brand, page`,
      )
      .bind(...all),
    db
      .prepare(
        `SELECT step_number, MIN(NULLIF(step_name, '')) AS step_name, SUM(visits) AS visits, SUM(submitters) AS submitters
         FROM event_page_rollups WHERE ${where} AND step_number >= 0 GROUP BY step_number ORDER BY step_number LIMIT 50`,
      )
      .bind(...all),
    db
      .prepare(
        `SELECT SUM(submitters) AS submitters, SUM(callers) AS callers FROM event_people_rollups WHERE ${totalsWhere.sql}`,
      )
      .bind(...totalsWhere.binds),
  ]);
  const totals = peopleTotalSchema.parse(people?.results[0] ?? { submitters: null, callers: null });
  return {
    days: z.array(dayRowSchema).parse(days?.results ?? []),
    pages: z.array(pageRowSchema).parse(pages?.results ?? []),
    steps: z.array(stepRowSchema).parse(steps?.results ?? []),
    submitters: totals.submitters ?? 0,
    callers: totals.callers ?? 0,
  };
}

/**
 * The report's numbers, all in people. A visit is a session on a day (it starts again after
 * midnight UTC, as rollups are daily): totals and days count each session once a day (entries);
 * pages count the sessions that viewed, submitted on or called from them that day, summed over
 * the days; steps count the sessions that reached and submitted each step; leads count the
 * sessions with a lead in each bucket over the range.
 */
export async function loadReport(db: D1Database, filters: ReportFilters): Promise<ReportData> {
  const [sums, leads] = await Promise.all([rollupSums(db, filters), leadCounts(db, filters)]);
  const completeByPage = new Map<string, number>();
  for (const r of leads.rows) if (r.bucket === 'complete') completeByPage.set(`${r.brand}|${r.page}`, r.people);
  const pageRows: PageRow[] = sums.pages
    .map((r) => ({
      brand: r.brand,
      page: r.page,
      visits: r.visits,
      paidVisits: r.paid_visits,
      submitters: r.submitters,
      callers: r.callers,
      leads: completeByPage.get(`${r.brand}|${r.page}`) ?? 0,
    }))
    .sort((a, b) => b.visits - a.visits || a.brand.localeCompare(b.brand) || a.page.localeCompare(b.page))
    .slice(0, 500);
  // Pages with leads but no tracked visit in range (tracking blocked) still show their leads.
  for (const [key, people] of completeByPage) {
    const [brand = '', page = ''] = key.split('|');
    if (!pageRows.some((p) => p.brand === brand && p.page === page))
      pageRows.push({ brand, page, visits: 0, paidVisits: 0, submitters: 0, callers: 0, leads: people });
  }
  const visitsByDay = new Map<string, number>();
  for (const r of sums.days) visitsByDay.set(r.day, (visitsByDay.get(r.day) ?? 0) + r.entries);
  const total = (pick: (r: z.infer<typeof dayRowSchema>) => number) => sums.days.reduce((s, r) => s + pick(r), 0);
  return {
    filters,
    totals: {
      visits: total((r) => r.entries),
      paidVisits: total((r) => (r.paid === 1 ? r.entries : 0)),
      submitters: sums.submitters,
      callers: sums.callers,
      leads: leads.buckets.complete,
    },
    leadBuckets: leads.buckets,
    pages: pageRows,
    steps: sums.steps.map((r) => ({
      stepNumber: r.step_number,
      stepName: r.step_name ?? '',
      reached: r.visits,
      submitted: r.submitters,
    })),
    days: [...visitsByDay].map(([day, visits]) => ({ day, visits })),
    leadsAvailable: leads.available,
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
