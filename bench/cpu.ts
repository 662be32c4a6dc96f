/**
 * `npm run cpu`: workerd's CPU time per request for each kind of visitor of one page (default
 * bh /otc-allowance, issue 16), beside the floor (the same bytes from a Worker with the
 * product's configuration). Requests per second move with whatever else the machine runs; the
 * CPU the workerd processes of this run spent (utime + stime from /proc, children of this
 * process only) per request moves much less, so it is the figure to compare a change with.
 * Three interleaved rounds of CPU_REQUESTS requests a kind (default 4,000; stored answers half).
 * `npm run cpu -- /privacy` measures another page of bh; `--no-build` reuses dist/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildAll, CONSTANT_HOST } from './harness';
import { runLoad, type LoadResult } from './load';
import { constantPath, median, type BenchPage } from './page-rendering';
import { startPageWithFloor } from './page-floor';
import { BENCH_USER_AGENT } from './visitors';

const PAGE: BenchPage = {
  brand: 'bh',
  path: process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/otc-allowance',
  label: '',
};
const REQUESTS = Number(process.env.CPU_REQUESTS ?? '4000');
const ROUNDS = 3;
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

interface Proc {
  ppid: number;
  name: string;
  ticks: number;
}

function processes(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      procs.set(Number(pid), {
        ppid: Number(fields[1]),
        name: stat.slice(stat.indexOf('(') + 1, close),
        // utime and stime: fields 14 and 15 of /proc/PID/stat.
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return procs;
}

/** CPU ticks of the workerd processes this run started (not another run's, such as a test suite's). */
function workerdTicks(): number {
  const procs = processes();
  const ours = (pid: number): boolean => {
    for (let p = pid, depth = 0; p > 1 && depth < 16; depth++) {
      if (p === process.pid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (p.name.includes('workerd') && ours(pid)) ticks += p.ticks;
  return ticks;
}

if (!process.argv.includes('--no-build')) buildAll();
const { h, returning, withAnswers } = await startPageWithFloor(PAGE);
try {
  const host = `${PAGE.brand}.localhost`;
  const kinds: [string, (amount: number) => Promise<LoadResult>][] = [
    ['floor', (amount) => runLoad({ port: h.port, host: CONSTANT_HOST, path: constantPath(PAGE), amount })],
    [
      'first visit',
      (amount) => runLoad({ port: h.port, host, path: PAGE.path, headers: { 'user-agent': BENCH_USER_AGENT }, amount }),
    ],
    [
      'returning, nothing stored',
      (amount) => runLoad({ port: h.port, host, path: PAGE.path, each: returning, amount }),
    ],
    [
      'returning with stored answers',
      (amount) => runLoad({ port: h.port, host, path: PAGE.path, each: withAnswers, amount: Math.round(amount / 2) }),
    ],
  ];
  // Warm every path (JIT, shell cache, the Durable Objects) before counting.
  for (const [, run] of kinds) await run(500);
  const perRequest = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    // The order rotates by round, so no kind always follows the same one.
    for (let k = 0; k < kinds.length; k++) {
      const [name, run] = kinds[(k + round) % kinds.length] as (typeof kinds)[number];
      const before = workerdTicks();
      const result = await run(REQUESTS);
      const ok = result.statuses['200'] ?? 0;
      if (ok !== result.total) throw new Error(`${name}: statuses ${JSON.stringify(result.statuses)}`);
      const ms = ((workerdTicks() - before) * CLOCK_TICK_MS) / result.total;
      perRequest.set(name, [...(perRequest.get(name) ?? []), ms]);
    }
  }
  const floor = median(perRequest.get('floor') ?? []);
  console.log(`\nworkerd CPU per request, bh ${PAGE.path}, ${REQUESTS} requests a kind, medians of ${ROUNDS} rounds\n`);
  console.log('| kind | ms per request (rounds) | median | floor / kind |');
  console.log('| --- | --- | ---: | ---: |');
  for (const [name] of kinds) {
    const runs = perRequest.get(name) ?? [];
    const m = median(runs);
    console.log(
      `| ${name} | ${runs.map((x) => x.toFixed(3)).join(', ')} | ${m.toFixed(3)} | ${(floor / m).toFixed(2)} |`,
    );
  }
} finally {
  await h.close();
}
