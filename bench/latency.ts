/**
 * `npm run bench -- --only=latency`: what each kind of page waits for before its first byte.
 * Runs the probe (tests/latency/first-byte.integration.test.ts, inside workerd: every request
 * through the Worker's fetch with bindings that record whether each call settled before the
 * response's headers, while its body was read, or after it (waitUntil)), prints a table per kind
 * of page and writes the summary into docs/performance.md. Locally each call costs a tenth of a
 * millisecond; on Cloudflare a Durable Object, KV or D1 call awaited before the first byte can cost tens.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

interface Call {
  name: string;
  settled: 'beforeHeaders' | 'body' | 'after';
}
interface Kind {
  kind: string;
  request: string;
  status: number;
  calls: Call[];
  chain: number;
}

const BEGIN = '<!-- first-byte: written by npm run bench -- --only=latency -->';
const END = '<!-- /first-byte -->';

/** Runs the probe and returns its measured kinds of page, or exits with its output. */
function probe(): Kind[] {
  const run = spawnSync(
    'node_modules/.bin/vitest',
    ['run', 'tests/latency/first-byte.integration.test.ts', '--reporter=verbose', '--maxWorkers=1'],
    { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, maxBuffer: 64 * 1024 * 1024 },
  );
  const line = `${run.stdout}\n${run.stderr}`.split('\n').find((l) => l.includes('FIRST_BYTE_JSON '));
  if (run.status !== 0 || !line) {
    console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
    console.error('latency: the first-byte probe failed');
    process.exit(1);
  }
  return JSON.parse(line.slice(line.indexOf('FIRST_BYTE_JSON ') + 'FIRST_BYTE_JSON '.length)) as Kind[];
}

/** Binding and method to [before headers, while the body is read, after the body]. */
function byBinding(calls: Call[]): Map<string, [number, number, number]> {
  const rows = new Map<string, [number, number, number]>();
  for (const c of calls) {
    const row = rows.get(c.name) ?? [0, 0, 0];
    row[c.settled === 'beforeHeaders' ? 0 : c.settled === 'body' ? 1 : 2] += 1;
    rows.set(c.name, row);
  }
  return rows;
}

function renderLatency(kinds: Kind[], date: string): string {
  const lines = [
    BEGIN,
    `## What a page waits for before its first byte (${date})`,
    '',
    '`npm run bench -- --only=latency` (bench/latency.ts) runs tests/latency/first-byte.integration.test.ts inside workerd:',
    "each request goes through the Worker's fetch with every binding wrapped (Durable Object stubs and their RPC",
    'methods, KV, D1 statements and batches, queues, rate limits, R2) and the global fetch (partners), recording',
    'whether each call settled before the response headers were returned (the visitor waits for it before the first',
    'byte), while the body was read, or after (waitUntil). Chain: calls awaited one after another before the headers',
    '(calls made together count once), the round trips that cost tens of ms each at the edge. Target: a first',
    "visit's page awaits none, a page with stored answers one (its Durable Object state); the test fails otherwise.",
    '',
    '| page kind | request | status | awaited before first byte | chain | after first byte |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const k of kinds) {
    const before = k.calls.filter((c) => c.settled === 'beforeHeaders').length;
    lines.push(`| ${k.kind} | ${k.request} | ${k.status} | ${before} | ${k.chain} | ${k.calls.length - before} |`);
  }
  lines.push('', 'By binding (before first byte / while the body is read / after, background):', '');
  for (const k of kinds) {
    const rows = [...byBinding(k.calls)].map(([name, [b, d, a]]) => `${name} ${b}/${d}/${a}`);
    lines.push(`- ${k.kind}: ${rows.length ? rows.join(', ') : 'none'}`);
  }
  lines.push(END);
  return lines.join('\n');
}

const kinds = probe();
for (const k of kinds) {
  console.log(`\n${k.kind}: ${k.request} ${k.status}, chain ${k.chain} before first byte`);
  console.log(`  ${'binding'.padEnd(34)} ${'before'.padStart(6)} ${'body'.padStart(6)} ${'after'.padStart(6)}`);
  for (const [name, [b, d, a]] of byBinding(k.calls))
    console.log(`  ${name.padEnd(34)} ${String(b).padStart(6)} ${String(d).padStart(6)} ${String(a).padStart(6)}`);
}
const doc = readFileSync('docs/performance.md', 'utf8');
const section = renderLatency(kinds, new Date().toISOString().slice(0, 10));
const from = doc.indexOf(BEGIN);
const to = doc.indexOf(END);
writeFileSync(
  'docs/performance.md',
  from >= 0 && to > from
    ? `${doc.slice(0, from)}${section}${doc.slice(to + END.length)}`
    : `${doc.trimEnd()}\n\n${section}\n`,
);
