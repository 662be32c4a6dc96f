/**
 * `npm run audit`: Lighthouse on every template in English and Spanish, axe-core on every
 * template (light and dark) and on every step of the Medicare, auto, life and quiz forms, and
 * the funnel walk of each form (taps, keystrokes and seconds to the number: audit/funnel.ts).
 * Serves the built Worker with Miniflare (bench/harness.ts) and the partner sandbox; writes
 * docs/audit.md; exits 1 below the thresholds (lighthouse.ts) or on any axe violation.
 */
import { writeFileSync } from 'node:fs';
import type { FormId } from '../src/routes/schema';
import { stepNamesFor } from '../src/shared/forms/registry';
import { buildAll, startHarness } from '../bench/harness';
import { machine } from '../bench/report';
import { FORM_PAGES, TEMPLATE_PAGES } from '../bench/template-pages';
import { runAxe, type AxeResult } from './axe';
import { launchAuditBrowser } from './browser';
import { callersOverTarget, runFunnelWalks, type FunnelWalk } from './funnel';
import { lighthouseFailures, runLighthouseMedian, THRESHOLDS, type LighthouseResult } from './lighthouse';
import { cpuShares, renderAuditReport } from './report';
import { robotsMismatch } from './robots';

const began = performance.now();
const log = (text: string) => console.log(`[audit] ${text}`);
// `--funnel-only`: the funnel walks alone (Lighthouse and axe skipped; the report is not written).
const funnelOnly = process.argv.includes('--funnel-only');
const skipLighthouse = process.argv.includes('--axe-only') || funnelOnly;
// `--only=clicks,quiz`: audit some templates (while fixing them); the report is written only for full runs.
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const templates = funnelOnly ? [] : only ? TEMPLATE_PAGES.filter((t) => only.includes(t.template)) : TEMPLATE_PAGES;
const formPages = only ? FORM_PAGES.filter((f) => only.includes(f.form)) : FORM_PAGES;

buildAll();
const h = await startHarness();
const { browser, debuggingPort } = await launchAuditBrowser();
const origin = (brand: string) => `http://${brand}.localhost:${h.port}`;

const lighthouseRows: { template: string; language: string; result: LighthouseResult; failures: string[] }[] = [];
const axeRows: { label: string; scheme: 'light' | 'dark'; result: AxeResult }[] = [];
let funnel: { rows: FunnelWalk[]; stopped: string[] } = { rows: [], stopped: [] };
try {
  for (const t of templates) {
    const url = `${origin(t.brand)}${t.path}`;
    if (!skipLighthouse) {
      const result = await runLighthouseMedian(url, debuggingPort);
      const robots = robotsMismatch(url, result.noindex);
      const failures = [...lighthouseFailures(result), ...(robots ? [robots] : [])];
      lighthouseRows.push({ template: t.template, language: t.language, result, failures });
      log(
        `lighthouse ${t.template}/${t.language} ${url}: ${Object.entries(result.scores)
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )}, host benchmarkIndex ${(result.benchmarkRuns ?? []).join('/')}, main thread on CPU ${cpuShares(result)}${failures.length ? ` FAIL ${failures.join('; ')}` : ''}`,
      );
    }
    for (const scheme of ['light', 'dark'] as const) {
      const result = await runAxe(browser, url, scheme);
      axeRows.push({ label: `${t.template} (${t.language})`, scheme, result });
      log(
        `axe ${scheme} ${url}: ${result.violations.length} violations${result.failures.length ? `; FAIL ${result.failures.join('; ')}` : ''}`,
      );
    }
  }
  for (const f of funnelOnly ? [] : formPages) {
    for (const step of stepNamesFor(f.form as FormId)) {
      const url = `${origin(f.brand)}${f.path}/${step}`;
      const result = await runAxe(browser, url);
      axeRows.push({ label: `${f.form} form, step ${step}`, scheme: 'light', result });
      log(
        `axe ${url}: ${result.violations.length} violations${result.failures.length ? `; FAIL ${result.failures.join('; ')}` : ''}`,
      );
    }
  }
  funnel = await runFunnelWalks(browser, origin, formPages, log);
} finally {
  await browser.close();
  await h.close();
}

const report = renderAuditReport({
  date: new Date().toISOString(),
  machine: machine(),
  thresholds: THRESHOLDS,
  lighthouse: lighthouseRows,
  axe: axeRows,
  seconds: (performance.now() - began) / 1000,
  lighthouseSkipped: skipLighthouse,
  funnel,
});
if (!skipLighthouse && !only) writeFileSync('docs/audit.md', report);
console.log(`\n${report}`);

const failing =
  lighthouseRows.filter((r) => r.failures.length > 0).length +
  axeRows.filter((r) => r.result.violations.length > 0 || r.result.failures.length > 0 || r.result.status !== 200)
    .length +
  funnel.stopped.length +
  callersOverTarget(funnel.rows).length;
for (const line of callersOverTarget(funnel.rows)) console.error(`[audit] ${line}`);
if (failing > 0) {
  console.error(
    `[audit] FAILED: ${failing} page(s) below the thresholds, with axe violations, a funnel walk that did not finish, or a caller without a tracked number in time`,
  );
  process.exitCode = 1;
}
