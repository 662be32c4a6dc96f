/** The "Same page against the Nuxt peer" section of docs/performance.md, written by `npm run bench -- --only=peer`. */
import { median } from './page-rendering';
import { PEER_KINDS, type PeerComparison, type PeerKind } from './peer-compare';

const BEGIN = '<!-- nuxt-peer: written by npm run bench -- --only=peer -->';
const END = '<!-- /nuxt-peer -->';
const LABEL: Record<PeerKind, string> = {
  firstVisit: 'first visit (no cookie)',
  returning: 'returning (own cookies, nothing stored)',
  withAnswers: 'with stored answers',
};
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Median over the rounds of product / peer (req/s), or peer / product (CPU: higher is better for the product). */
function ratios(c: PeerComparison, kind: PeerKind) {
  const { product, peer } = c.kinds[kind];
  return {
    rps: median(product.map((r, i) => r.rps / (peer[i]?.rps ?? Number.NaN))),
    cpu: median(product.map((r, i) => (peer[i]?.cpuMs ?? Number.NaN) / r.cpuMs)),
  };
}

export function renderPeerSection(c: PeerComparison, date: string, load: number[], explanation: string): string {
  const lines = [
    BEGIN,
    `## Same page against the Nuxt peer (${date})`,
    '',
    `\`npm run bench -- --only=peer\` (bench/peer-compare.ts; \`BENCH_PEER_SECONDS=${c.seconds} BENCH_PEER_ROUNDS=${c.rounds}\`): the product's bh /otc-allowance as deployed (wrangler.toml \`[env.production]\`, bench/deployed-config.ts) and the Nuxt 3 peer serving the same page on one Miniflare, autocannon at 8 connections over loopback, ${c.seconds} s a run, ${c.rounds} interleaved rounds (floor and the six runs take turns in an order that rotates by round); medians. Load average when it ended: ${load.map((n) => n.toFixed(2)).join(', ')} on 2 cores shared with other agents' runs: read req/s as relative, not absolute.`,
    '',
    "The peer's page is made from the product's at bench time (bench/peer-snapshot.ts: the first-visit page becomes a Vue template with the nonce, ids, stored answers and island props bound; head, headers and props as data) and rebuilt when it changes. Before any load, the bench fetches each kind from both and fails unless they are the same document once per-request values (nonces, ids, the call-hours hour) are replaced and spelling a browser's parser ignores is made equal (attribute order and case, `/>`, character references, Vue's fragment comments, whitespace between head elements):",
    '',
    '| visitor | same page | product bytes (gzip) | peer bytes (gzip) | Set-Cookie product / peer | chunked product / peer |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...PEER_KINDS.map((k) => {
      const s = c.shapes[k];
      return `| ${LABEL[k]} | ${c.differences[k].length ? `**no**: ${c.differences[k].join('; ').slice(0, 300)}` : 'yes'} | ${int(s.product.bytes)} (${kb(s.product.gzipBytes)}) | ${int(s.peer.bytes)} (${kb(s.peer.gzipBytes)}) | ${s.product.setCookies} / ${s.peer.setCookies} | ${s.product.chunked ? 'yes' : 'no'} / ${s.peer.chunked ? 'yes' : 'no'} |`;
    }),
    '',
    `Floor (the product's first-visit bytes replayed by a constant Worker, same Miniflare): ${int(c.floor.rps)} req/s, ${c.floor.cpuMs.toFixed(3)} ms of workerd CPU a request.`,
    '',
    '| visitor | product req/s | p50 / p99 ms | Nuxt peer req/s | p50 / p99 ms | req/s product / peer | product CPU ms | peer CPU ms | CPU peer / product |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...PEER_KINDS.map((k) => {
      const { product, peer } = c.kinds[k];
      const m = (runs: typeof product, f: (r: (typeof product)[number]) => number) => median(runs.map(f));
      const r = ratios(c, k);
      return `| ${LABEL[k]} | ${int(m(product, (x) => x.rps))} | ${m(product, (x) => x.p50)} / ${m(product, (x) => x.p99)} | ${int(m(peer, (x) => x.rps))} | ${m(peer, (x) => x.p50)} / ${m(peer, (x) => x.p99)} | **${r.rps.toFixed(2)}** | ${m(product, (x) => x.cpuMs).toFixed(3)} | ${m(peer, (x) => x.cpuMs).toFixed(3)} | **${r.cpu.toFixed(2)}** |`;
    }),
    '',
    `One request at a time (300 requests a kind and stack, before the load): the mean time a request takes over loopback and workerd's CPU in it; what is left is time the request waits (a Durable Object or KV call, the network stack, and on a loaded machine the scheduler: each request wakes the load generator and workerd in turn).`,
    '',
    '| visitor | product ms a request | its CPU ms | waiting ms | peer ms a request | its CPU ms | waiting ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...PEER_KINDS.map((k) => {
      const { product: a, peer: b } = c.serial[k];
      return `| ${LABEL[k]} | ${a.latencyMs.toFixed(2)} | ${a.cpuMs.toFixed(3)} | ${(a.latencyMs - a.cpuMs).toFixed(2)} | ${b.latencyMs.toFixed(2)} | ${b.cpuMs.toFixed(3)} | ${(b.latencyMs - b.cpuMs).toFixed(2)} |`;
    }),
    '',
    `Each round (req/s product / peer, CPU peer / product; in brackets req/s product, peer). Target: 2x the peer or better. Load average (1 min) at the end of each round: ${c.roundLoads.map((l) => (l[0] ?? Number.NaN).toFixed(2)).join(', ')}.`,
    '',
    ...PEER_KINDS.map(
      (k) =>
        `- ${LABEL[k]}: ${c.kinds[k].product
          .map((r, i) => {
            const peer = c.kinds[k].peer[i];
            return `${(r.rps / (peer?.rps ?? Number.NaN)).toFixed(2)} / ${((peer?.cpuMs ?? Number.NaN) / r.cpuMs).toFixed(2)} (${int(r.rps)}, ${int(peer?.rps ?? Number.NaN)})`;
          })
          .join('; ')}`,
    ),
    '',
    explanation.trim(),
    END,
  ];
  return lines.join('\n');
}

export function splicePeerSection(doc: string, section: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return `${doc.trimEnd()}\n\n${section}\n`;
  return doc.slice(0, start) + section + doc.slice(end + END.length);
}

/** The section as last written (kept by a full bench run, which rewrites the rest of the file). */
export function keptPeerSection(doc: string): string | null {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? null : doc.slice(start, end + END.length);
}

/** The explanation under the table, kept from the last run (written by hand after profiling; the bench does not rewrite it). */
export function keptExplanation(doc: string): string {
  const kept = keptPeerSection(doc);
  const at = kept?.indexOf('### Why') ?? -1;
  return kept && at >= 0
    ? kept.slice(at, kept.length - END.length)
    : '### Why the two measures disagree\n\n(not yet written)';
}
