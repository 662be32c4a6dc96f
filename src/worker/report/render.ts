import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { BRAND_CODES } from '../../../brands/schema';
import { renderTrustSection, type TrustRow } from './lead-trust';
import { LEAD_BUCKETS, type LeadBucket } from './lead-buckets';
import { renderMoneySection } from './revenue-section';
import type { MoneyReport } from './revenue';
import type { VariantReportRow } from './experiments-section';
import { dropOff, share, type ReportData } from './query';

/** What each lead bucket means, under its chart (lead-buckets.ts decides the bucket). */
const BUCKET_LABELS: Readonly<Record<LeadBucket, string>> = {
  complete: 'Complete',
  partial: 'Partial',
  duplicate: 'Duplicate',
  bot: 'Bot',
  undelivered: 'Undelivered',
  other: 'Other status',
};

/** The one line under a chart that says what its numbers count. */
function explain(text: string): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<p class="note chart-note">${text}</p>`;
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const number = (x: number) => x.toLocaleString('en-US');

interface Bar {
  label: string;
  value: number;
  /** Optional second value drawn as an inner bar (e.g. submitted within reached). */
  inner?: number;
}

/**
 * A horizontal bar chart as inline SVG, drawn on the server: no chart library, no script.
 * It has a title and description for screen readers; the table next to it has the numbers.
 */
function barChart(
  id: string,
  title: string,
  description: string,
  bars: Bar[],
): HtmlEscapedString | Promise<HtmlEscapedString> {
  const rowHeight = 26;
  const labelWidth = 180;
  const width = 640;
  const barWidth = width - labelWidth - 70;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = Math.max(rowHeight, bars.length * rowHeight) + 4;
  return html`<svg id="${id}" role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 ${width} ${height}" width="100%" class="chart">
    <title id="${id}-title">${title}</title>
    <desc id="${id}-desc">${description}</desc>
    ${bars.map((b, i) => {
      const y = i * rowHeight + 2;
      const w = Math.round((b.value / max) * barWidth);
      const inner = b.inner === undefined ? 0 : Math.round((b.inner / max) * barWidth);
      return html`<g>
        <text x="${labelWidth - 8}" y="${y + 17}" text-anchor="end" class="label">${b.label.length > 26 ? `${b.label.slice(0, 25)}…` : b.label}</text>
        <rect x="${labelWidth}" y="${y + 3}" width="${Math.max(w, 1)}" height="${rowHeight - 8}" class="bar"></rect>
        ${b.inner === undefined ? '' : html`<rect x="${labelWidth}" y="${y + 8}" width="${Math.max(inner, 0)}" height="${rowHeight - 18}" class="bar-inner"></rect>`}
        <text x="${labelWidth + Math.max(w, 1) + 6}" y="${y + 17}" class="value">${number(b.value)}</text>
      </g>`;
    })}
  </svg>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1000px;padding:1rem 1.5rem;color:#1a1a1a}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}form{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}
