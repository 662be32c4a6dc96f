import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { formatUsd } from '../revenue/money';
import { renderExperimentSection, type VariantReportRow } from './experiments-section';
import { perUnit, type MoneyDimension, type MoneyReport, type MoneyRow } from './revenue';

const TITLES: Record<MoneyDimension, string> = {
  day: 'Day',
  brand: 'Brand',
  page: 'Brand and page',
  source: 'Traffic source',
  campaign: 'Campaign',
  paid: 'Paid traffic',
  variant: 'Experiment variant',
};

const usd = (value: number | null) => (value === null ? '–' : `$${value.toFixed(2)}`);

/** Blended revenue per key with its realized part inside (inline SVG, no script; the table has the numbers). */
function moneyChart(id: string, title: string, rows: MoneyRow[]): HtmlEscapedString | Promise<HtmlEscapedString> {
  const rowHeight = 26;
  const labelWidth = 180;
  const barWidth = 380;
  const max = Math.max(1, ...rows.map((r) => r.blendedCents));
  const height = Math.max(rowHeight, rows.length * rowHeight) + 4;
  return html`<svg id="${id}" role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 640 ${height}" width="100%" class="chart">
    <title id="${id}-title">${title}</title>
    <desc id="${id}-desc">Blue: revenue, realized where paid and expected otherwise; yellow inside it: realized payouts. The table below has the numbers.</desc>
    ${rows.map((r, i) => {
      const y = i * rowHeight + 2;
      const w = Math.round((r.blendedCents / max) * barWidth);
      const inner = Math.round((Math.min(r.realizedCents, r.blendedCents) / max) * barWidth);
      return html`<g>
        <text x="${labelWidth - 8}" y="${y + 17}" text-anchor="end" class="label">${r.key.length > 26 ? `${r.key.slice(0, 25)}…` : r.key}</text>
        <rect x="${labelWidth}" y="${y + 3}" width="${Math.max(w, 1)}" height="${rowHeight - 8}" class="bar"></rect>
        <rect x="${labelWidth}" y="${y + 8}" width="${inner}" height="${rowHeight - 18}" class="bar-inner"></rect>
        <text x="${labelWidth + Math.max(w, 1) + 6}" y="${y + 17}" class="value">${formatUsd(r.blendedCents)}</text>
      </g>`;
    })}
  </svg>`;
}

function table(by: MoneyDimension, rows: MoneyRow[]): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<table id="money-${by}">
  <caption>Revenue by ${TITLES[by].toLowerCase()}: realized payouts and expected value side by side</caption>
  <thead><tr><th scope="col" class="text">${TITLES[by]}</th><th scope="col">Visits</th><th scope="col">Leads</th><th scope="col">Realized</th><th scope="col">Expected</th><th scope="col">Revenue (realized, else expected)</th><th scope="col">RPV realized</th><th scope="col">RPV</th><th scope="col">Revenue per lead</th><th scope="col">EPC (call clicks)</th></tr></thead>
  <tbody>${rows.map(
    (r) =>
      html`<tr><th scope="row" class="text">${r.key}</th><td>${r.visits}</td><td>${r.leads}</td><td>${formatUsd(r.realizedCents)}</td><td>${formatUsd(r.expectedCents)}</td><td>${formatUsd(r.blendedCents)}</td><td>${usd(perUnit(r.realizedCents, r.visits))}</td><td>${usd(perUnit(r.blendedCents, r.visits))}</td><td>${usd(perUnit(r.realizedCents, r.leads))}</td><td>${usd(perUnit(r.realizedCents, r.callClicks))}</td></tr>`,
  )}</tbody>
</table>`;
}

export function renderMoneySection(
  report: MoneyReport | null,
  experiments: VariantReportRow[] | null = null,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  if (report === null) return html`<h2>Revenue</h2><p class="note">No revenue tables in this database yet.</p>`;
  const t = report.totals;
  return html`<h2>Revenue</h2>
<p class="note">Realized: what partners reported paying (postbacks), on the day of the visit that earned it. Expected: the visit's priced value (the demand check's ev, the best offer shown). RPV: revenue per visitor, realized where paid and expected otherwise.</p>
<dl class="kpis" id="money-kpis">
  <div><dt>Revenue realized</dt><dd>${formatUsd(t.realizedCents)}</dd></div>
  <div><dt>Revenue expected</dt><dd>${formatUsd(t.expectedCents)}</dd></div>
  <div><dt>Revenue per visitor</dt><dd>${usd(perUnit(t.blendedCents, t.visits))}</dd></div>
  <div><dt>RPV realized</dt><dd>${usd(perUnit(t.realizedCents, t.visits))}</dd></div>
  <div><dt>Revenue per lead</dt><dd>${usd(perUnit(t.realizedCents, t.leads))}</dd></div>
  <div><dt>Unattributed payouts</dt><dd>${formatUsd(report.unattributed.cents)} (${report.unattributed.payouts})</dd></div>
</dl>
${(Object.keys(TITLES) as MoneyDimension[]).map((by) => {
  const part = report.rows.filter((r) => r.by === by);
  if (part.length === 0) return '';
  return html`<h3>By ${TITLES[by].toLowerCase()}</h3>
${moneyChart(`chart-money-${by}`, `Revenue by ${TITLES[by].toLowerCase()}`, part.slice(0, 15))}
${table(by, part)}`;
})}
${renderExperimentSection(experiments)}`;
}
