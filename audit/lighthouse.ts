/**
 * Lighthouse (its default mobile emulation and simulated throttling) on one page, in the
 * already running Chromium. Scores are 0-100. A page marked noindex cannot pass "is
 * crawlable" by design, so for those pages the SEO check is every other SEO audit passing,
 * and the raw score is reported beside it.
 */
import lighthouse from 'lighthouse';
import { mainThreadCpuShare } from './main-thread-share';

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
  /** Cumulative layout shift the run measured (the budget: 0). */
  cls: number;
  /** What shifted, when something did: Lighthouse's `layout-shifts` items, the element and its share. */
  shifts?: string[];
  /** Performance of every run of the page, in run order (the result is the median run's). */
  performanceRuns?: number[];
  /**
   * Lighthouse's own measure of the host's CPU (`environment.benchmarkIndex`): its 4x CPU
   * slowdown is calibrated for a high-end desktop (1500-2000); on a slower host the same page
   * scores lower, so a score is read beside the host it was measured on.
   */
  benchmarkIndex: number;
  /** benchmarkIndex of every run, in run order. */
  benchmarkRuns?: number[];
  /**
   * The page's main thread: its tasks' thread time over their wall time, 0-100
   * (audit/main-thread-share.ts). Below 100, the page's tasks waited (descheduled, or on another
   * thread or process), and the simulated throttling counted that wait as the page's CPU work.
   */
  cpuShare?: number;
  /** cpuShare of every run, in run order. */
  cpuShareRuns?: (number | undefined)[];
}

/**
 * One run, again when Lighthouse itself asks for it ("Something went wrong with recording the
 * trace ... Please run Lighthouse again", NO_NAVSTART): at most twice more, then the error stands.
 */
async function runLighthouseRetrying(url: string, debuggingPort: number): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, debuggingPort);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('run Lighthouse again')) throw error;
    }
  }
}

/** Lighthouse runs per page: its scores move between runs of the same page, so the median run is reported. */
export const RUNS_PER_PAGE = 3;

/**
 * The median of `RUNS_PER_PAGE` runs by performance score (Lighthouse's own advice on variance:
 * several runs, the median), with every run's performance kept for the report.
 */
export async function runLighthouseMedian(url: string, debuggingPort: number): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < RUNS_PER_PAGE; i++) runs.push(await runLighthouseRetrying(url, debuggingPort));
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor(sorted.length / 2)] as LighthouseResult;
  // Layout shift counts in any run, not only the median's.
  const cls = Math.max(...runs.map((r) => r.cls));
  const shifts = runs.flatMap((r) => r.shifts ?? []);
  return {
    ...median,
    cls,
    ...(shifts.length > 0 ? { shifts } : {}),
    performanceRuns: runs.map((r) => r.scores.performance),
    benchmarkRuns: runs.map((r) => r.benchmarkIndex),
    cpuShareRuns: runs.map((r) => r.cpuShare),
  };
}

/**
 * What Lighthouse clears for the page's origin before a run: its defaults (constants.js) and also
 * cookies, local storage and IndexedDB, which it keeps by default so as not to log its user out
 * (settings.d.ts, `clearStorageTypes`). The audit runs every page in one browser: with the
 * defaults, the second and third run of a page, and every later page of the same brand, came as a
 * returning visitor (a signed visitor key, so the linked stylesheet; stored answers and tracker
 * state) whose cache Lighthouse had just emptied, a view no visitor makes. Lighthouse's command
 * line and PageSpeed Insights start in a new profile: every run a first view, which this gives.
 * Throttling, emulation and scoring stay Lighthouse's defaults.
 */
export const CLEAR_STORAGE_TYPES = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'cookies',
  'local_storage',
  'indexeddb',
] as const;

export async function runLighthouse(url: string, debuggingPort: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    clearStorageTypes: [...CLEAR_STORAGE_TYPES],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr, artifacts } = result;
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
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
  const shifted = lhr.audits['layout-shifts']?.details;
  const shifts =
    shifted?.type === 'table'
      ? shifted.items.map((item) => {
          const node = item.node as { selector?: string; snippet?: string } | undefined;
          const score = typeof item.score === 'number' ? item.score.toFixed(4) : '?';
          return `${node?.selector ?? node?.snippet ?? 'an element'} (${score})`;
        })
      : [];
  const cpuShare = mainThreadCpuShare(artifacts.Trace.traceEvents);
  return {
    url,
    scores,
    noindex,
    seoFailures,
    failed,
    cls,
    ...(shifts.length > 0 ? { shifts } : {}),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    ...(cpuShare === undefined ? {} : { cpuShare }),
  };
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
  // the budget: no layout shift at all (a NaN, no measure, fails too).
  if (!(r.cls === 0)) out.push(`cumulative layout shift ${r.cls} > 0${r.shifts ? `: ${r.shifts.join(', ')}` : ''}`);
  return out;
}
