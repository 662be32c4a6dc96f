import type { TrustRow } from './lead-trust';
import { LEAD_BUCKETS } from './lead-buckets';
import { dropOff, share, type ReportData } from './query';
import { perUnit, type MoneyReport } from './revenue';
import type { VariantReportRow } from './experiments-section';

/**
 * Cells a spreadsheet would run as a formula: a leading = + - @, tab or carriage return, or the
 * full-width ＝ ＋ － ＠ that some spreadsheets fold to the ASCII ones (OWASP CSV injection).
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** RFC 4180 quoting; a formula start is neutralised with a leading ' so a spreadsheet shows it as text. */
export function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(4);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const HEADER = [
  'section',
  'from',
  'to',
  'brand',
  'page',
  'step_number',
  'step_name',
  'visits',
  'paid_visits',
  'paid_share',
  'reached',
  'submitted',
  'drop_off',
  'leads',
  'callers',
  'trust_by',
  'trust_key',
  'clean',
  'suspect',
  'bot',
  'suspect_share',
  'bot_share',
  'submitters',
  ...LEAD_BUCKETS.map((b) => `leads_${b}`),
  'money_by',
  'money_key',
  'realized_usd',
  'expected_usd',
  'revenue_usd',
  'rpv_realized',
  'rpv',
  'revenue_per_lead',
  'epc_call_clicks',
  'payouts',
  'rpv_low',
  'rpv_high',
  'probability_best',
  'traffic_share',
] as const;

type Column = (typeof HEADER)[number];
type Cell = string | number | null;

/** Every row has the cells up to `callers`, as before the later columns were added. */
const MIN_CELLS = HEADER.indexOf('callers') + 1;

/** A row in HEADER's order from named cells; empty cells past MIN_CELLS at the end are left off. */
function row(cells: Partial<Record<Column, Cell>>): Cell[] {
  const out = HEADER.map((column) => cells[column] ?? null);
  while (out.length > MIN_CELLS && out[out.length - 1] === null) out.pop();
  return out;
}

/**
 * The report's numbers as one CSV: a total row (with the sessions per lead bucket), one row per
 * brand and page, one per funnel step, the lead-quality rows, then revenue per dimension and the
 * experiments' variants. Traffic figures are in people (distinct sessions, query.ts), as on the page.
 */
export function reportCsv(
  data: ReportData,
  trust: TrustRow[] | null = null,
  money: MoneyReport | null = null,
  experiments: VariantReportRow[] | null = null,
): string {
  const { from, to, brand, page } = data.filters;
  const rows: Cell[][] = [[...HEADER]];
  const t = data.totals;
  const scope = { from, to, brand, page };
  rows.push(
    row({
      section: 'total',
      ...scope,
      visits: t.visits,
      paid_visits: t.paidVisits,
      paid_share: share(t.paidVisits, t.visits),
      leads: t.leads,
      callers: t.callers,
      submitters: t.submitters,
      ...Object.fromEntries(LEAD_BUCKETS.map((b) => [`leads_${b}`, data.leadBuckets[b]])),
    }),
  );
  for (const p of data.pages) {
    rows.push(
      row({
        section: 'page',
        from,
        to,
        brand: p.brand,
        page: p.page,
        visits: p.visits,
        paid_visits: p.paidVisits,
        paid_share: share(p.paidVisits, p.visits),
        leads: p.leads,
        callers: p.callers,
        submitters: p.submitters,
      }),
    );
  }
  data.steps.forEach((s, i) => {
    rows.push(
      row({
        section: 'step',
        ...scope,
        step_number: s.stepNumber,
        step_name: s.stepName,
        reached: s.reached,
        submitted: s.submitted,
        drop_off: dropOff(data.steps, i),
      }),
    );
  });
  // Lead quality per brand, page and traffic source (src/worker/report/lead-trust.ts).
  for (const r of trust ?? []) {
    rows.push(
      row({
        section: 'trust',
        ...scope,
        leads: r.leads,
        trust_by: r.by,
        trust_key: r.key,
        clean: r.clean,
        suspect: r.suspect,
        bot: r.bot,
        suspect_share: share(r.suspect, r.leads),
        bot_share: share(r.bot, r.leads),
      }),
    );
  }
  // Revenue per dimension (src/worker/report/revenue.ts): visits and leads in their usual columns, money after them.
  for (const r of money?.rows ?? []) {
    rows.push(
      row({
        section: 'money',
        ...scope,
        visits: r.visits,
        leads: r.leads,
        money_by: r.by,
        money_key: r.key,
        realized_usd: r.realizedCents / 100,
        expected_usd: r.expectedCents / 100,
        revenue_usd: r.blendedCents / 100,
        rpv_realized: perUnit(r.realizedCents, r.visits),
        rpv: perUnit(r.blendedCents, r.visits),
        revenue_per_lead: perUnit(r.realizedCents, r.leads),
        epc_call_clicks: perUnit(r.realizedCents, r.callClicks),
        payouts: r.payouts,
      }),
    );
  }
  if (money)
    rows.push(
      row({
        section: 'money',
        ...scope,
        money_by: 'unattributed',
        money_key: '(no visit)',
        realized_usd: money.unattributed.cents / 100,
        payouts: money.unattributed.payouts,
      }),
    );
  // Experiment variants (src/worker/report/experiments-section.ts): RPV with its interval and probability best.
  for (const r of experiments ?? []) {
    rows.push(
      row({
        section: 'experiment',
        from,
        to,
        visits: r.visitors,
        money_by: r.experiment,
        money_key: r.variant,
        rpv: r.rpv,
        rpv_low: r.low,
        rpv_high: r.high,
        probability_best: r.probabilityBest,
        traffic_share: r.share,
      }),
    );
  }
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
