/**
 * `npm run cost`: what 1,000 visits cost on Cloudflare's price list. Runs the visit probe
 * (tests/cost/visit-cost.integration.test.ts, inside workerd: a Medicare walk to a lead, an auto
 * walk to a lead delivered to QuoteWizard, a crawler loading three pages; every request through
 * the Worker's fetch with counted bindings, then the queued events and deliveries through the
 * Worker's consumers), prices the counts and writes the table into docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** Workers Paid list prices beyond the included amounts, USD, read 2026-11-26 on developers.cloudflare.com. */
const RATES = {
  read: '2026-11-26',
  requestsPerM: 0.3,
  cpuMsPerM: 0.02,
  doRequestsPerM: 0.15,
  d1RowsReadPerM: 0.001,
  d1RowsWrittenPerM: 1.0,
  kvReadsPerM: 0.5,
  kvWritesPerM: 5.0,
  r2ClassAPerM: 4.5,
  r2ClassBPerM: 0.36,
  /** Queues bill operations: a message of up to 64 KB is written, read and deleted (3). */
  queueOpsPerM: 0.4,
  analyticsPointsPerM: 0.25,
  logEventsPerM: 0.6,
};
/** CPU is not visible to the probe: the page bench measures 0.5-0.7 ms a page (workerd, docs/performance.md); 1 ms a request is assumed. */
const CPU_MS_PER_REQUEST = 1;
const LOG_SAMPLING = 0.2;

interface Tally {
  requests: number;
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  kvReads: number;
  kvWrites: number;
  r2ClassA: number;
  r2ClassB: number;
  queueMessages: number;
  doRequests: number;
}
type Walk = { kind: string; visits: number; perVisit: Tally; consumer: Tally };

const run = spawnSync(
  'node_modules/.bin/vitest',
  ['run', 'tests/cost/visit-cost.integration.test.ts', '--reporter=verbose'],
  { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, maxBuffer: 64 * 1024 * 1024 },
);
const line = `${run.stdout}\n${run.stderr}`.split('\n').find((l) => l.includes('VISIT_COST_JSON '));
if (run.status !== 0 || !line) {
  console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
  console.error('cost: the visit probe failed');
  process.exit(1);
}
const walks = JSON.parse(line.slice(line.indexOf('VISIT_COST_JSON ') + 'VISIT_COST_JSON '.length)) as Record<
  string,
  Walk
>;

function priced(t: Tally) {
  const per1000 = (count: number, ratePerM: number) => (count * 1000 * ratePerM) / 1e6;
  // One Analytics Engine point a request, one a queue batch share; one log event a sampled invocation.
  const lines = [
    ['Worker requests', t.requests, per1000(t.requests, RATES.requestsPerM)],
    [
      'CPU ms (assumed 1 a request)',
      t.requests * CPU_MS_PER_REQUEST,
      per1000(t.requests * CPU_MS_PER_REQUEST, RATES.cpuMsPerM),
    ],
    ['Durable Object requests', t.doRequests, per1000(t.doRequests, RATES.doRequestsPerM)],
    ['D1 rows read', t.d1RowsRead, per1000(t.d1RowsRead, RATES.d1RowsReadPerM)],
    ['D1 rows written', t.d1RowsWritten, per1000(t.d1RowsWritten, RATES.d1RowsWrittenPerM)],
    ['KV reads', t.kvReads, per1000(t.kvReads, RATES.kvReadsPerM)],
    ['KV writes', t.kvWrites, per1000(t.kvWrites, RATES.kvWritesPerM)],
    ['R2 class A (writes, lists)', t.r2ClassA, per1000(t.r2ClassA, RATES.r2ClassAPerM)],
    ['R2 class B (reads)', t.r2ClassB, per1000(t.r2ClassB, RATES.r2ClassBPerM)],
    ['Queue messages (3 operations each)', t.queueMessages, per1000(t.queueMessages * 3, RATES.queueOpsPerM)],
    ['Analytics Engine points (1 a request)', t.requests, per1000(t.requests, RATES.analyticsPointsPerM)],
    [
      'Workers Logs events (20 % sampled)',
      t.requests * LOG_SAMPLING,
      per1000(t.requests * LOG_SAMPLING, RATES.logEventsPerM),
    ],
  ] as const;
  return { lines, total: lines.reduce((n, l) => n + l[2], 0) };
}

