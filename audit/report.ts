/** docs/audit.md: Lighthouse scores and axe results of one `npm run audit` run. */
import type { AxeResult } from './axe';
import { renderFunnelSection, type FunnelWalk } from './funnel';
import { CATEGORIES, RUNS_PER_PAGE, type Category, type LighthouseResult } from './lighthouse';

export interface AuditReport {
  date: string;
  machine: string[];
  thresholds: Record<Category, number>;
  lighthouse: { template: string; language: string; result: LighthouseResult; failures: string[] }[];
  axe: { label: string; scheme: 'light' | 'dark'; result: AxeResult }[];
  seconds: number;
  lighthouseSkipped: boolean;
  funnel: { rows: FunnelWalk[]; stopped: string[] };
}

const path = (url: string) => {
  const u = new URL(url);
  return `${u.hostname.split('.')[0] ?? ''} ${u.pathname}`;
};

/** Each run's main-thread CPU share (audit/main-thread-share.ts), in run order: "62% / 48% / 71%". */
export function cpuShares(r: LighthouseResult): string {
  const runs = r.cpuShareRuns ?? [r.cpuShare];
  return runs.map((share) => (share === undefined ? '?' : `${share}%`)).join(' / ');
}

export function renderAuditReport(r: AuditReport): string {
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);
  push(
    '# Audits',
    '',
    `Measured by \`npm run audit\` (audit/index.ts) on ${r.date}; the run took ${Math.round(r.seconds)} s.`,
    '',
    ...r.machine,
    '',
  );
  push(
    '## Thresholds',
    '',
    `- Lighthouse 12 (default mobile emulation, simulated throttling) in Debian's Chromium, ${RUNS_PER_PAGE} runs a page, the median run by performance reported (its scores move between runs of the same page; every run's performance is in "runs"): performance ${r.thresholds.performance} or more, cumulative layout shift 0 in every run; accessibility, best practices and SEO ${r.thresholds.accessibility}.`,
    '- SEO on noindex pages (paid funnel pages, quizzes, clicks: `indexable` false in the route table) cannot score 100, because "Page is blocked from indexing" is the point of noindex. For those, every other SEO audit must pass; the raw score is shown.',
    '- axe-core: zero violations of any impact, on every template in light and dark colour mode, and on every step of the Medicare, auto, life and quiz forms, each audited after its islands hydrated (an island not hydrated within 10 s fails the page; the exit dialog, hydrated when a trigger fires, must be armed, and is audited again open).',
    '- Robots: every audited page says noindex exactly when its route is not `indexable` in the route table (audit/robots.ts), whatever Lighthouse scores.',
    "- Funnel: every form finishes in Chromium, as a visitor who answers everything and (the Medicare forms) as one who chooses to call, on a phone and a desktop; targets: a Medicare caller can dial a tracked (leased) number within 4 taps of the landing page (the run fails otherwise), Continue visible after every step's last answer without scrolling.",
    '- The run exits 1 below any threshold, or when a funnel walk does not finish.',
    '',
  );
  if (!r.lighthouseSkipped) {
    push(
      '## Lighthouse',
      '',
      '| template | language | page | performance | runs | host benchmarkIndex | main thread on CPU | CLS | accessibility | best practices | SEO | noindex | result |',
      '| --- | --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: | --- | --- |',
    );
    for (const row of r.lighthouse) {
      const s = row.result.scores;
      push(
        `| ${row.template} | ${row.language} | ${path(row.result.url)} | ${s.performance} | ${(row.result.performanceRuns ?? [s.performance]).join(' / ')} | ${(row.result.benchmarkRuns ?? [row.result.benchmarkIndex]).join(' / ')} | ${cpuShares(row.result)} | ${row.result.cls} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${row.result.noindex ? 'yes' : 'no'} | ${row.failures.length ? `FAIL: ${row.failures.join('; ')}` : 'pass'} |`,
      );
    }
    const below = r.lighthouse.flatMap((row) =>
      CATEGORIES.filter(
        (c) => row.result.failed[c].length > 0 && !(c === 'seo' && row.result.seoFailures.length === 0),
      ).map((c) => `${path(row.result.url)} ${c}: ${row.result.failed[c].join(', ')}`),
    );
    if (below.length) push('', 'Audits that did not score full marks:', '', ...below.map((b) => `- ${b}`));
    push('');
  }
  push(
    '## axe-core',
    '',
    '| page | colour mode | address | status | violations | other failures |',
    '| --- | --- | --- | ---: | --- | --- |',
  );
  for (const row of r.axe) {
    const v = row.result.violations;
    push(
      `| ${row.label} | ${row.scheme} | ${path(row.result.url)} | ${row.result.status} | ${v.length === 0 ? '0' : v.map((x) => `${x.id} (${x.impact ?? 'n/a'}, ${x.nodes.length}): ${x.help}`).join('; ')} | ${row.result.failures.join('; ') || 'none'} |`,
    );
  }
  push('', ...renderFunnelSection(r.funnel));
  push(
    '## Rerun',
    '',
    '```sh',
    'npm run audit              # Lighthouse, axe and the funnel walks, rewrites this file (about 25 minutes on 2 cores)',
    'npm run audit -- --axe-only # axe and the funnel walks, a quick check while fixing markup',
    'npm run audit -- --funnel-only # the funnel walks alone',
    '```',
    '',
  );
  return lines.join('\n');
}
