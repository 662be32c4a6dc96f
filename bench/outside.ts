/**
 * `npm run bench -- --only=outside [--no-build] [/path]`: the page figures as anyone can take them
 * from outside, with nothing of this bench's own in the measurement. The built Worker is served
 * as deployed (bench/deployed-config.ts) beside the constant Worker replaying its bytes; each run
 * is a plain `wrk -t1 -c8` command and workerd's CPU is read from /proc by a plain `awk` over
 * every workerd process this run started. Both commands are printed with the port and process
 * ids, so a figure can be repeated by hand while this runs (`--hold` keeps it serving).
 * Kinds take turns in an order that rotates each round. A ratio is given as the median of the
 * rounds' ratios with the middle half of the rounds beside it, and pooled: all rounds' CPU over all
 * their requests, kind against constant.
 * Before the rounds, every kind runs once unmeasured (`OUTSIDE_WARMUP_SECONDS`, 10 s by default):
 * a Worker on Cloudflare serves from an isolate that has run its code before, and in measured
 * rounds that follow a cold start the first rounds cost 15-45% more CPU a request than the rest.
 * Rounds are many and short (`OUTSIDE_ROUNDS` 25 of `OUTSIDE_SECONDS` 2 s): this host has slow
 * spells of several seconds in which every kind, the constant too, costs up to 60% more a request;
 * with short rounds a spell falls on the kinds of one round alike, and no round weighs much.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { buildAll, CONSTANT_HOST } from './harness';
import { constantPath, median, type BenchPage } from './page-rendering';
import { startPageWithFloor } from './page-floor';
import { firstVisit, mintVisitor } from './visitors';
import { withWorkerdCpu, workerdPids } from './workerd-cpu';
import { runLoad } from './load';

const PAGE: BenchPage = {
  brand: 'bh',
  path: process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/otc-allowance',
  label: '',
};
// Two runs of one build as 5 rounds of 3 s differed by more than a target's margin (see above).
const SECONDS = Number(process.env.OUTSIDE_SECONDS ?? '2');
const ROUNDS = Number(process.env.OUTSIDE_ROUNDS ?? '25');
const WARMUP_SECONDS = Number(process.env.OUTSIDE_WARMUP_SECONDS ?? '10');
/** The client ip of the issue's outside run: one address for every request. */
const CLIENT_IP = '198.51.100.23';
const OUTSIDE_KINDS = ['constant', 'firstVisit', 'returning', 'withAnswers'] as const;
/**
 * `--with-bench`: the bench's own load generator (autocannon, a first visit from the next of 250
 * client ips with its user agent) takes its turn in the same rounds on the same Miniflare, so a
 * difference between the two methods is seen at the same moment, not on two loads of the machine.
 */
const BENCH_KINDS = ['benchConstant', 'benchFirstVisit'] as const;
const KINDS = [...OUTSIDE_KINDS, ...(process.argv.includes('--with-bench') ? BENCH_KINDS : [])];
type Kind = (typeof OUTSIDE_KINDS)[number] | (typeof BENCH_KINDS)[number];

const log = (text: string) => console.log(`[outside] ${text}`);
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const sh = (command: string) => execFileSync('sh', ['-c', command], { encoding: 'utf8' });

