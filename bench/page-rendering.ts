/**
 * Server rendering against a constant: each representative page is captured once, then a
 * tiny second Worker in the same Miniflare (same workerd, same run) replays its exact bytes
 * and headers. Both are loaded at the same concurrency; the ratio page/constant is what the
 * rendering costs on top of the runtime and the network stack.
 */
import { CONSTANT_HOST, send, type ConstantPage } from './harness';
import { runLoad, type LoadResult } from './load';
import { floorReadRequests } from './floor-read';
import { floorMintRequests } from './floor-mint';
import { PEER_HOST, PEER_PATH } from './peer';
import { firstVisit, mintVisitor, returningVisitors, rotating } from './visitors';
import { withWorkerdCpu } from './workerd-cpu';

export interface BenchPage {
  brand: string;
  path: string;
  label: string;
  /** The same page served by the Nuxt peer (bench/peers/nuxt) is measured beside it. */
  peer?: boolean;
}

/**
 * The measured page with its Nuxt peer (bh /otc-allowance: a form landing page), then a
 * landing page with the form, a clicks listing and a legal page, for two brands.
 */
export const BENCH_PAGES: BenchPage[] = [
  { brand: 'bh', path: PEER_PATH, label: 'form landing (Nuxt peer)', peer: true },
  ...['bh', 'm10'].flatMap((brand) => [
    { brand, path: '/get-yours-otc', label: 'landing with form' },
    { brand, path: '/clicks', label: 'clicks listing' },
    { brand, path: '/privacy', label: 'legal' },
  ]),
];

export const constantPath = (page: BenchPage) => `/${page.brand}${page.path}`;

/** Fetches each page once and keeps what the constant Worker must replay (minus hop headers). */
export async function capturePages(port: number, pages: readonly BenchPage[] = BENCH_PAGES): Promise<ConstantPage[]> {
  const captured: ConstantPage[] = [];
  for (const page of pages) {
    const res = await send(port, 'GET', `${page.brand}.localhost`, page.path, await mintVisitor(port, page.brand));
    if (res.status !== 200) throw new Error(`GET ${page.brand}${page.path}: ${res.status}`);
    const headers = res.headers.filter(
      ([name]) => !/^(date|content-length|transfer-encoding|connection|keep-alive)$/i.test(name),
    );
    captured.push({ path: constantPath(page), status: res.status, headers, body: res.body });
  }
  return captured;
}

/**
 * The visitors a page is requested as; `constant` is the floor: the same bytes replayed;
 * `constantRead` the floor after the same Durable Object read a visitor with answers costs the
 * product's page (bench/floor-read.ts), requested with the cookies of those visitors;
 * `constantMint` the floor after a first visit's own work (bench/floor-mint.ts), requested as
 * first visits;
 * `returning` has the Worker's cookies from a first page view and nothing stored; `peer` is the
 * Nuxt app's page (only on a page marked `peer`).
 */
export const VISITOR_KINDS = [
  'constant',
  'constantRead',
  'constantMint',
  'firstVisit',
  'returning',
  'withAnswers',
  'withLease',
  'peer',
] as const;
export type VisitorKind = (typeof VISITOR_KINDS)[number];

/** A load run and workerd's CPU per request during it (ms; bench/workerd-cpu.ts). */
export type MeasuredRun = LoadResult & { cpuMs: number };

/** One kind of visitor on one page: the median of the rounds, and every round's figures. */
export interface KindSummary {
  rps: number;
  p50: number;
  p99: number;
  /** Median over the rounds of (this kind's req/s / the constant's req/s in the same round). */
  ratio: number;
  /** Median of the rounds' workerd CPU per request, ms. */
  cpuMs: number;
  /** Median over the rounds of (the constant's CPU per request / this kind's, same round). */
  cpuRatio: number;
  /** The same two ratios against the floor with the visitor's read (`constantRead`). */
  readRatio: number;
  readCpuRatio: number;
  /** The same two ratios against the floor with a first visit's work (`constantMint`). */
  mintRatio: number;
  mintCpuRatio: number;
  runs: MeasuredRun[];
}

export interface PageComparison {
  page: BenchPage;
  htmlBytes: number;
  kinds: Record<VisitorKind, KindSummary>;
  /** Medians of the rounds' product / Nuxt peer req/s (NaN on a page without the peer). */
  vsPeer: Record<'firstVisit' | 'returning' | 'withAnswers' | 'constantMint', number>;
  /** The same in CPU: medians of the rounds' peer / product workerd CPU per request. */
  vsPeerCpu: Record<'firstVisit' | 'returning' | 'withAnswers' | 'constantMint', number>;
}

