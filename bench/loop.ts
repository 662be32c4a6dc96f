/**
 * `npm run loop`: what the Worker's own code costs per request inside the isolate, for each kind
 * of visitor of one page (default bh /otc-allowance). The product is built from
 * bench/worker/loop-entry.ts, which runs the product's `app.fetch` LOOP_TIMES times (default 3,000)
 * in one invocation and times it: no HTTP path, no load generator sharing the two cores, so a
 * change of a few microseconds shows, where `npm run cpu` (CPU under load, the figure the issue
 * asks for) moves by tens between runs of the same code. What it leaves out is what load adds:
 * garbage collection of many requests' worth of allocation and the time workerd spends around
 * the Worker (docs/performance.md has both measures).
 *
 * `npm run loop -- --against=REV` builds git revision REV the same way (a worktree of its own,
 * this checkout's loop entry) and serves it beside this checkout on the same Miniflare; every
 * kind of both builds is measured in each of LOOP_ROUNDS rounds (default 5, after one uncounted),
 * and the per-round differences are printed. Two builds of the same code differ by 5-8 µs with
 * the slot they are served from: weigh a change in both orders (docs/decisions/0041-visitor-state-on-the-page-path-the-nothing.md, ninth pass).
 * `npm run loop -- /privacy` measures another page of bh.
 */
import { baselineHost, buildAll, buildRevision, send, startHarness, type Harness } from './harness';
import { median } from './page-rendering';
import { benchIp, firstVisit, mintVisitor } from './visitors';
import { LOOP_HEADER } from './worker/loop-header';

const LOOP_ENTRY = 'bench/worker/loop-entry.ts';
const LOOP_OUTDIR = 'node_modules/.cache/bench-loop';
const BRAND = 'bh';
const PATH = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/otc-allowance';
const TIMES = Number(process.env.LOOP_TIMES ?? '3000');
const ROUNDS = Number(process.env.LOOP_ROUNDS ?? '5');
const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);

interface LoopAnswer {
  times: number;
  usPerRequest: number;
  usPerCopy: number;
  bytesPerRequest: number;
  statuses: number[];
}

/** The kinds of visitor of one build: the request headers each sends (returning ones hold the Worker's cookies). */
async function visitorKinds(h: Harness, host: string): Promise<[string, Record<string, string>][]> {
  const returning = (options: { withAnswers?: boolean; withLease?: boolean }) =>
    mintVisitor(h.port, BRAND, { ...options, host, ip: benchIp() });
  return [
    ['first visit', firstVisit()().headers],
    ['returning, nothing stored', await returning({})],
    ['returning with stored answers', await returning({ withAnswers: true })],
    ['returning with a lease', await returning({ withLease: true })],
  ];
}

async function measure(h: Harness, host: string, headers: Record<string, string>): Promise<LoopAnswer> {
  const res = await send(h.port, 'GET', host, PATH, { ...headers, [LOOP_HEADER]: String(TIMES) });
  if (res.status !== 200) throw new Error(`loop on ${host}${PATH}: ${res.status} ${res.body.slice(0, 200)}`);
  const answer = JSON.parse(res.body) as LoopAnswer;
  if (answer.statuses.length !== 1 || answer.statuses[0] !== 200)
    throw new Error(`loop on ${host}${PATH}: the product answered ${answer.statuses.join(', ')}`);
  return answer;
}

buildAll({ outdir: LOOP_OUTDIR, entry: LOOP_ENTRY });
const baseline = against ? buildRevision(against, LOOP_ENTRY) : undefined;
const h = await startHarness({
  productDir: LOOP_OUTDIR,
  // Routed by host (as in the page comparison), so the baseline is reached beside it.
  constantPages: [],
  ...(baseline ? { baselineDir: baseline.dir } : {}),
}).catch((error: unknown) => {
  baseline?.remove();
  throw error;
});
try {
  const builds: { label: string; host: string }[] = [
    { label: 'this checkout', host: `${BRAND}.localhost` },
    ...(baseline ? [{ label: baseline.label, host: baselineHost(BRAND) }] : []),
  ];
  const runs: { build: string; kind: string; host: string; headers: Record<string, string> }[] = [];
  for (const build of builds)
    for (const [kind, headers] of await visitorKinds(h, build.host))
      runs.push({ build: build.label, kind, host: build.host, headers });
  // One round uncounted: the JIT and the Durable Objects' memory warm up over more than one loop.
  for (const run of runs) await measure(h, run.host, run.headers);
  const us = new Map<string, number[]>();
  let last: LoopAnswer | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    // The order rotates by round, so no run always follows the same one.
    for (let i = 0; i < runs.length; i++) {
      const run = runs[(i + round) % runs.length] as (typeof runs)[number];
      last = await measure(h, run.host, run.headers);
      const key = `${run.build}|${run.kind}`;
      us.set(key, [...(us.get(key) ?? []), last.usPerRequest]);
    }
  }
  console.log(
    `\nIn-isolate µs per request (the product's app.fetch and reading its body), ${BRAND} ${PATH}, ` +
      `${TIMES} requests a loop, medians of ${ROUNDS} rounds; the loop's copy of each request, ` +
      `about ${last?.usPerCopy.toFixed(0) ?? '?'} µs, is included\n`,
  );
  console.log('| build | kind | µs per request (rounds) | median |');
  console.log('| --- | --- | --- | ---: |');
  for (const run of runs) {
    const values = us.get(`${run.build}|${run.kind}`) ?? [];
    console.log(
      `| ${run.build} | ${run.kind} | ${values.map((v) => v.toFixed(0)).join(', ')} | ${median(values).toFixed(0)} |`,
    );
  }
  if (baseline) {
    console.log(`\nthis checkout minus ${baseline.label}, µs per request, by round\n`);
    console.log('| kind | differences | median |');
    console.log('| --- | --- | ---: |');
    for (const run of runs.filter((r) => r.build === 'this checkout')) {
      const ours = us.get(`this checkout|${run.kind}`) ?? [];
      const theirs = us.get(`${baseline.label}|${run.kind}`) ?? [];
      const differences = ours.map((v, i) => v - (theirs[i] ?? Number.NaN));
      console.log(
        `| ${run.kind} | ${differences.map((d) => d.toFixed(0)).join(', ')} | ${median(differences).toFixed(0)} |`,
      );
    }
  }
} finally {
  await h.close();
  baseline?.remove();
}
