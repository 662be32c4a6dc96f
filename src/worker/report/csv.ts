import { dropOff, share, type ReportData } from './query';

/** RFC 4180 quoting; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(4);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const HEADER = ['section', 'from', 'to', 'brand', 'page', 'step_number', 'step_name', 'visits', 'paid_visits', 'paid_share', 'reached', 'submitted', 'drop_off', 'leads', 'call_clicks'];

/** The report's numbers as one CSV: a total row, one row per brand and page, one per funnel step. */
export function reportCsv(data: ReportData): string {
  const { from, to, brand, page } = data.filters;
  const rows: (string | number | null)[][] = [HEADER];
  const t = data.totals;
  rows.push(['total', from, to, brand, page, null, null, t.visits, t.paidVisits, share(t.paidVisits, t.visits), null, null, null, t.leads, t.callClicks]);
  for (const p of data.pages) {
    rows.push(['page', from, to, p.brand, p.page, null, null, p.visits, p.paidVisits, share(p.paidVisits, p.visits), null, null, null, p.leads, p.callClicks]);
  }
  data.steps.forEach((s, i) => {
    rows.push(['step', from, to, brand, page, s.stepNumber, s.stepName, null, null, null, s.reached, s.submitted, dropOff(data.steps, i), null, null]);
  });
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
