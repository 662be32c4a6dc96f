/**
 * `node scripts/run-ts.mjs bench/first-task.ts [--no-build] [--runs=3]`: the longest main-thread
 * task of a page load under Lighthouse's mobile CPU throttle (4x, CDP
 * Emulation.setCPUThrottlingRate), on a 390x844 phone viewport, from Chromium's own
 * `longtask` and `long-animation-frame` entries (scripts over 5 ms named with their file).
 * Total Blocking Time is the sum over tasks of (duration - 50 ms): the budget is no
 * task over 50 ms. Serves the built Worker as `npm run audit` does (bench/harness.ts).
 */
import { launchAuditBrowser } from '../audit/browser';
import { buildAll, startHarness } from './harness';

const PAGES = [
  { brand: 'bh', path: '/' },
  { brand: 'bh', path: '/get-yours-otc' },
  { brand: 'm10es', path: '/get-yours-otc-es' },
  { brand: 'ac', path: '/reviews/aetna' },
];
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);

interface Sample {
  tasks: number[];
  scripts: { src: string; ms: number }[];
}

/** Records long tasks and long animation frames from the start of the document. */
const OBSERVE = `(() => {
  const w = window;
  w.__tasks = []; w.__scripts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__tasks.push(Math.round(e.duration)); })
    .observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        for (const s of e.scripts || [])
          if (s.duration > 5) w.__scripts.push({ src: (s.sourceURL || s.invoker || '').replace(/^.*\\//, ''), ms: Math.round(s.duration) });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
})();`;

if (!process.argv.includes('--no-build')) buildAll();
const h = await startHarness();
const { browser } = await launchAuditBrowser();
try {
  for (const p of PAGES) {
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(OBSERVE);
      await page.goto(`http://${p.brand}.localhost:${h.port}${p.path}`, { waitUntil: 'load' });
      // Islands hydrate and idle work runs after load: collect once the page has been quiet a while.
      await page.waitForTimeout(3000);
      samples.push(
        await page.evaluate<Sample>(() => {
          const w = window as unknown as { __tasks: number[]; __scripts: Sample['scripts'] };
          return { tasks: w.__tasks, scripts: w.__scripts };
        }),
      );
      await context.close();
    }
    const longest = samples.map((s) => Math.max(0, ...s.tasks)).sort((a, b) => a - b);
    const tbt = samples.map((s) => s.tasks.reduce((t, d) => t + Math.max(0, d - 50), 0)).sort((a, b) => a - b);
    const mainMs = samples
      .map((s) => s.scripts.filter((x) => x.src.startsWith('main-')).reduce((t, x) => t + x.ms, 0))
      .sort((a, b) => a - b);
    const mid = Math.floor(runs / 2);
    console.log(
      `${p.brand}${p.path}: longest task ${longest.join('/')} ms (median ${longest[mid]}), blocking ${tbt[mid]} ms, main script in long frames ${mainMs[mid]} ms; ${JSON.stringify(samples[mid]?.scripts)}`,
    );
  }
} finally {
  await browser.close();
  await h.close();
}
