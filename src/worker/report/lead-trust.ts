import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { z } from 'zod';
import { rangeWhere, rollupWhere, type ReportFilters } from './query';

/**
 * Lead quality in the operator report: the share of `suspect` and `bot` leads per
 * brand, per page and per traffic source (utm_source of the session, or "(direct)"), from the
 * trust verdict stored on each lead (migration 0006). Leads written before it have no verdict
 * and count as unscored.
 */
export type TrustDimension = 'brand' | 'page' | 'source';

export interface TrustRow {
  by: TrustDimension;
  /** The brand code, `brand page`, or the traffic source. */
  key: string;
  leads: number;
  clean: number;
  suspect: number;
  bot: number;
}

const rowSchema = z.object({
  key: z.string().nullable(),
  leads: z.number(),
  clean: z.number(),
  suspect: z.number(),
  bot: z.number(),
});

const COUNTS = `COUNT(*) AS leads,
  SUM(CASE WHEN trust_verdict = 'clean' THEN 1 ELSE 0 END) AS clean,
  SUM(CASE WHEN trust_verdict = 'suspect' THEN 1 ELSE 0 END) AS suspect,
  SUM(CASE WHEN trust_verdict = 'bot' THEN 1 ELSE 0 END) AS bot`;

const KEYS: Record<TrustDimension, string> = {
  brand: 'brand',
  page: `brand || ' ' || page`,
  source: `COALESCE(traffic_source, '(unknown)')`,
};

/** The same counts from the rollups of leads moved to R2 (lead-archive/move.ts). */
const ROLLUP_COUNTS = `SUM(leads) AS leads,
  SUM(CASE WHEN verdict = 'clean' THEN leads ELSE 0 END) AS clean,
  SUM(CASE WHEN verdict = 'suspect' THEN leads ELSE 0 END) AS suspect,
  SUM(CASE WHEN verdict = 'bot' THEN leads ELSE 0 END) AS bot`;

export async function loadTrustReport(db: D1Database, f: ReportFilters): Promise<TrustRow[] | null> {
  const where = rangeWhere('created_at', f);
  const moved = rollupWhere(f);
  try {
    const dims = Object.keys(KEYS) as TrustDimension[];
    const results = await db.batch(
      dims.map((by) =>
        db
          .prepare(
            `SELECT key, SUM(leads) AS leads, SUM(clean) AS clean, SUM(suspect) AS suspect, SUM(bot) AS bot FROM (
               SELECT ${KEYS[by]} AS key, ${COUNTS} FROM leads WHERE ${where.sql} GROUP BY key
               UNION ALL
               SELECT ${KEYS[by]} AS key, ${ROLLUP_COUNTS} FROM lead_trust_rollups WHERE ${moved.sql} GROUP BY key
             ) GROUP BY key ORDER BY leads DESC, key LIMIT 200`,
          )
          .bind(...where.binds, ...moved.binds),
      ),
    );
    return dims.flatMap((by, i) =>
      z
        .array(rowSchema)
        .parse(results[i]?.results ?? [])
        .map((r) => ({ by, key: r.key ?? '', leads: r.leads, clean: r.clean, suspect: r.suspect, bot: r.bot })),
    );
  } catch {
    // No leads table, or no verdict columns yet (before migration 0006): the section says so.
    return null;
  }
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–');

/** A stacked bar per row: clean, suspect and bot as shares of the row's leads (inline SVG, no script). */
function shareChart(id: string, title: string, rows: TrustRow[]): HtmlEscapedString | Promise<HtmlEscapedString> {
  const rowHeight = 26;
  const labelWidth = 180;
  const barWidth = 380;
  const height = Math.max(rowHeight, rows.length * rowHeight) + 4;
  return html`<svg id="${id}" role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 640 ${height}" width="100%" class="chart">
    <title id="${id}-title">${title}</title>
    <desc id="${id}-desc">Each bar is 100% of the leads of its row: green clean, yellow suspect, red bot. The table below has the numbers.</desc>
    ${rows.map((r, i) => {
      const y = i * rowHeight + 2;
      const w = (n: number) => (r.leads > 0 ? Math.round((n / r.leads) * barWidth) : 0);
      const [clean, suspect, bot] = [w(r.clean), w(r.suspect), w(r.bot)];
      return html`<g>
        <text x="${labelWidth - 8}" y="${y + 17}" text-anchor="end" class="label">${r.key.length > 26 ? `${r.key.slice(0, 25)}…` : r.key}</text>
        <rect x="${labelWidth}" y="${y + 3}" width="${clean}" height="${rowHeight - 8}" fill="#2e7d32"></rect>
        <rect x="${labelWidth + clean}" y="${y + 3}" width="${suspect}" height="${rowHeight - 8}" fill="#f4b400"></rect>
        <rect x="${labelWidth + clean + suspect}" y="${y + 3}" width="${bot}" height="${rowHeight - 8}" fill="#c62828"></rect>
        <text x="${labelWidth + barWidth + 6}" y="${y + 17}" class="value">${percent(r.suspect, r.leads)} suspect, ${percent(r.bot, r.leads)} bot</text>
      </g>`;
    })}
  </svg>`;
}

const TITLES: Record<TrustDimension, string> = { brand: 'Brand', page: 'Brand and page', source: 'Traffic source' };

export function renderTrustSection(rows: TrustRow[] | null): HtmlEscapedString | Promise<HtmlEscapedString> {
  if (rows === null) return html`<h2>Lead quality</h2><p class="note">No trust verdicts in this database yet.</p>`;
  if (rows.length === 0) return html`<h2>Lead quality</h2><p>No leads in this range.</p>`;
  return html`<h2>Lead quality</h2>
<p class="note">Every lead gets a verdict when it is written: clean, suspect (delivered, flagged) or bot (stored, not sent to partners). Leads from before the verdict existed are unscored.</p>
${(Object.keys(TITLES) as TrustDimension[]).map((by) => {
  const part = rows.filter((r) => r.by === by);
  if (part.length === 0) return '';
  return html`<h3>By ${TITLES[by].toLowerCase()}</h3>
${shareChart(`chart-trust-${by}`, `Suspect and bot share of leads by ${TITLES[by].toLowerCase()}`, part.slice(0, 15))}
<p class="note chart-note">Each bar is the share of the stored leads (lead rows, not sessions) judged suspect or bot.</p>
<table>
  <caption>Leads and their verdicts by ${TITLES[by].toLowerCase()}</caption>
  <thead><tr><th scope="col" class="text">${TITLES[by]}</th><th scope="col">Leads</th><th scope="col">Clean</th><th scope="col">Suspect</th><th scope="col">Bot</th><th scope="col">Suspect share</th><th scope="col">Bot share</th></tr></thead>
  <tbody>${part.map((r) => html`<tr><th scope="row" class="text">${r.key}</th><td>${r.leads}</td><td>${r.clean}</td><td>${r.suspect}</td><td>${r.bot}</td><td>${percent(r.suspect, r.leads)}</td><td>${percent(r.bot, r.leads)}</td></tr>`)}</tbody>
</table>`;
})}`;
}