const kinds = ['medicare', 'auto', 'bot'] as const;
const titles = { medicare: 'Medicare walk to a lead', auto: 'auto walk to a lead', bot: 'crawler, 3 pages' };
const tables = kinds.map((k) => ({ k, walk: walks[k] as Walk, p: priced((walks[k] as Walk).perVisit) }));
const fmt = (n: number) => (n >= 10 ? n.toFixed(0) : n >= 1 ? n.toFixed(1) : n.toFixed(2));
const section = [
  '<!-- cost: written by npm run cost -->',
  `## Cost per 1,000 visits (${new Date().toISOString().slice(0, 10)}, rates read ${RATES.read})`,
  '',
  "`npm run cost` counts each visit on the Worker's own bindings inside workerd (tests/cost/visit-cost.integration.test.ts):",
  "every request goes through the Worker's fetch with bindings that count D1 rows read and written (from D1's own",
  'result meta, as it bills them), KV and R2 operations, queue messages and Durable Object calls; the queued events',
  "and lead deliveries then go through the Worker's consumers, counted the same way, in batches of 100. A walk is",
  "the pages and step posts of the funnel to a lead, the tracker's page view and step events, one ip check and one",
  'phone lookup. Prices: Workers Paid list prices beyond the included amounts (requests $0.30/M, CPU $0.02/M ms,',
  'Durable Object requests $0.15/M, D1 $0.001/M rows read and $1.00/M written, KV $0.50/M reads and $5.00/M writes,',
  'R2 $4.50/M class A and $0.36/M class B, Queues $0.40/M operations, Analytics Engine $0.25/M points, Workers Logs',
  "$0.60/M). Not counted: CPU (assumed 1 ms a request, above the page bench's 0.5-0.7 ms), Durable Object duration",
  'and its own storage (invisible from the bindings), the monthly base and the included amounts.',
  '',
  `| per visit | ${tables.map((t) => titles[t.k]).join(' | ')} |`,
  `| --- | ${tables.map(() => '---:').join(' | ')} |`,
  ...(tables[0]?.p.lines ?? []).map(
    (l, i) => `| ${l[0]} | ${tables.map((t) => fmt(Number(t.p.lines[i]?.[1] ?? 0))).join(' | ')} |`,
  ),
  '',
  `| per 1,000 visits, USD | ${tables.map((t) => titles[t.k]).join(' | ')} |`,
  `| --- | ${tables.map(() => '---:').join(' | ')} |`,
  ...(tables[0]?.p.lines ?? []).map(
    (l, i) => `| ${l[0]} | ${tables.map((t) => `$${Number(t.p.lines[i]?.[2] ?? 0).toFixed(4)}`).join(' | ')} |`,
  ),
  `| **total** | ${tables.map((t) => `**$${t.p.total.toFixed(4)}**`).join(' | ')} |`,
  '',
  ...whatDominates(),
  '<!-- /cost -->',
].join('\n');

function whatDominates(): string[] {
  const m = walks.medicare as Walk;
  const share = (priced(m.perVisit).lines.find((l) => l[0] === 'D1 rows written')?.[2] ?? 0) / priced(m.perVisit).total;
  const perEvent = m.consumer.d1RowsWritten / Math.max(1, m.perVisit.queueMessages * m.visits);
  return [
    `D1 rows written are ${(share * 100).toFixed(0)} % of a Medicare visit's cost: the events consumer writes about`,
    `${perEvent.toFixed(1)} rows per event (D1 counts the staging row, the event row, each index entry and each rollup`,
    'row it updates). Fewer indexes on `events`, or rollups kept in the archive instead of per batch, are the levers;',
    'a crawler costs almost nothing because a page view without cookies reads and writes no state.',
  ];
}

const BEGIN = '<!-- cost: written by npm run cost -->';
const END = '<!-- /cost -->';
const doc = readFileSync('docs/performance.md', 'utf8');
const start = doc.indexOf(BEGIN);
const end = doc.indexOf(END);
writeFileSync(
  'docs/performance.md',
  start < 0 || end < start
    ? `${doc.trimEnd()}\n\n${section}\n`
    : doc.slice(0, start) + section + doc.slice(end + END.length),
);
console.log(section);
