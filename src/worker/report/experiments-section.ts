import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { allocate, DEFAULT_BANDIT, loadVariantStats, seededRandom } from '../experiments';
import type { ReportFilters } from './query';
import { fnv1a } from '../../shared/fnv1a';

/**
 * Each experiment's variants in the report: visitors, revenue per visitor with its 95% interval,
 * the probability of being best and the share of the optimised traffic the bandit would give it
 * (src/worker/experiments/), over the report's range. Seeded by the range, so a reload shows the
 * same probabilities.
 */
export interface VariantReportRow {
  experiment: string;
  variant: string;
  visitors: number;
  rpv: number;
  low: number;
  high: number;
  probabilityBest: number;
  share: number;
  winner: boolean;
}

export async function loadExperimentReport(
  env: Pick<Env, 'DB' | 'REVENUE_DB'>,
  f: ReportFilters,
): Promise<VariantReportRow[] | null> {
  try {
    const experiments = await loadVariantStats(env, { from: f.from, to: f.to });
    return experiments
      .filter((e) => e.variants.length >= 2)
      .flatMap((e) => {
        const a = allocate(e.variants, DEFAULT_BANDIT, seededRandom(fnv1a(`${e.experimentId}|${f.from}|${f.to}`)));
        return a.posteriors.map((p) => ({
          experiment: e.experimentId,
          variant: p.id,
          visitors: p.visits,
          rpv: p.rpv,
          low: Math.max(0, p.low),
          high: p.high,
          probabilityBest: p.probabilityBest,
          share: a.shares[p.id] ?? 0,
          winner: a.winner === p.id,
        }));
      });
  } catch {
    return null;
  }
}

export function renderExperimentSection(
  rows: VariantReportRow[] | null,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  if (rows === null || rows.length === 0) return html``;
  return html`<h3>By experiment variant: which earns most per visitor</h3>
<table id="money-experiments">
  <caption>Each variant's visitors, revenue per visitor (what partners paid; an optimise experiment counts each person once) with its 95% interval, the probability it is best, and the share of optimised traffic it would get</caption>
  <thead><tr><th scope="col" class="text">Experiment</th><th scope="col" class="text">Variant</th><th scope="col">Visitors</th><th scope="col">RPV</th><th scope="col">95% interval</th><th scope="col">Probability best</th><th scope="col">Traffic share</th></tr></thead>
  <tbody>${rows.map(
    (r) =>
      html`<tr><td class="text">${r.experiment}</td><th scope="row" class="text">${r.variant}${r.winner ? ' (winner)' : ''}</th><td>${r.visitors}</td><td>$${r.rpv.toFixed(2)}</td><td>$${r.low.toFixed(2)} – $${r.high.toFixed(2)}</td><td>${(r.probabilityBest * 100).toFixed(1)}%</td><td>${(r.share * 100).toFixed(1)}%</td></tr>`,
  )}</tbody>
</table>`;
}