/** Answers other than 200 in a run (statuses of every request, errors and timeouts apart). */
export function non200(r: LoadResult): number {
  return r.total - (r.statuses['200'] ?? 0);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Returning visitors per brand and kind; each request goes to the next one (many browsers, not one Durable Object). */
const POOL_SIZE = 24;

/**
 * Every page as every kind of visitor, `rounds` times, interleaved: each round visits every
 * page, and within a page the kinds take turns in a rotating order, so no kind always runs on
 * a warmer (or busier) machine. Each figure is the median of the rounds.
 */
export async function comparePages(
  port: number,
  captured: ConstantPage[],
  seconds: number,
  rounds = 3,
): Promise<PageComparison[]> {
  const brands = [...new Set(BENCH_PAGES.map((p) => p.brand))];
  const pools = new Map<string, Record<'returning' | 'withAnswers' | 'withLease', Record<string, string>[]>>();
  for (const brand of brands)
    pools.set(brand, {
      returning: await returningVisitors(port, brand, POOL_SIZE, {}),
      withAnswers: await returningVisitors(port, brand, POOL_SIZE, { withAnswers: true }),
      withLease: [],
    });
  if (BENCH_PAGES.some((p) => p.peer)) {
    const peer = await send(port, 'GET', PEER_HOST, PEER_PATH);
    if (peer.status !== 200) throw new Error(`the Nuxt peer answered ${peer.status} for ${PEER_PATH}`);
  }
  for (const page of BENCH_PAGES) {
    const bytes = captured.find((c) => c.path === constantPath(page));
    if (!bytes) throw new Error(`not captured: ${constantPath(page)}`);
    const check = await send(port, 'GET', CONSTANT_HOST, constantPath(page));
    if (check.body !== bytes.body)
      throw new Error(`constant Worker does not replay ${constantPath(page)} byte for byte`);
  }
  const noRuns = (): Record<VisitorKind, MeasuredRun[]> => ({
    constant: [],
    constantRead: [],
    constantMint: [],
    firstVisit: [],
    returning: [],
    withAnswers: [],
    withLease: [],
    peer: [],
  });
  const runs = BENCH_PAGES.map(noRuns);
  for (let round = 0; round < rounds; round++) {
    // A lease lives 5 minutes (PHONE_LEASE_SECONDS): fresh lease holders each round, so none expires mid-run.
    for (const brand of brands) {
      const pool = pools.get(brand);
      if (pool) pool.withLease = await returningVisitors(port, brand, POOL_SIZE, { withLease: true });
    }
    for (const [index, page] of BENCH_PAGES.entries()) {
      const host = `${page.brand}.localhost`;
      const kinds = VISITOR_KINDS.filter((kind) => kind !== 'peer' || page.peer);
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(k + round + index) % kinds.length] ?? 'constant';
        const pool =
          kind === 'returning' || kind === 'withAnswers' || kind === 'withLease'
            ? (pools.get(page.brand)?.[kind] ?? [])
            : kind === 'constantRead'
              ? (pools.get(page.brand)?.withAnswers ?? [])
              : [];
        let next = 0;
        const result = await withWorkerdCpu(() =>
          kind === 'constant'
            ? runLoad({ port, host: CONSTANT_HOST, path: constantPath(page), seconds })
            : kind === 'constantRead'
              ? runLoad({
                  port,
                  host: CONSTANT_HOST,
                  path: constantPath(page),
                  each: floorReadRequests(page.brand, page.path, rotating(pool)),
                  seconds,
                })
              : kind === 'constantMint'
                ? runLoad({
                    port,
                    host: CONSTANT_HOST,
                    path: constantPath(page),
                    each: floorMintRequests(firstVisit()),
                    seconds,
                  })
                : kind === 'peer'
                  ? runLoad({ port, host: PEER_HOST, path: PEER_PATH, seconds })
                  : kind === 'firstVisit'
                    ? runLoad({ port, host, path: page.path, each: firstVisit(), seconds })
                    : runLoad({
                        port,
                        host,
                        path: page.path,
                        each: () => ({ headers: pool[next++ % pool.length] ?? {} }),
                        seconds,
                      }),
        );
        runs[index]?.[kind].push(result);
      }
    }
  }
  return BENCH_PAGES.map((page, index) => {
    const own = runs[index] ?? noRuns();
    const summary = (kind: VisitorKind): KindSummary => ({
      rps: median(own[kind].map((r) => r.rps)),
      p50: median(own[kind].map((r) => r.p50)),
      p99: median(own[kind].map((r) => r.p99)),
      ratio: median(own[kind].map((r, round) => r.rps / (own.constant[round]?.rps ?? Number.NaN))),
      cpuMs: median(own[kind].map((r) => r.cpuMs)),
      cpuRatio: median(own[kind].map((r, round) => (own.constant[round]?.cpuMs ?? Number.NaN) / r.cpuMs)),
      readRatio: median(own[kind].map((r, round) => r.rps / (own.constantRead[round]?.rps ?? Number.NaN))),
      readCpuRatio: median(own[kind].map((r, round) => (own.constantRead[round]?.cpuMs ?? Number.NaN) / r.cpuMs)),
      mintRatio: median(own[kind].map((r, round) => r.rps / (own.constantMint[round]?.rps ?? Number.NaN))),
      mintCpuRatio: median(own[kind].map((r, round) => (own.constantMint[round]?.cpuMs ?? Number.NaN) / r.cpuMs)),
      runs: own[kind],
    });
    // Against the Nuxt peer of the same round: product req/s / peer req/s.
    const vsPeer = (kind: VisitorKind) =>
      page.peer ? median(own[kind].map((r, round) => r.rps / (own.peer[round]?.rps ?? Number.NaN))) : Number.NaN;
    const vsPeerCpu = (kind: VisitorKind) =>
      page.peer ? median(own[kind].map((r, round) => (own.peer[round]?.cpuMs ?? Number.NaN) / r.cpuMs)) : Number.NaN;
    return {
      page,
      htmlBytes: Buffer.byteLength(captured.find((c) => c.path === constantPath(page))?.body ?? ''),
      kinds: {
        constant: summary('constant'),
        constantRead: summary('constantRead'),
        constantMint: summary('constantMint'),
        firstVisit: summary('firstVisit'),
        returning: summary('returning'),
        withAnswers: summary('withAnswers'),
        withLease: summary('withLease'),
        peer: summary('peer'),
      },
      vsPeer: {
        firstVisit: vsPeer('firstVisit'),
        returning: vsPeer('returning'),
        withAnswers: vsPeer('withAnswers'),
        constantMint: vsPeer('constantMint'),
      },
      vsPeerCpu: {
        firstVisit: vsPeerCpu('firstVisit'),
        returning: vsPeerCpu('returning'),
        withAnswers: vsPeerCpu('withAnswers'),
        constantMint: vsPeerCpu('constantMint'),
      },
    };
  });
}
