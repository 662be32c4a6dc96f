/**
 * `npm run profile`: a CPU profile of the product Worker under load, through workerd's
 * DevTools inspector (Miniflare's `inspectorPort`, the Chrome DevTools protocol's Profiler
 * domain). One page (bh /otc-allowance, the page) is loaded as a first visit, a
 * returning visitor without answers and one with stored answers, each interleaved with the
 * floor (the same bytes from a Worker with the product's configuration) so the ratios of this
 * short run are printed too. The samples are summarised as the top functions by self time and
 * written into docs/performance.md between the profile markers (the bench keeps that section).
 * PROFILE_SECONDS (default 4) sets each run's length; PROFILE_LABEL names the section (`after`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { buildAll, CONSTANT_HOST } from './harness';
import { runLoad, type LoadResult } from './load';
import { constantPath, type BenchPage } from './page-rendering';
import { startPageWithFloor } from './page-floor';
import { firstVisit } from './visitors';
import { keptProfiles, PROFILE_END, PROFILE_START, profileBlock } from './profile-doc';
import { inspect, productTarget } from './inspector';
import { bundleNames, type CallFrame } from './bundle-names';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? '4');
const LABEL = process.env.PROFILE_LABEL ?? 'current';
const PAGE: BenchPage = { brand: 'bh', path: '/otc-allowance', label: 'landing with form' };
const log = (text: string) => console.log(`[profile] ${text}`);

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface SelfTime {
  name: string;
  where: string;
  ms: number;
  share: number;
}

/**
 * Self time per function (name and location), from the sample timeline; idle and GC kept apart by name. `within`
 * keeps only the samples of one run: [from, to] in ms since the profile started.
 */
