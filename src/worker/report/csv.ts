import type { TrustRow } from './lead-trust';
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
  'call_clicks',
  'trust_by',
  'trust_key',
  'clean',
  'suspect',
  'bot',
  'suspect_share',
  'bot_share',
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
];

/** The report's numbers as one CSV: a total row, one row per brand and page, one per funnel step. */
export function reportCsv(
  data: ReportData,
  trust: TrustRow[] | null = null,
  money: MoneyReport | null = null,
  experiments: VariantReportRow[] | null = null,
): string {
  const { from, to, brand, page } = data.filters;
  const rows: (string | number | null)[][] = [HEADER];
  const t = data.totals;
  rows.push([
    'total',
    from,
    to,
    brand,
    page,
    null,
    null,
    t.visits,
    t.paidVisits,
    share(t.paidVisits, t.visits),
    null,
    null,
    null,
    t.leads,
    t.callClicks,
  ]);
  for (const p of data.pages) {
    rows.push([
      'page',
      from,
      to,
      p.brand,
      p.page,
      null,
      null,
      p.visits,
      p.paidVisits,
      share(p.paidVisits, p.visits),
      null,
      null,
      null,
      p.leads,
      p.callClicks,
    ]);
  }
  data.steps.forEach((s, i) => {
    rows.push([
      'step',
      from,
      to,
      brand,
      page,
      s.stepNumber,
      s.stepName,
      null,
      null,
      null,
      s.reached,
      s.submitted,
      dropOff(data.steps, i),
      null,
      null,
    ]);
  });
  // Issue 12: lead quality per brand, page and traffic source (src/worker/report/lead-trust.ts).
  for (const r of trust ?? []) {
    rows.push([
      'trust',
      from,
      to,
      brand,
      page,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      r.leads,
      null,
      r.by,
      r.key,
      r.clean,
      r.suspect,
      r.bot,
      share(r.suspect, r.leads),
      share(r.bot, r.leads),
    ]);
  }
  // Revenue per dimension (src/worker/report/revenue.ts): visits and leads in their usual columns, money after the trust columns.
  for (const r of money?.rows ?? []) {
    const blank = Array<null>(HEADER.indexOf('money_by') - HEADER.indexOf('trust_by')).fill(null);
    rows.push([
      'money',
      from,
      to,
      brand,
      page,
      null,
      null,
      r.visits,
      null,
      null,
      null,
      null,
      null,
      r.leads,
      r.callClicks,
      ...blank,
      r.by,
      r.key,
      r.realizedCents / 100,
      r.expectedCents / 100,
      r.blendedCents / 100,
      perUnit(r.realizedCents, r.visits),
      perUnit(r.blendedCents, r.visits),
      perUnit(r.realizedCents, r.leads),
      perUnit(r.realizedCents, r.callClicks),
      r.payouts,
    ]);
  }
  if (money)
    rows.push([
      'money',
      from,
      to,
      brand,
      page,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      ...Array<null>(HEADER.indexOf('money_by') - HEADER.indexOf('trust_by')).fill(null),
      'unattributed',
      '(no visit)',
      money.unattributed.cents / 100,
      null,
      null,
      null,
      null,
      null,
      null,
      money.unattributed.payouts,
    ]);
  // Experiment variants (src/worker/report/experiments-section.ts): RPV with its interval and probability best.
  for (const r of experiments ?? []) {
    const row: (string | number | null)[] = Array<null>(HEADER.length).fill(null);
    const put = (name: string, value: string | number | null) => (row[HEADER.indexOf(name)] = value);
    put('section', 'experiment');
    put('from', from);
    put('to', to);
    put('visits', r.visitors);
    put('money_by', r.experiment);
    put('money_key', r.variant);
    put('rpv', r.rpv);
    put('rpv_low', r.low);
    put('rpv_high', r.high);
    put('probability_best', r.probabilityBest);
    put('traffic_share', r.share);
    rows.push(row);
  }
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
