/**
 * `node scripts/run-ts.mjs bench/islands-task.ts [--runs=4] [--page=bh/quiz/medicare] [--against=DIR]`:
 * the longest main-thread task of a page under Lighthouse's own run (the audit's settings: default
 * mobile emulation, simulated throttling, every run a first view), read from Lighthouse's trace.
 * Per run: that task's wall time (`dur`, what the simulation multiplies by 4) and thread time
 * (`tdur`, what the thread spent on a CPU), the V8 events inside it by thread time, where the
 * islands script was compiled (main thread or a background thread), Lighthouse's Total Blocking
 * Time, first and largest contentful paint, and the document's bytes on the wire. With
 * `--against=DIR` (another worktree, built with `buildAll`), both builds are served at once and
 * run alternately, A then B, so the host's load moves both sides alike.
 * Does not build: run `node scripts/build-client.mjs` and `wrangler deploy --dry-run --outdir
 * dist/worker` (or bench/harness.ts `buildAll`) in each tree first.
 */
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { launchAuditBrowser } from '../audit/browser';
import { CLEAR_STORAGE_TYPES } from '../audit/lighthouse';
import { paintingThread, type TraceEvent } from '../audit/main-thread-share';
import { startHarness, type Harness } from './harness';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(arg('runs') ?? 4);
const [brand, ...rest] = (arg('page') ?? 'bh/quiz/medicare').split('/');
const path = `/${rest.join('/')}`;
const against = arg('against');

interface Event extends TraceEvent {
  args?: { name?: unknown; data?: { url?: unknown; fileName?: unknown } };
}

interface Task {
  wall: number;
  cpu: number;
  /** What the task mostly did: its child event with the most thread time, among the kinds below. */
  what: string;
}

interface Sample {
  side: string;
  tbt: number;
  performance: number;
  /** Lighthouse's simulated first and largest contentful paint, ms. */
  fcp: number;
  lcp: number;
  /** The document's bytes on the wire (headers and compressed body), as Lighthouse recorded them. */
  documentBytes: number;
  /** The main thread's task with the most thread time. */
  longest: Task;
  /** The task that evaluates the most costly module of the islands script or its chunks. */
  evaluation: Task;
  /** The three tasks with the most thread time, for the log. */
  top: Task[];
  /** Where the islands script was parsed and compiled: the main thread or a background one. */
  islandsCompile: string[];
}

const ms = (us: number | undefined) => Math.round((us ?? 0) / 100) / 10;

const urlOf = (e: Event) => {
  const data = e.args?.data;
  const u = data?.url ?? data?.fileName;
  return typeof u === 'string' ? u.replace(/^.*\/build\//, '').replace(/-[\w-]{8}\.js$/, '') : '';
};

/** The kinds of work a task is named by (Chromium's trace event names). */
const KINDS = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'RunMicrotasks',
  'ParseHTML',
  'DocumentLoader::CommitNavigation',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'v8.compileModule',
  'v8.compile',
  'MajorGC',
  'MinorGC',
]);

function analyse(
  side: string,
  events: readonly Event[],
  scores: Pick<Sample, 'tbt' | 'performance' | 'fcp' | 'lcp' | 'documentBytes'>,
): Sample {
  const none: Task = { wall: 0, cpu: 0, what: 'none' };
  const sample: Sample = { side, ...scores, longest: none, evaluation: none, top: [], islandsCompile: [] };
  const thread = paintingThread(events);
  if (!thread) return sample;
  const onMain = (e: Event) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X';
  const main = events.filter(onMain);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.dur !== undefined);
  const inside = (t: Event) => main.filter((e) => e !== t && e.ts >= t.ts && e.ts <= t.ts + (t.dur ?? 0));
  const describe = (t: Event): Task => {
    const biggest = inside(t)
      .filter((e) => KINDS.has(e.name))
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
    const what = biggest ? `${biggest.name}${urlOf(biggest) ? ` ${urlOf(biggest)}` : ''} ${ms(biggest.tdur)}` : 'other';
    return { wall: ms(t.dur), cpu: ms(t.tdur), what };
  };
  const byCpu = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
  if (byCpu[0]) sample.longest = describe(byCpu[0]);
  sample.top = byCpu.slice(0, 3).map(describe);
  // Module evaluations after the islands script was compiled: its own and its chunks'.
  const islandsCompiled = main.find((e) => e.name === 'v8.compileModule' && urlOf(e).startsWith('islands'));
  const evaluations = main.filter(
    (e) => e.name === 'v8.evaluateModule' && islandsCompiled && e.ts > islandsCompiled.ts,
  );
  const costliest = evaluations.sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
  const holder = costliest && tasks.find((t) => costliest.ts >= t.ts && costliest.ts <= t.ts + (t.dur ?? 0));
  if (holder) sample.evaluation = describe(holder);
  for (const e of events) {
    if (!/compile|parse/i.test(e.name) || !urlOf(e).startsWith('islands')) continue;
    const where = e.pid === thread.pid && e.tid === thread.tid ? 'main thread' : 'background thread';
    sample.islandsCompile.push(`${e.name} on the ${where} ${ms(e.tdur ?? e.dur)} ms`);
  }
  return sample;
}