try {
  sh('command -v wrk');
} catch {
  throw new Error('wrk is not installed (apt-get install -y wrk)');
}
if (!process.argv.includes('--no-build')) buildAll();
const { h } = await startPageWithFloor(PAGE, { deployed: true });
try {
  // One visitor of each returning kind, as one browser would come back (wrk sends one header set).
  const returning = await mintVisitor(h.port, PAGE.brand, { ip: CLIENT_IP });
  const withAnswers = await mintVisitor(h.port, PAGE.brand, { ip: CLIENT_IP, withAnswers: true });
  const url = (kind: Kind) => `http://127.0.0.1:${h.port}${kind === 'constant' ? constantPath(PAGE) : PAGE.path}`;
  const host = (kind: Kind) => (kind === 'constant' ? CONSTANT_HOST : `${PAGE.brand}.localhost`);
  const cookie = (kind: Kind) =>
    kind === 'returning' ? returning.cookie : kind === 'withAnswers' ? withAnswers.cookie : undefined;
  const wrk = (kind: Kind, seconds = SECONDS) =>
    [
      `wrk -t1 -c8 -d${seconds}s`,
      `-H ${quote(`Host: ${host(kind)}`)}`,
      `-H ${quote(`CF-Connecting-IP: ${CLIENT_IP}`)}`,
      ...(cookie(kind) ? [`-H ${quote(`Cookie: ${cookie(kind) ?? ''}`)}`] : []),
      url(kind),
    ].join(' ');
  const pids = workerdPids();
  // utime + stime (fields 14 and 15, in 1/100 s) of every workerd process of this run, as ms.
  const cpuCommand = `awk '{t+=$14+$15} END {print t*10}' ${pids.map((p) => `/proc/${p}/stat`).join(' ')}`;
  log(`serving ${PAGE.brand} ${PAGE.path} as deployed (wrangler.toml [env.production]) on port ${h.port}`);
  log(`workerd CPU in ms, before and after a run: ${cpuCommand}`);
  for (const kind of OUTSIDE_KINDS) log(`${kind}: ${wrk(kind)}`);
  const cpuMs = () => Number(sh(cpuCommand).trim());
  if (WARMUP_SECONDS > 0) {
    for (const kind of OUTSIDE_KINDS) sh(wrk(kind, WARMUP_SECONDS));
    log(`warmed up: each kind ran ${WARMUP_SECONDS} s unmeasured`);
  }
  type Run = { kind: Kind; requests: number; spentMs: number; cpuMs: number; load: string };
  const rounds: Run[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runs: Run[] = [];
    for (let k = 0; k < KINDS.length; k++) {
      const kind = KINDS[(k + round) % KINDS.length] ?? 'constant';
      let requests: number;
      let spent: number;
      if (kind === 'benchConstant' || kind === 'benchFirstVisit') {
        const r = await withWorkerdCpu(() =>
          kind === 'benchConstant'
            ? runLoad({ port: h.port, host: CONSTANT_HOST, path: constantPath(PAGE), seconds: SECONDS })
            : runLoad({ port: h.port, host: host(kind), path: PAGE.path, each: firstVisit(), seconds: SECONDS }),
        );
        if (r.ok !== r.total) throw new Error(`${kind}: ${r.total - r.ok} answers other than 2xx`);
        requests = r.total;
        spent = r.cpuMs * r.total;
      } else {
        const before = cpuMs();
        const out = sh(wrk(kind));
        spent = cpuMs() - before;
        requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 'NaN');
        const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
        if (bad) throw new Error(`${kind}: ${bad} answers other than 2xx or 3xx`);
      }
      const load = loadavg()
        .map((l) => l.toFixed(1))
        .join(', ');
      runs.push({ kind, requests, spentMs: spent, cpuMs: spent / requests, load });
      log(
        `round ${round + 1} ${kind}: ${requests} requests, ${(spent / requests).toFixed(3)} ms workerd CPU a request (load ${load})`,
      );
    }
    rounds.push(runs);
  }
  const of = (runs: (typeof rounds)[number], kind: Kind) => runs.find((r) => r.kind === kind);
  const fmt = (values: number[], digits: number) =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  /** The median and, in brackets, the middle half of the values (first to third quartile). */
  const middle = (values: number[], digits: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => (sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN).toFixed(digits);
    return `${median(values).toFixed(digits)} (${at(0.25)}–${at(0.75)})`;
  };
  const pooled = (kind: Kind) => {
    const all = rounds.map((r) => of(r, kind)).filter((r) => r !== undefined);
    return all.reduce((t, r) => t + r.spentMs, 0) / all.reduce((t, r) => t + r.requests, 0);
  };
  console.log(
    `\n| kind | workerd CPU ms a request (lowest–highest round) | constant / kind (middle half of the rounds) | pooled constant / kind |\n| --- | ---: | ---: | ---: |`,
  );
  for (const kind of KINDS) {
    const cpu = rounds.map((r) => of(r, kind)?.cpuMs ?? Number.NaN);
    const floor = kind.startsWith('bench') ? 'benchConstant' : 'constant';
    const ratio = rounds.map((r) => (of(r, floor)?.cpuMs ?? Number.NaN) / (of(r, kind)?.cpuMs ?? Number.NaN));
    const same = kind === floor;
    console.log(
      `| ${kind} | ${fmt(cpu, 3)} | ${same ? '1' : middle(ratio, 2)} | ${same ? '1' : (pooled(floor) / pooled(kind)).toFixed(2)} |`,
    );
  }
  console.log(`\nLoad average at each round's end: ${rounds.map((r) => r.at(-1)?.load).join('; ')}`);
  if (process.argv.includes('--hold')) {
    log('serving until interrupted (Ctrl-C): repeat any command above');
    await new Promise<never>(() => undefined);
  }
} finally {
  await h.close();
}
