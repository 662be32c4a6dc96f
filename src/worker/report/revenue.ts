/**
 * The report speaks money (src/worker/revenue/): revenue, revenue per visitor, revenue per lead
 * and earnings per call click by day, brand, page, traffic source, campaign, paid flag and
 * experiment variant, realized (partners' payouts) and expected (the visit's priced value) side by
 * side. Money comes from revenue_rollups and visits, leads and call clicks from event_rollups: both
 * are rollups kept in step with every write, so the figures read the same inside and outside the
 * events' hot window. Unattributed payouts (no visit held that number, an unknown ref) are shown apart.
 */
import { z } from 'zod';
import type { ReportFilters } from './query';

export type MoneyDimension = 'day' | 'brand' | 'page' | 'source' | 'campaign' | 'paid' | 'variant';

export interface MoneyRow {
  by: MoneyDimension;
  key: string;
  /** Visits: sessions that entered on this key (event rollups); for campaign, the visits with a value row. */
  visits: number;
  leads: number;
  callClicks: number;
  expectedCents: number;
  realizedCents: number;
  /** Realized where paid, expected otherwise, per visit. */
  blendedCents: number;
  payouts: number;
}

export interface MoneyReport {
  rows: MoneyRow[];
  totals: Omit<MoneyRow, 'by' | 'key'>;
  unattributed: { payouts: number; cents: number };
}

/** Key expressions per dimension on each rollup table (fixed SQL, never from the request). */
const REVENUE_KEYS: Record<MoneyDimension, string> = {
  day: 'day',
  brand: 'brand',
  page: `brand || ' ' || page`,
  source: 'traffic_source',
  campaign: `CASE campaign WHEN '' THEN '(none)' ELSE campaign END`,
  paid: `CASE paid WHEN 1 THEN 'paid' ELSE 'unpaid' END`,
  variant: `CASE variant WHEN '' THEN '(no experiment)' ELSE variant END`,
};
const EVENT_KEYS: Record<MoneyDimension, string | null> = {
  ...REVENUE_KEYS,
  // The events rollups have no campaign: visits of a campaign are its visits with a value row.
  campaign: null,
};

const revenueRow = z.object({
  key: z.string(),
  visits: z.number(),
  expected: z.number(),
  realized: z.number(),
  blended: z.number(),
  payouts: z.number(),
});
const eventRow = z.object({ key: z.string(), visits: z.number(), leads: z.number(), call_clicks: z.number() });

function where(f: ReportFilters): { sql: string; binds: unknown[] } {
  let sql = 'day >= ? AND day <= ?';
  const binds: unknown[] = [f.from, f.to];
  if (f.brand) {
    sql += ' AND brand = ?';
    binds.push(f.brand);
  }
  if (f.page) {
    sql += ' AND page = ?';
    binds.push(f.page);
  }
  return { sql, binds };
}

const DIMENSIONS = Object.keys(REVENUE_KEYS) as MoneyDimension[];

export async function loadMoneyReport(
  env: Pick<Env, 'DB' | 'REVENUE_DB'>,
  f: ReportFilters,
): Promise<MoneyReport | null> {
  const w = where(f);
  // The money is in the revenue store's database, the visit counts in DB: a batch on each.
  const db = env.REVENUE_DB;
  try {
    const revenue = DIMENSIONS.map((by) =>
      db
        .prepare(
          `SELECT ${REVENUE_KEYS[by]} AS key, SUM(visits) AS visits, SUM(expected_cents) AS expected,
             SUM(realized_cents) AS realized, SUM(blended_cents) AS blended, SUM(payouts) AS payouts
           FROM revenue_rollups WHERE ${w.sql} GROUP BY key`,
        )
        .bind(...w.binds),
    );
    const eventDims = DIMENSIONS.filter((by) => EVENT_KEYS[by] !== null);
    const events = eventDims.map((by) =>
      env.DB.prepare(
        `SELECT ${EVENT_KEYS[by] ?? "''"} AS key, SUM(entries) AS visits, SUM(leads) AS leads, SUM(call_clicks) AS call_clicks
           FROM event_rollups WHERE ${w.sql} GROUP BY key`,
      ).bind(...w.binds),
    );
    const stray = db
      .prepare(
        `SELECT COUNT(*) AS payouts, COALESCE(SUM(payout_cents), 0) AS cents FROM payouts
         WHERE session_id IS NULL AND at >= ? AND at < ?`,
      )
      .bind(`${f.from}T00:00:00.000Z`, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString());
    const [money, counts] = await Promise.all([db.batch([...revenue, stray]), env.DB.batch(events)]);
    const results = [...money.slice(0, revenue.length), ...counts, ...money.slice(revenue.length)];
    const rows: MoneyRow[] = [];
    DIMENSIONS.forEach((by, i) => {
      const money = new Map(
        z
          .array(revenueRow)
          .parse(results[i]?.results ?? [])
          .map((r) => [r.key, r]),
      );
      const eventIndex = eventDims.indexOf(by);
      const counts = new Map(
        eventIndex < 0
          ? []
          : z
              .array(eventRow)
              .parse(results[DIMENSIONS.length + eventIndex]?.results ?? [])
              .map((r) => [r.key, r]),
      );
      for (const key of new Set([...money.keys(), ...counts.keys()])) {
        const m = money.get(key);
        const e = counts.get(key);
        rows.push({
          by,
          key,
          visits: e ? e.visits : (m?.visits ?? 0),
          leads: e?.leads ?? 0,
          callClicks: e?.call_clicks ?? 0,
          expectedCents: m?.expected ?? 0,
          realizedCents: m?.realized ?? 0,
          blendedCents: m?.blended ?? 0,
          payouts: m?.payouts ?? 0,
        });
      }
    });
    const byDay = rows.filter((r) => r.by === 'day');
    const totals = byDay.reduce(
      (sum, r) => ({
        visits: sum.visits + r.visits,
        leads: sum.leads + r.leads,
        callClicks: sum.callClicks + r.callClicks,
        expectedCents: sum.expectedCents + r.expectedCents,
        realizedCents: sum.realizedCents + r.realizedCents,
        blendedCents: sum.blendedCents + r.blendedCents,
        payouts: sum.payouts + r.payouts,
      }),
      { visits: 0, leads: 0, callClicks: 0, expectedCents: 0, realizedCents: 0, blendedCents: 0, payouts: 0 },
    );
    const unattributed = z
      .object({ payouts: z.number(), cents: z.number() })
      .parse(results.at(-1)?.results[0] ?? { payouts: 0, cents: 0 });
    rows.sort((a, b) => {
      const d = DIMENSIONS.indexOf(a.by) - DIMENSIONS.indexOf(b.by);
      if (d !== 0) return d;
      return a.by === 'day' ? a.key.localeCompare(b.key) : b.blendedCents - a.blendedCents || b.visits - a.visits;
    });
    return { rows, totals, unattributed };
  } catch {
    // A database without the revenue migration: the section says so.
    return null;
  }
}

/** Per-visit and per-lead ratios in dollars; null where the denominator is zero. */
export function perUnit(cents: number, count: number): number | null {
  return count > 0 ? cents / 100 / count : null;
}