async function once(side: string, origin: string, debuggingPort: number): Promise<Sample> {
  const result = await lighthouse(`${origin}${path}`, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    clearStorageTypes: [...CLEAR_STORAGE_TYPES],
    // `--profile`: V8's sampling profiler and compile events in the trace, for a breakdown only
    // (they cost the page time of their own, so figures of A/B runs are taken without them).
    ...(process.argv.includes('--profile')
      ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler,disabled-by-default-v8.compile' }
      : {}),
  });
  if (!result || result.lhr.runtimeError) throw new Error(`lighthouse failed on ${origin}${path}`);
  const tbt = result.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
  if (process.env.ISLANDS_TASK_TRACE)
    writeFileSync(process.env.ISLANDS_TASK_TRACE, JSON.stringify(result.artifacts.Trace));
  const performance = Math.round((result.lhr.categories.performance?.score ?? 0) * 100);
  const metric = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? Number.NaN);
  const requests = result.lhr.audits['network-requests']?.details;
  const first = requests?.type === 'table' ? requests.items[0] : undefined;
  const documentBytes = typeof first?.transferSize === 'number' ? first.transferSize : Number.NaN;
  return analyse(side, result.artifacts.Trace.traceEvents, {
    tbt: Math.round(tbt),
    performance,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    documentBytes,
  });
}

const here = process.cwd();
const sides: { label: string; harness: Harness }[] = [];
try {
  sides.push({ label: 'A', harness: await startHarness() });
  if (against) {
    process.chdir(against);
    sides.push({ label: 'B', harness: await startHarness() });
    process.chdir(here);
  }
  const { browser, debuggingPort } = await launchAuditBrowser();
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < runs; i++)
      for (const s of i % 2 === 0 ? sides : [...sides].reverse()) {
        const sample = await once(s.label, `http://${brand}.localhost:${s.harness.port}`, debuggingPort);
        samples.push(sample);
        const task = (t: Task) => `${t.wall} ms wall / ${t.cpu} ms CPU (${t.what})`;
        console.log(
          `${s.label} run ${i + 1}: perf ${sample.performance}, FCP ${sample.fcp} ms, LCP ${sample.lcp} ms, TBT ${sample.tbt} ms, document ${sample.documentBytes} bytes; longest task ${task(sample.longest)}; islands evaluation task ${task(sample.evaluation)}; top 3: ${sample.top.map(task).join(', ')}; ${sample.islandsCompile.join(', ')}`,
        );
      }
  } finally {
    await browser.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const s of sides) {
    const mine = samples.filter((x) => x.side === s.label);
    const list = (f: (x: Sample) => number) => `${mine.map(f).join('/')} (median ${median(mine.map(f))})`;
    console.log(
      `${s.label}: longest task CPU ${list((x) => x.longest.cpu)} ms, wall ${list((x) => x.longest.wall)} ms; islands evaluation task CPU ${list((x) => x.evaluation.cpu)} ms, wall ${list((x) => x.evaluation.wall)} ms; FCP ${list((x) => x.fcp)} ms; LCP ${list((x) => x.lcp)} ms; TBT ${list((x) => x.tbt)} ms; perf ${list((x) => x.performance)}`,
    );
  }
} finally {
  process.chdir(here);
  for (const s of sides) await s.harness.close();
}
