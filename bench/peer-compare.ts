/**
 * The product against the Nuxt peer on the same page, by kind of visitor: a first visit (no
 * cookie), a returning visitor (the stack's own cookies, nothing stored) and one with stored
 * answers (the product reads them from the visitor's Durable Object, the peer from KV). Before
 * any load, each kind's two responses must be the same page after normalising per-request
 * values (bench/peer-normalise.ts); the bench fails otherwise. Then interleaved rounds of
 * req/s and workerd CPU per request, with the floor (the product's bytes replayed) beside them.
 */
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { CONSTANT_HOST, send, startHarness, type ConstantPage, type Harness, type HttpResult } from './harness';
import { runLoad } from './load';
import { firstDifference, normalisePage, pageParts } from './peer-normalise';
import { buildPeer, PEER_DIR, PEER_HOST, PEER_PATH, type PeerBuild } from './peer';
import { writePeerSnapshot } from './peer-snapshot';
import { median, type MeasuredRun } from './page-rendering';
import { BENCH_USER_AGENT, firstVisit, returningVisitors, rotating } from './visitors';
import { withWorkerdCpu } from './workerd-cpu';

const BRAND = 'bh';
const PRODUCT_HOST = `${BRAND}.localhost`;
const FLOOR_PATH = `/${BRAND}${PEER_PATH}`;
/** The answers both stacks are given for a visitor with stored answers (the product's first two form steps). */
const ANSWERS = { zipcode: '33101', haveMedicare: true };
const POOL = 24;

export const PEER_KINDS = ['firstVisit', 'returning', 'withAnswers'] as const;
export type PeerKind = (typeof PEER_KINDS)[number];

/**
 * Captures the product's first-visit page as deployed (the configuration every page comparison
 * measures, docs/decisions/0310-one-page-measure-as-deployed.md), writes the peer's snapshot from
 * it and builds the peer (only when the snapshot changed). Also returns the page for the floor to replay.
 */
export async function preparePeer(log: (text: string) => void): Promise<{ peer: PeerBuild; floor: ConstantPage }> {
  const h = await startHarness({ deployed: true });
  try {
    const page = await send(h.port, 'GET', PRODUCT_HOST, PEER_PATH, firstVisit()().headers);
    if (page.status !== 200) throw new Error(`GET ${BRAND}${PEER_PATH}: ${page.status}`);
    if (writePeerSnapshot(PEER_DIR, page.body, page.headers, h.sandbox.origin))
      log("the product's page changed: the Nuxt peer's snapshot is rewritten");
    const headers = page.headers.filter(
      ([name]) => !/^(date|content-length|transfer-encoding|connection|keep-alive)$/i.test(name),
    );
    return { peer: buildPeer(log), floor: { path: FLOOR_PATH, status: 200, headers, body: page.body } };
  } finally {
    await h.close();
  }
}

/** The cookies of a browser after these responses' Set-Cookie headers (name=value pairs). */
function cookiesOf(headers: [string, string][]): string {
  return headers
    .filter(([name]) => name.toLowerCase() === 'set-cookie')
    .map(([, value]) => value.split(';')[0] ?? '')
    .join('; ');
}

/** A visitor of the peer: its first page view's session cookie, then (withAnswers) the answers stored. */
export async function mintPeerVisitor(port: number, withAnswers: boolean, ip: string): Promise<Record<string, string>> {
  const base = { 'user-agent': BENCH_USER_AGENT, 'cf-connecting-ip': ip };
  const first = await send(port, 'GET', PEER_HOST, PEER_PATH, base);
  const cookie = cookiesOf(first.headers);
  if (first.status !== 200 || !cookie)
    throw new Error(`first visit to the Nuxt peer: ${first.status}, cookie ${cookie}`);
  if (!withAnswers) return { ...base, cookie };
  const res = await send(
    port,
    'POST',
    PEER_HOST,
    '/api/answers',
    { ...base, cookie, 'content-type': 'application/json' },
    JSON.stringify({ values: ANSWERS }),
  );
  if (res.status !== 200) throw new Error(`storing answers at the Nuxt peer: ${res.status} ${res.body.slice(0, 200)}`);
  return { ...base, cookie: cookiesOf(res.headers) || cookie };
}

