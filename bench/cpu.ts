/**
 * `npm run cpu`: workerd's CPU time per request for each kind of visitor of one page (default
 * bh /otc-allowance), beside the floor (the same bytes from a Worker with the
 * product's configuration). Requests per second move with whatever else the machine runs; the
 * CPU the workerd processes of this run spent (utime + stime from /proc, children of this
 * process only) per request moves much less, so it is the figure to compare a change with.
 * Three interleaved rounds of CPU_REQUESTS requests a kind (default 4,000; stored answers half).
 * `npm run cpu -- /privacy` measures another page of bh; `--no-build` reuses dist/.
 * `npm run cpu -- --peer` also serves the Nuxt peer of bh /otc-allowance (bench/peer.ts) on the
 * same Miniflare and prints each kind's ratio to it: the "× Nuxt" in CPU, without the
 * few percent that requests per second of the peer move between runs.
 *
 * `npm run cpu -- --against=REV` also builds git revision REV (a worktree of its own) and serves
 * it beside this checkout's Worker on the same Miniflare, each kind of visitor of both
 * interleaved, CPU_ROUNDS rounds (default 7): a change is weighed by the per-round differences
 * between the two builds, which the machine's drift moves together. Two separate runs of this
 * command differed by up to 0.05 ms a request with the same code; the paired median does not
 * carry that drift.
 */
import { baselineHost, buildAll, buildRevision, CONSTANT_HOST } from './harness';
import { runLoad, type EachRequest, type LoadResult } from './load';
import { constantPath, median, type BenchPage } from './page-rendering';
import { startPageWithFloor } from './page-floor';
import { withWorkerdCpu } from './workerd-cpu';
import { firstVisit, returningVisitors, rotating } from './visitors';
import { buildPeer, PEER_HOST, PEER_PATH } from './peer';
import { floorReadRequests } from './floor-read';
import { floorMintRequests } from './floor-mint';

const PAGE: BenchPage = {
  brand: 'bh',
  path: process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/otc-allowance',
  label: '',
};
const REQUESTS = Number(process.env.CPU_REQUESTS ?? '4000');
const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
const withPeer = process.argv.includes('--peer');
if (withPeer && PAGE.path !== PEER_PATH) throw new Error(`--peer: the Nuxt peer serves ${PEER_PATH} only`);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? (against ? '7' : '3'));
const PEER_KIND = 'Nuxt peer';