export function selfTimes(profile: CpuProfile, within?: [number, number]): { total: number; rows: SelfTime[] } {
  const names = bundleNames();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, { name: string; where: string; ms: number }>();
  let total = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each sample counts as the median sampling interval: on a shared machine the isolate's
  // thread is descheduled now and then, and weighting a sample by the wall-clock gap to the next
  // one would charge that whole pause to whatever function happened to be on the stack.
  const sorted = [...deltas].sort((a, b) => a - b);
  const dt = (sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000;
  let at = 0;
  for (let i = 0; i < samples.length; i++) {
    at += (deltas[i] ?? 0) / 1000;
    if (within && (at < within[0] || at > within[1])) continue;
    const node = byId.get(samples[i] ?? -1);
    if (!node) continue;
    const { name, where } = names(node.callFrame);
    const key = `${name}@${where}`;
    const row = ms.get(key) ?? { name, where, ms: 0 };
    row.ms += dt;
    ms.set(key, row);
    total += dt;
  }
  const rows = [...ms.values()].sort((a, b) => b.ms - a.ms).map((r) => ({ ...r, share: total > 0 ? r.ms / total : 0 }));
  return { total, rows };
}

/**
 * The parts of a request the issue names (the middleware chain, then the page), by where a
 * function's source is: self time only, so a part's share is the time spent in its own code, and a
 * runtime call it makes (HMAC signing, a Response, headers) counts under the runtime row.
 */
const PARTS: [string, RegExp][] = [
  ['security headers', /middleware\/security-headers\.ts|hono\/dist\/middleware\/secure-headers/],
  ['brand', /middleware\/brand\.ts|^brands\//],
  ['write guard', /middleware\/write-guard\.ts/],
  [
    'visitor key and cookies',
    /middleware\/visitor\.ts|worker\/visitor\/visitor-key\.ts|worker\/tracking\/session|worker\/visit\/|consent\/opt-out|experiments\/assignment|hono\/dist\/(utils|helper)\/cookie/,
  ],
  ['metrics', /operations\/(request-)?metrics\.ts/],
  [
    'page (route, state, shell, React)',
    /src\/worker\/(pages|page-cache|shell)\.ts|src\/ui\/|react|src\/worker\/location\/|src\/routes\/|src\/shared\//,
  ],
  ['hono routing and context', /hono\/dist/],
  ['runtime (Response, headers, crypto, JSON, GC)', /^$/],
];

export function byPart(times: { rows: SelfTime[] }): { part: string; ms: number; share: number }[] {
  const busy = times.rows.filter((r) => r.name !== '(idle)' && r.name !== '(program)');
  const total = busy.reduce((sum, r) => sum + r.ms, 0) || 1;
  const ms = new Map<string, number>();
  for (const r of busy) {
    const part = PARTS.find(([, pattern]) => pattern.test(r.where))?.[0] ?? 'other Worker code';
    ms.set(part, (ms.get(part) ?? 0) + r.ms);
  }
  return [...ms].map(([part, v]) => ({ part, ms: v, share: v / total })).sort((a, b) => b.ms - a.ms);
}

const fmt = (r: LoadResult) => `${r.rps.toFixed(0)} req/s (p50 ${r.p50} / p99 ${r.p99} ms)`;

export function profileSection(
  label: string,
  date: string,
  figures: string[],
  times: { total: number; rows: SelfTime[] },
  /** The same, per product run (the table above sums the runs: which one a row comes from matters). */
  perRun: Record<string, { total: number; rows: SelfTime[] }> = {},
): string {
  const busy = times.rows.filter((r) => r.name !== '(idle)' && r.name !== '(program)');
  const busyMs = busy.reduce((sum, r) => sum + r.ms, 0);
  return [
    `### Profile: ${label} (${date})`,
    '',
    ...figures.map((f) => `- ${f}`),
    `- Sampled ${(times.total / 1000).toFixed(1)} s of the Worker's isolate; ${(busyMs / 1000).toFixed(1)} s in JavaScript and builtins (not idle, not \`(program)\`).`,
    '',
    '| function | where | self ms | share of busy |',
    '| --- | --- | ---: | ---: |',
    ...busy
      .slice(0, 20)
      .map(
        (r) =>
          `| \`${r.name.replace(/\|/g, '\\|')}\` | ${r.where || '(native)'} | ${r.ms.toFixed(0)} | ${((100 * r.ms) / (busyMs || 1)).toFixed(1)}% |`,
      ),
    '',
    ...Object.entries(perRun).flatMap(([run, t]) => {
      const rows = t.rows.filter((r) => r.name !== '(idle)' && r.name !== '(program)');
      const ms = rows.reduce((sum, r) => sum + r.ms, 0);
      const top = rows
        .slice(0, 8)
        .map((r) => `\`${r.name}\` ${r.where ? `(${r.where}) ` : ''}${((100 * r.ms) / (ms || 1)).toFixed(1)}%`);
      return [`- ${run} alone, top self time: ${top.join(', ')}`];
    }),
    ...(Object.keys(perRun).length ? [''] : []),
    ...(Object.keys(perRun).length
      ? [
          `| part of the request (self time) | ${Object.keys(perRun).join(' | ')} |`,
          `| --- | ${Object.keys(perRun)
            .map(() => '---:')
            .join(' | ')} |`,
          ...[...new Set(Object.values(perRun).flatMap((t) => byPart(t).map((p) => p.part)))].map(
            (part) =>
              `| ${part} | ${Object.values(perRun)
                .map((t) => `${(100 * (byPart(t).find((p) => p.part === part)?.share ?? 0)).toFixed(1)}%`)
                .join(' | ')} |`,
          ),
          '',
        ]
      : []),
  ].join('\n');
}

function writeProfile(section: string, label: string) {
  const path = 'docs/performance.md';
  const doc = readFileSync(path, 'utf8');
  const kept = keptProfiles(doc)
    .split(/(?=^### Profile: )/m)
    .filter((s) => s.startsWith('### Profile: ') && !s.startsWith(`### Profile: ${label} (`));
  const block = profileBlock([...kept.map((s) => s.trim()), section.trim()].join('\n\n'));
  const start = doc.indexOf(PROFILE_START);
  const end = doc.indexOf(PROFILE_END);
  const next =
    start >= 0 && end > start
      ? doc.slice(0, start) + block + doc.slice(end + PROFILE_END.length)
      : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(path, next);
}

if (process.env.PROFILE_SKIP_BUILD !== '1') {
  log('building client and Worker bundles (with the source map, for names)');
  buildAll({ sourceMaps: true });
}
const { h, returning, withAnswers } = await startPageWithFloor(PAGE, { inspector: true });
try {
  const host = `${PAGE.brand}.localhost`;
  const floor = () => runLoad({ port: h.port, host: CONSTANT_HOST, path: constantPath(PAGE), seconds: SECONDS });
  // Warm both isolates before sampling.
  await runLoad({ port: h.port, host, path: PAGE.path, seconds: 1 });
  await floor();
  const client = await inspect(await productTarget(h));
  await client.send('Profiler.enable');
  await client.send('Profiler.setSamplingInterval', { interval: 100 });
  await client.send('Profiler.start');
  // When each product run went (ms since sampling started), to split the profile by run.
  const started = performance.now();
  const windows: Record<string, [number, number]> = {};
  const timed = async (name: string, run: () => Promise<LoadResult>) => {
    const from = performance.now() - started;
    const result = await run();
    windows[name] = [from, performance.now() - started];
    return result;
  };
  const runs = {
    firstVisit: await timed('First visit', () =>
      runLoad({
        port: h.port,
        host,
        path: PAGE.path,
        each: firstVisit(),
        seconds: SECONDS,
      }),
    ),
    floor1: await floor(),
    returning: await timed('Returning, nothing stored', () =>
      runLoad({ port: h.port, host, path: PAGE.path, each: returning, seconds: SECONDS }),
    ),
    floor2: await floor(),
    withAnswers: await timed('Returning with stored answers', () =>
      runLoad({ port: h.port, host, path: PAGE.path, each: withAnswers, seconds: SECONDS }),
    ),
    floor3: await floor(),
  };
  const { profile } = await client.send<{ profile: CpuProfile }>('Profiler.stop');
  client.close();
  for (const [name, r] of Object.entries(runs)) {
    if (r.total !== (r.statuses['200'] ?? 0)) throw new Error(`${name}: statuses ${JSON.stringify(r.statuses)}`);
  }
  const floorRps = (runs.floor1.rps + runs.floor2.rps + runs.floor3.rps) / 3;
  const ratio = (r: LoadResult) => (r.rps / floorRps).toFixed(2);
  const figures = [
    `Floor (same bytes, product configuration): ${fmt(runs.floor1)}, ${fmt(runs.floor2)}, ${fmt(runs.floor3)}`,
    `First visit: ${fmt(runs.firstVisit)}, **${ratio(runs.firstVisit)}** of the floor`,
    `Returning, nothing stored: ${fmt(runs.returning)}, **${ratio(runs.returning)}** of the floor`,
    `Returning with stored answers: ${fmt(runs.withAnswers)}, **${ratio(runs.withAnswers)}** of the floor`,
    `Load average when sampling ended: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${availableParallelism()} cores (other work on the machine lowers every figure)`,
    `${SECONDS} s per run while the profiler samples (it slows the product Worker, not the floor: the ratios are lower than the bench's)`,
  ];
  for (const f of figures) log(f);
  // The raw profile too, for DevTools (Performance panel: load profile) or a closer look.
  writeFileSync(`node_modules/.cache/profile-${LABEL}.cpuprofile`, JSON.stringify(profile));
  const times = selfTimes(profile);
  const perRun = Object.fromEntries(Object.entries(windows).map(([run, w]) => [run, selfTimes(profile, w)]));
  const section = profileSection(LABEL, new Date().toISOString(), figures, times, perRun);
  console.log(`\n${section}`);
  if (process.env.PROFILE_WRITE !== '0') writeProfile(section, LABEL);
} finally {
  await h.close();
}