/** Nuxt's own wrapper around the page's markup (its root element, the teleport target). */
function unwrapNuxt(body: string): string {
  const m = /^<div id="__nuxt">([\s\S]*)<\/div><div id="teleports"><\/div>$/.exec(body.trim());
  return m?.[1] ?? body;
}

/** Where the two responses of one kind differ after normalising (empty when the same page). */
export function pageDifference(product: string, peer: string): string[] {
  const a = pageParts(product);
  const b = pageParts(peer);
  const out: string[] = [];
  const parts: [string, string, string][] = [
    ['<html> attributes', a.htmlAttrs, b.htmlAttrs],
    ['head', a.head, b.head],
    ['body', a.body, unwrapNuxt(b.body)],
  ];
  for (const [name, x, y] of parts) {
    const diff = firstDifference(normalisePage(x, name === 'head'), normalisePage(y, name === 'head'));
    if (diff) out.push(`${name} ${diff}`);
  }
  return out;
}

interface Visitors {
  product: Record<PeerKind, () => { headers: Record<string, string> }>;
  peer: Record<PeerKind, () => { headers: Record<string, string> }>;
}

let ips = 0;
const peerIp = () => `198.18.200.${1 + (ips++ % 250)}`;

async function visitors(port: number, size: number): Promise<Visitors> {
  const peerPool = async (withAnswers: boolean) => {
    const pool: Record<string, string>[] = [];
    for (let i = 0; i < size; i++) pool.push(await mintPeerVisitor(port, withAnswers, peerIp()));
    return pool;
  };
  return {
    product: {
      firstVisit: firstVisit(),
      returning: rotating(await returningVisitors(port, BRAND, size, {})),
      withAnswers: rotating(await returningVisitors(port, BRAND, size, { withAnswers: true })),
    },
    peer: {
      firstVisit: firstVisit(),
      returning: rotating(await peerPool(false)),
      withAnswers: rotating(await peerPool(true)),
    },
  };
}

export interface ResponseShape {
  bytes: number;
  gzipBytes: number;
  chunked: boolean;
  setCookies: number;
}

function shapeOf(res: HttpResult): ResponseShape {
  const header = (name: string) => res.headers.filter(([n]) => n.toLowerCase() === name);
  return {
    bytes: Buffer.byteLength(res.body),
    gzipBytes: gzipSync(res.body).length,
    chunked: header('transfer-encoding').some(([, v]) => /chunked/i.test(v)),
    setCookies: header('set-cookie').length,
  };
}

/** One request at a time: the mean time a request takes, and workerd's CPU in it; the rest is waiting. */
export interface SerialRun {
  latencyMs: number;
  cpuMs: number;
}

/** Requests of each serial run: enough that the 10 ms CPU tick is a few percent of the total. */
const SERIAL_REQUESTS = 300;

export interface PeerComparison {
  /** Each kind one request at a time, before the load (bench/peer-section.ts explains the gap with it). */
  serial: Record<PeerKind, { product: SerialRun; peer: SerialRun }>;
  seconds: number;
  rounds: number;
  /** Where each kind's two pages differed after normalising (none: the same page). */
  differences: Record<PeerKind, string[]>;
  shapes: Record<PeerKind, { product: ResponseShape; peer: ResponseShape }>;
  floor: { rps: number; cpuMs: number; runs: MeasuredRun[] };
  kinds: Record<PeerKind, { product: MeasuredRun[]; peer: MeasuredRun[] }>;
  /** The machine's load average (1, 5, 15 minutes) at the end of each round: other engineers share its cores. */
  roundLoads: number[][];
}

/** One response of each kind from each stack, and where the two differ after normalising. */
async function samePage(port: number, v: Visitors) {
  const differences = {} as PeerComparison['differences'];
  const shapes = {} as PeerComparison['shapes'];
  for (const kind of PEER_KINDS) {
    const product = await send(port, 'GET', PRODUCT_HOST, PEER_PATH, v.product[kind]().headers);
    const peer = await send(port, 'GET', PEER_HOST, PEER_PATH, v.peer[kind]().headers);
    if (product.status !== 200 || peer.status !== 200)
      throw new Error(`${kind}: the product answered ${product.status}, the peer ${peer.status}`);
    differences[kind] = pageDifference(product.body, peer.body);
    shapes[kind] = { product: shapeOf(product), peer: shapeOf(peer) };
  }
  return { differences, shapes };
}