label{display:flex;flex-direction:column;font-size:.85rem}input,select,button{font:inherit;padding:.3rem .5rem}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:1rem;margin:1rem 0;padding:0}
.kpis div{border:1px solid #ccc;border-radius:6px;padding:.75rem}.kpis dt{font-size:.85rem;color:#555}.kpis dd{margin:0;font-size:1.4rem;font-weight:600}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:right}
th:first-child,td:first-child,th.text,td.text{text-align:left}caption{text-align:left;font-weight:600;padding:.25rem 0}
.chart .label,.chart .value{font-size:12px;fill:#1a1a1a}.chart .bar{fill:#0b5cab}.chart .bar-inner{fill:#f4b400}.note{color:#555;font-size:.9rem}`;

export function renderReport(
  data: ReportData,
  nonce: string,
  csvHref: string,
  trust: TrustRow[] | null = null,
  money: MoneyReport | null = null,
  experiments: VariantReportRow[] | null = null,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  const { filters: f, totals: t } = data;
  const scope = `${f.brand ?? 'all brands'}, ${f.page ?? 'all pages'}, ${f.from} to ${f.to}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Funnel report - ${scope}</title>
<style nonce="${nonce}">${raw(STYLE)}</style>
</head>
<body>
<main>
<h1>Funnel report</h1>
<form method="get" action="" aria-label="Report filters">
  <label>From <input type="date" name="from" value="${f.from}" required></label>
  <label>To <input type="date" name="to" value="${f.to}" required></label>
  <label>Brand <select name="brand"><option value="">All brands</option>${BRAND_CODES.map((code) => html`<option value="${code}"${code === f.brand ? raw(' selected') : ''}>${code}</option>`)}</select></label>
  <label>Page <input type="text" name="page" value="${f.page ?? ''}" pattern="[a-z0-9-]*" placeholder="all pages"></label>
  <button type="submit">Show</button>
  <a href="${csvHref}" download>Download CSV</a>
</form>
<p class="note">Dates are UTC days of arrival. Every figure counts people: distinct sessions per day, so one session adds at most one to each, however many requests it sends. A session ends after 30 idle minutes or at a new ad click.</p>

<h2>Summary: ${scope}</h2>
<dl class="kpis">
  <div><dt>Visits</dt><dd>${number(t.visits)}</dd></div>
  <div><dt>Paid share</dt><dd>${percent(share(t.paidVisits, t.visits))}</dd></div>
  <div><dt>Step submitters</dt><dd>${number(t.submitters)}</dd></div>
  <div><dt>Callers</dt><dd>${number(t.callers)}</dd></div>
  <div><dt>Leads</dt><dd>${number(t.leads)}</dd></div>
</dl>
<p class="note">Leads are sessions with a complete lead: not partial, not a duplicate of an earlier person, not judged a bot, not left undelivered (see Leads by status).</p>
${data.leadsAvailable ? '' : html`<p class="note">No leads table in this database yet, so leads show as 0.</p>`}

<h2>Visits per day</h2>
${barChart(
  'chart-days',
  'Visits per day',
  `Sessions with a page view on each day from ${f.from} to ${f.to}`,
  data.days.map((d) => ({ label: d.day, value: d.visits })),
)}
${explain('Each bar is the sessions that viewed at least one page that day; a session is counted once a day.')}

<h2>Funnel steps</h2>
${
  data.steps.length === 0
    ? html`<p>No form steps were viewed in this range.</p>`
    : html`${barChart(
        'chart-steps',
        'Sessions reaching each step',
        'Blue: sessions that viewed the step; yellow: sessions that submitted it',
        data.steps.map((s) => ({ label: `${s.stepNumber}. ${s.stepName}`, value: s.reached, inner: s.submitted })),
      )}
${explain('Blue: sessions that viewed the step; yellow: sessions that submitted it. A session that sends a step twice counts once.')}
<table>
  <caption>Each step's count and drop-off${f.page ? '' : ' (choose a page to see one form on its own)'}</caption>
  <thead><tr><th scope="col">Step</th><th scope="col">Reached</th><th scope="col">Submitted</th><th scope="col">Drop-off to next step</th></tr></thead>
  <tbody>${data.steps.map((s, i) => {
    const d = dropOff(data.steps, i);
    return html`<tr><th scope="row">${s.stepNumber}. ${s.stepName}</th><td>${number(s.reached)}</td><td>${number(s.submitted)}</td><td>${d === null ? '–' : percent(d)}</td></tr>`;
  })}</tbody>
</table>`
}

<h2>By brand and page</h2>
${
  data.pages.length === 0
    ? html`<p>No page views in this range.</p>`
    : html`${barChart(
        'chart-pages',
        'Visits by page',
        'Sessions per brand and page, most visited first',
        data.pages.slice(0, 15).map((p) => ({ label: `${p.brand} ${p.page}`, value: p.visits })),
      )}
${explain('Each bar is the sessions that viewed the page that day, summed over the days: a session on every step of a form is one visit of its page.')}
<table>
  <caption>Visits, paid share, step submitters, callers and leads per brand and page (sessions)</caption>
  <thead><tr><th scope="col" class="text">Brand</th><th scope="col" class="text">Page</th><th scope="col">Visits</th><th scope="col">Paid share</th><th scope="col">Step submitters</th><th scope="col">Callers</th><th scope="col">Leads</th></tr></thead>
  <tbody>${data.pages.map(
    (p) =>
      html`<tr><td class="text">${p.brand}</td><th scope="row" class="text">${p.page}</th><td>${number(p.visits)}</td><td>${percent(share(p.paidVisits, p.visits))}</td><td>${number(p.submitters)}</td><td>${number(p.callers)}</td><td>${number(p.leads)}</td></tr>`,
  )}</tbody>
</table>`
}

<h2>Leads by status</h2>
${barChart(
  'chart-leads',
  'Leads by status',
  'Sessions with a lead in each status over the range',
  LEAD_BUCKETS.filter((b) => b !== 'other' || data.leadBuckets.other > 0).map((b) => ({
    label: BUCKET_LABELS[b],
    value: data.leadBuckets[b],
  })),
)}
${explain('Each bar is the sessions with at least one lead of that status in the range: complete, partial (steps, consent or token missing), duplicate (the same phone or email as an earlier lead), bot, or undelivered (kept, not sent to a buyer).')}
${renderTrustSection(trust)}
${renderMoneySection(money, experiments)}
</main>
</body>
</html>`;
}
