/**
 * Lighthouse (its default mobile emulation and simulated throttling) on one page, in the
 * already running Chromium. Scores are 0-100. A page marked noindex cannot pass "is
 * crawlable" by design, so for those pages the SEO check is every other SEO audit passing,
 * and the raw score is reported beside it.
 */
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export const THRESHOLDS: Record<Category, number> = {
  performance: 99,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export interface LighthouseResult {
  url: string;
  scores: Record<Category, number>;
  noindex: boolean;
  /** SEO audits that failed, other than is-crawlable on a noindex page. */
  seoFailures: string[];
  /** Failed audits per category, for the report. */
  failed: Record<Category, string[]>;
  /** Performance of every run of the page, in run order (the result is the median run's). */
  performanceRuns?: number[];
}

/** Lighthouse runs per page: its scores move between runs of the same page, so the median run is reported. */
export const RUNS_PER_PAGE = 3;

/**
 * The median of `RUNS_PER_PAGE` runs by performance score (Lighthouse's own advice on variance:
 * several runs, the median), with every run's performance kept for the report.
 */
export async function runLighthouseMedian(url: string, debuggingPort: number): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < RUNS_PER_PAGE; i++) runs.push(await runLighthouse(url, debuggingPort));
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor(sorted.length / 2)] as LighthouseResult;
  return { ...median, performanceRuns: runs.map((r) => r.scores.performance) };
}

export async function runLighthouse(url: string, debuggingPort: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${url})`);
  const scores = {} as Record<Category, number>;
  const failed = {} as Record<Category, string[]>;
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    failed[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit !== undefined &&
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map(
        (audit) =>
          `${audit?.id ?? ''}${audit?.score !== null && audit?.score !== undefined ? ` (${Math.round(audit.score * 100)})` : ''}`,
      );
  }
  const crawlable = lhr.audits['is-crawlable'];
  const noindex = crawlable !== undefined && crawlable.score === 0;
  const seoFailures = failed.seo.filter((f) => !(noindex && f.startsWith('is-crawlable')));
  return { url, scores, noindex, seoFailures, failed };
}

/** Below a threshold: performance and the two 100s by score; SEO by its audits (see above). */
export function lighthouseFailures(r: LighthouseResult): string[] {
  const out: string[] = [];
  for (const id of CATEGORIES) {
    if (id === 'seo') {
      if (r.seoFailures.length > 0) out.push(`seo: ${r.seoFailures.join(', ')}`);
      continue;
    }
    if (r.scores[id] < THRESHOLDS[id])
      out.push(`${id} ${r.scores[id]} < ${THRESHOLDS[id]}: ${r.failed[id].join(', ')}`);
  }
  return out;
}