/** Stops the bench before any load when a kind's two pages differ: the figures would compare two pages. */
function failOnDifference(differences: PeerComparison['differences']): void {
  const found = PEER_KINDS.flatMap((kind) => differences[kind].map((d) => `${kind}: ${d}`));
  if (found.length) throw new Error(`the Nuxt peer's page is not the product's: ${found.join('; ')}`);
}

/**
 * The same-page check alone, for the full bench (one visitor of each kind from each stack), on a
 * harness serving the product by host and the peer.
 */
export async function checkSamePeerPage(port: number): Promise<void> {
  failOnDifference((await samePage(port, await visitors(port, 1))).differences);
}

/**
 * The comparison on a harness serving the product, its floor (the product's first-visit page
 * replayed) and the peer: the same-page check, then `rounds` rounds in which the floor and each
 * stack's three kinds take turns in an order that rotates by round.
 */
export async function comparePeer(h: Harness, seconds: number, rounds: number): Promise<PeerComparison> {
  const v = await visitors(h.port, POOL);
  const { differences, shapes } = await samePage(h.port, v);
  failOnDifference(differences);
  const serial = {} as PeerComparison['serial'];
  for (const kind of PEER_KINDS) {
    const one = async (stack: 'product' | 'peer'): Promise<SerialRun> => {
      const host = stack === 'product' ? PRODUCT_HOST : PEER_HOST;
      const each = v[stack][kind];
      // Timed here: autocannon reports a run's duration to the second, too coarse for 300 requests.
      const started = performance.now();
      const r = await withWorkerdCpu(() =>
        runLoad({ port: h.port, host, path: PEER_PATH, each, amount: SERIAL_REQUESTS, connections: 1 }),
      );
      return { latencyMs: (performance.now() - started) / r.total, cpuMs: r.cpuMs };
    };
    serial[kind] = { product: await one('product'), peer: await one('peer') };
  }
  const kinds = Object.fromEntries(
    PEER_KINDS.map((k) => [k, { product: [], peer: [] }]),
  ) as unknown as PeerComparison['kinds'];
  const floor: MeasuredRun[] = [];
  const turns: (() => Promise<void>)[] = [
    async () =>
      void floor.push(
        await withWorkerdCpu(() => runLoad({ port: h.port, host: CONSTANT_HOST, path: FLOOR_PATH, seconds })),
      ),
    ...PEER_KINDS.flatMap((kind) =>
      (['product', 'peer'] as const).map((stack) => async () => {
        const host = stack === 'product' ? PRODUCT_HOST : PEER_HOST;
        const each = v[stack][kind];
        kinds[kind][stack].push(
          await withWorkerdCpu(() => runLoad({ port: h.port, host, path: PEER_PATH, each, seconds })),
        );
      }),
    ),
  ];
  const roundLoads: number[][] = [];
  for (let round = 0; round < rounds; round++) {
    for (let t = 0; t < turns.length; t++) await turns[(t + round * 3) % turns.length]?.();
    roundLoads.push(loadavg());
  }
  return {
    serial,
    seconds,
    rounds,
    differences,
    shapes,
    floor: { rps: median(floor.map((r) => r.rps)), cpuMs: median(floor.map((r) => r.cpuMs)), runs: floor },
    kinds,
    roundLoads,
  };
}

/** Runs with any answer other than 200 (each stack's kinds and the floor); differing pages stopped the run before. */
export function peerFailures(c: PeerComparison): string[] {
  const failures: string[] = [];
  const runs: [string, MeasuredRun[]][] = [
    ['floor', c.floor.runs],
    ...PEER_KINDS.flatMap((k) => [
      [`product ${k}`, c.kinds[k].product] as [string, MeasuredRun[]],
      [`peer ${k}`, c.kinds[k].peer] as [string, MeasuredRun[]],
    ]),
  ];
  for (const [name, list] of runs)
    for (const r of list)
      if (r.errors > 0 || (r.statuses['200'] ?? 0) !== r.total)
        failures.push(`${name}: answers ${JSON.stringify(r.statuses)}, ${r.errors} errors`);
  return failures;
}
