/**
 * `npm run bench -- --only=experiments`: what an `optimise` experiment costs on the page path.
 * Three pages of the same family, template and form on one Miniflare: /get-offers (no experiment),
 * /find-benefits (a fixed experiment: a hash) and /new-senior-benefits (an optimise experiment: the
 * allocation read from KV, kept per isolate, a choice and a signed cookie for a new visitor; the
 * cookie verified for a returning one). First visits (a new visitor every request) and returning
 * visitors who saw the page before, interleaved rounds, medians of requests/s and of workerd CPU
 * per request, printed and written to their section of docs/performance.md.
 */
import { WORKER_NAME, type Harness } from './harness';
import { runLoad } from './load';
import { median } from './page-rendering';
import { benchIp, firstVisit, mintVisitor, rotating } from './visitors';
import { withWorkerdCpu } from './workerd-cpu';

const PAGES = [
  { path: '/get-offers', label: 'no experiment' },
  { path: '/find-benefits', label: 'fixed experiment' },
  { path: '/new-senior-benefits', label: 'optimise experiment' },
] as const;

export interface ExperimentBenchRow {
  path: string;
  label: string;
  kind: 'first visit' | 'returning';
  rps: number;
  cpuMs: number;
  /** Median over rounds of this page's CPU a request over the no-experiment page's in the same round (drift cancels). */
  cpuVsNone: number;
  /** That ratio in each round, for the spread. */
  cpuVsNoneRounds: number[];
  non200: number;
}

export async function benchExperiments(
  h: Harness,
  seconds: number,
  rounds: number,
  log: (text: string) => void,
): Promise<ExperimentBenchRow[]> {
  // The allocation the 15-minute recompute would store: the bandit favours extra-benefits.
  const kv = await h.mf.getKVNamespace('CACHE', WORKER_NAME);
  await kv.put(
    'experiment-allocation:new-senior-headline',
    JSON.stringify({
      experimentId: 'new-senior-headline',
      computedAt: new Date().toISOString(),
      shares: { control: 0.1, 'zip-first': 0.2, 'extra-benefits': 0.7 },
      winner: null,
      posteriors: [],
    }),
  );
  const host = 'bh.localhost';
  const returning = new Map<string, Record<string, string>[]>();
  for (const page of PAGES) {
    const pool: Record<string, string>[] = [];
    for (let i = 0; i < 64; i++) pool.push(await mintVisitor(h.port, 'bh', { landing: page.path, ip: benchIp() }));
    returning.set(page.path, pool);
  }
  const runs = new Map<string, { rps: number[]; cpu: number[]; non200: number }>();
  for (let round = 0; round < rounds; round++) {
    // The order rotates by round: the run after another pays for its garbage, and that must not always be one page's.
    const order = PAGES.map((_, i) => PAGES[(i + round) % PAGES.length] ?? PAGES[0]);
    for (const page of order)
      for (const kind of ['first visit', 'returning'] as const) {
        const each = kind === 'first visit' ? firstVisit() : rotating(returning.get(page.path) ?? []);
        const r = await withWorkerdCpu(() => runLoad({ port: h.port, host, path: page.path, seconds, each }));
        const key = `${page.path}|${kind}`;
        const entry = runs.get(key) ?? { rps: [], cpu: [], non200: 0 };
        entry.rps.push(r.rps);
        entry.cpu.push(r.cpuMs);
        entry.non200 += r.total - (r.statuses['200'] ?? 0);
        runs.set(key, entry);
      }
    log(`experiments: round ${round + 1} of ${rounds} done`);
  }
  return PAGES.flatMap((page) =>
    (['first visit', 'returning'] as const).map((kind) => {
      const entry = runs.get(`${page.path}|${kind}`) ?? { rps: [], cpu: [], non200: 0 };
      const none = runs.get(`${PAGES[0].path}|${kind}`)?.cpu ?? [];
      const ratios = entry.cpu.map((cpu, i) => cpu / (none[i] ?? Number.NaN));
      return {
        path: page.path,
        label: page.label,
        kind,
        rps: median(entry.rps),
        cpuMs: median(entry.cpu),
        cpuVsNone: median(ratios),
        cpuVsNoneRounds: ratios,
        non200: entry.non200,
      };
    }),
  );
}

const BEGIN = '<!-- experiments:begin -->';
const END = '<!-- experiments:end -->';

/** The section of docs/performance.md for a run (markers keep it in place across runs of this mode). */
export function renderExperimentsSection(rows: ExperimentBenchRow[], at: string, load: number[]): string {
  const figure = (path: string, kind: ExperimentBenchRow['kind']) =>
    rows.find((r) => r.path === path && r.kind === kind);
  const lines = PAGES.map((page) => {
    const first = figure(page.path, 'first visit');
    const back = figure(page.path, 'returning');
    return `| bh ${page.path} | ${page.label} | ${first?.rps.toFixed(0) ?? '?'} | ${first?.cpuMs.toFixed(3) ?? '?'} | ${first?.cpuVsNone.toFixed(2) ?? '?'} | ${back?.rps.toFixed(0) ?? '?'} | ${back?.cpuMs.toFixed(3) ?? '?'} | ${back?.cpuVsNone.toFixed(2) ?? '?'} |`;
  });
  return [
    BEGIN,
    `## Experiments on the page path (${at})`,
    '',
    'Measured by `npm run bench -- --only=experiments` (bench/experiments.ts): three pages of one family, template',
    'and form on one Miniflare, 8 connections, interleaved rounds, medians; a first visit is a new visitor on every',
    'request, a returning visitor one of 64 who saw that page before (for the optimise page: their assignment',
    `cookie). Load average ${load.map((l) => l.toFixed(1)).join(', ')} when the run ended, on 2 cores shared with`,
    "other agents' test runs: requests per second move with that load; workerd CPU per request is the steadier figure,",
    'and its ratio to the no-experiment page of the same round (median over rounds) steadier still.',
    '',
    '| page | experiment | first visit req/s | CPU ms | CPU vs none | returning req/s | CPU ms | CPU vs none |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...lines,
    '',
    'CPU vs none in each round (first visit / returning), for the spread a difference must beat:',
    '',
    ...PAGES.slice(1).map((page) => {
      const rounds = (kind: ExperimentBenchRow['kind']) =>
        figure(page.path, kind)
          ?.cpuVsNoneRounds.map((x) => x.toFixed(2))
          .join(', ') ?? '?';
      return `- bh ${page.path}: ${rounds('first visit')} / ${rounds('returning')}`;
    }),
    END,
  ].join('\n');
}

export function spliceExperimentsSection(doc: string, section: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return `${doc.trimEnd()}\n\n${section}\n`;
  return doc.slice(0, start) + section + doc.slice(end + END.length);
}

/** The section as the last run of this mode left it, for the full bench to keep. */
export function keptExperimentsSection(doc: string): string | null {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? null : doc.slice(start, end + END.length);
}