if (!process.argv.includes('--no-build')) buildAll();
const baseline = against ? buildRevision(against) : undefined;
const peer = withPeer ? buildPeer((text) => console.log(text)) : undefined;
const { h, returning, withAnswers } = await startPageWithFloor(PAGE, {
  ...(baseline ? { baselineDir: baseline.dir } : {}),
  ...(peer ? { peer } : {}),
}).catch((error: unknown) => {
  baseline?.remove();
  throw error;
});
/** The three kinds of visitor of one build, named with `suffix`, on `host`. */
function visitorKinds(
  host: string,
  suffix: string,
  pools: { returning: EachRequest; withAnswers: EachRequest },
): [string, (amount: number) => Promise<LoadResult>][] {
  return [
    [`first visit${suffix}`, (amount) => runLoad({ port: h.port, host, path: PAGE.path, each: firstVisit(), amount })],
    [
      `returning, nothing stored${suffix}`,
      (amount) => runLoad({ port: h.port, host, path: PAGE.path, each: pools.returning, amount }),
    ],
    [
      `returning with stored answers${suffix}`,
      (amount) =>
        runLoad({ port: h.port, host, path: PAGE.path, each: pools.withAnswers, amount: Math.round(amount / 2) }),
    ],
  ];
}
try {
  const kinds: [string, (amount: number) => Promise<LoadResult>][] = [
    ['floor', (amount) => runLoad({ port: h.port, host: CONSTANT_HOST, path: constantPath(PAGE), amount })],
    // The floor after the read a visitor with answers costs the page (bench/floor-read.ts).
    [
      'floor with the read',
      (amount) =>
        runLoad({
          port: h.port,
          host: CONSTANT_HOST,
          path: constantPath(PAGE),
          each: floorReadRequests(PAGE.brand, PAGE.path, withAnswers),
          amount: Math.round(amount / 2),
        }),
    ],
    // The floor after a first visit's own work (bench/floor-mint.ts).
    [
      "floor with a first visit's work",
      (amount) =>
        runLoad({
          port: h.port,
          host: CONSTANT_HOST,
          path: constantPath(PAGE),
          each: floorMintRequests(firstVisit()),
          amount,
        }),
    ],
    ...visitorKinds(`${PAGE.brand}.localhost`, '', { returning, withAnswers }),
  ];
  if (peer) kinds.push([PEER_KIND, (amount) => runLoad({ port: h.port, host: PEER_HOST, path: PEER_PATH, amount })]);
  if (baseline) {
    const host = baselineHost(PAGE.brand);
    const pool = async (options: { withAnswers?: boolean }) =>
      rotating(await returningVisitors(h.port, PAGE.brand, 24, { ...options, host }));
    kinds.push(
      ...visitorKinds(host, ` (${baseline.label})`, {
        returning: await pool({}),
        withAnswers: await pool({ withAnswers: true }),
      }),
    );
  }
  // Warm every path (JIT, shell cache, the Durable Objects) before counting.
  for (const [, run] of kinds) await run(500);
  const perRequest = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    // The order rotates by round, so no kind always follows the same one.
    for (let k = 0; k < kinds.length; k++) {
      const [name, run] = kinds[(k + round) % kinds.length] as (typeof kinds)[number];
      const result = await withWorkerdCpu(() => run(REQUESTS));
      const ok = result.statuses['200'] ?? 0;
      if (ok !== result.total) throw new Error(`${name}: statuses ${JSON.stringify(result.statuses)}`);
      perRequest.set(name, [...(perRequest.get(name) ?? []), result.cpuMs]);
    }
  }
  const floor = median(perRequest.get('floor') ?? []);
  const readFloor = median(perRequest.get('floor with the read') ?? []);
  const mintFloor = median(perRequest.get("floor with a first visit's work") ?? []);
  console.log(`\nworkerd CPU per request, bh ${PAGE.path}, ${REQUESTS} requests a kind, medians of ${ROUNDS} rounds\n`);
  // × Nuxt: the median of the rounds' (peer's CPU / the kind's CPU), as the bench pairs req/s by round.
  const peerRuns = perRequest.get(PEER_KIND);
  const timesPeer = (runs: number[]) =>
    peerRuns ? ` ${median(runs.map((ms, i) => (peerRuns[i] ?? Number.NaN) / ms)).toFixed(2)} |` : '';
  console.log(
    `| kind | ms per request (rounds) | median | floor / kind | floor with the read / kind | floor with a first visit's work / kind |${peerRuns ? ' × Nuxt peer |' : ''}`,
  );
  console.log(`| --- | --- | ---: | ---: | ---: | ---: |${peerRuns ? ' ---: |' : ''}`);
  for (const [name] of kinds) {
    const runs = perRequest.get(name) ?? [];
    const m = median(runs);
    console.log(
      `| ${name} | ${runs.map((x) => x.toFixed(3)).join(', ')} | ${m.toFixed(3)} | ${(floor / m).toFixed(2)} | ${(readFloor / m).toFixed(2)} | ${(mintFloor / m).toFixed(2)} |${timesPeer(runs)}`,
    );
  }
  if (baseline) {
    console.log(`\nthis checkout minus ${baseline.label}, µs per request, by round (same round, same machine state)\n`);
    console.log('| kind | differences | median |');
    console.log('| --- | --- | ---: |');
    for (const [name] of visitorKinds('', '', { returning, withAnswers })) {
      const ours = perRequest.get(name) ?? [];
      const theirs = perRequest.get(`${name} (${baseline.label})`) ?? [];
      const differences = ours.map((ms, i) => (ms - (theirs[i] ?? 0)) * 1000);
      console.log(
        `| ${name} | ${differences.map((d) => d.toFixed(0)).join(', ')} | ${median(differences).toFixed(0)} |`,
      );
    }
  }
} finally {
  await h.close();
  baseline?.remove();
}
