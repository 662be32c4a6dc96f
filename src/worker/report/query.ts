import { z } from 'zod';
import { BRAND_CODES } from '../../../brands/schema';

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
}

/** WHERE clause and binds of the date range, brand and page filters; only fixed column names are interpolated. */
function rangeWhere(timeColumn: 'received_at' | 'created_at', f: ReportFilters): { sql: string; binds: unknown[] } {
  const parts = [`${timeColumn} >= ?`, `${timeColumn} < ?`];
  const binds: unknown[] = [`${f.from}T00:00:00.000Z`, nextDay(f.to)];
  if (f.brand) {
    parts.push('brand = ?');
    binds.push(f.brand);
  }
  if (f.page) {
    parts.push('page = ?');
    binds.push(f.page);
  }
  return { sql: parts.join(' AND '), binds };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
}

const pageRowSchema = z.object({
  brand: z.string(),
  page: z.string(),
  visits: z.number(),
  paid_visits: z.number(),
  call_clicks: z.number(),
});
const stepRowSchema = z.object({
  step_number: z.number(),
  step_name: z.string().nullable(),
  reached: z.number(),
  submitted: z.number(),
});
const dayRowSchema = z.object({ day: z.string(), visits: z.number() });
const totalsSchema = z.object({ visits: z.number(), paid_visits: z.number(), call_clicks: z.number() });
const leadRowSchema = z.object({ brand: z.string(), page: z.string(), leads: z.number() });

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

export async function loadReport(db: D1Database, filters: ReportFilters): Promise<ReportData> {
  const where = rangeWhere('received_at', filters);
  const visitsExpr = `COUNT(DISTINCT CASE WHEN event = 'pageView' THEN session_id END)`;
  const paidExpr = `COUNT(DISTINCT CASE WHEN event = 'pageView' AND paid = 1 THEN session_id END)`;
  const callsExpr = `SUM(CASE WHEN event = 'ctcClicked' THEN 1 ELSE 0 END)`;
  const [totals, pages, steps, days] = await db.batch([
    db
      .prepare(
        `SELECT ${visitsExpr} AS visits, ${paidExpr} AS paid_visits, COALESCE(${callsExpr}, 0) AS call_clicks FROM events WHERE ${where.sql}`,
      )
      .bind(...where.binds),
    db
      .prepare(
        `SELECT brand, page, ${visitsExpr} AS visits, ${paidExpr} AS paid_visits, COALESCE(${callsExpr}, 0) AS call_clicks
         FROM events WHERE ${where.sql} AND page IS NOT NULL GROUP BY brand, page ORDER BY visits DESC, brand, page LIMIT 500`,
      )
      .bind(...where.binds),
    db
      .prepare(
        `SELECT step_number, MIN(step_name) AS step_name,
           COUNT(DISTINCT CASE WHEN event = 'pageView' THEN session_id END) AS reached,
           COUNT(DISTINCT CASE WHEN event = 'formStepSubmitted' THEN session_id END) AS submitted
         FROM events WHERE ${where.sql} AND step_number IS NOT NULL GROUP BY step_number ORDER BY step_number LIMIT 50`,
      )
      .bind(...where.binds),
    db
      .prepare(
        `SELECT substr(received_at, 1, 10) AS day, ${visitsExpr} AS visits FROM events WHERE ${where.sql} GROUP BY day ORDER BY day`,
      )
      .bind(...where.binds),
  ]);
  const total = totalsSchema.parse(totals?.results[0] ?? { visits: 0, paid_visits: 0, call_clicks: 0 });
  const leads = await leadCounts(db, filters);
  const leadsByPage = new Map(leads.rows.map((r) => [`${r.brand}|${r.page}`, r.leads]));
  const pageRows: PageRow[] = z
    .array(pageRowSchema)
    .parse(pages?.results ?? [])
    .map((r) => ({
      brand: r.brand,
      page: r.page,
      visits: r.visits,
      paidVisits: r.paid_visits,
      callClicks: r.call_clicks,
      leads: leadsByPage.get(`${r.brand}|${r.page}`) ?? 0,
    }));
  // Pages with leads but no tracked visit in range (tracking blocked) still show their leads.
  for (const r of leads.rows) {
    if (!pageRows.some((p) => p.brand === r.brand && p.page === r.page))
      pageRows.push({ brand: r.brand, page: r.page, visits: 0, paidVisits: 0, callClicks: 0, leads: r.leads });
  }
  return {
    filters,
    totals: {
      visits: total.visits,
      paidVisits: total.paid_visits,
      callClicks: total.call_clicks,
      leads: leads.rows.reduce((s, r) => s + r.leads, 0),
    },
    pages: pageRows,
    steps: z
      .array(stepRowSchema)
      .parse(steps?.results ?? [])
      .map((r) => ({
        stepNumber: r.step_number,
        stepName: r.step_name ?? '',
        reached: r.reached,
        submitted: r.submitted,
      })),
    days: z.array(dayRowSchema).parse(days?.results ?? []),
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
