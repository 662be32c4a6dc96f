/**
 * `npm run soak`: a longer bounded load (SOAK_SECONDS, default 60) on funnel pages, the phone
 * lease and the event endpoint at fixed concurrency, while the partner sandbox cycles through
 * slow, failing and malformed answers. Passes only with zero errors and every accepted event
 * in D1.
 */
import { eventBody } from './event-body';
import { buildAll, startHarness } from './harness';
import { runLoad, type LoadResult } from './load';
import { waitForDrain } from './pipeline';
import { visitorPool } from './visitors';
import type { Behaviour } from '../sandbox/behaviour';

const SECONDS = Number(process.env.SOAK_SECONDS ?? '60');
const log = (text: string) => console.log(`[soak] ${text}`);

buildAll();
const h = await startHarness();
// Visitors as browsers become them (bench/visitors.ts): the Worker's own signed cookies from a
// first page view, the visit's session, the brand's Origin on writes and a client ip each, so
// the per-ip and per-visitor limits see many browsers. Page views and events use separate pools.
const pageVisitors = await visitorPool(h.port, 32);
const eventVisitors = await visitorPool(h.port, 400);
let turn = 0;
const FUNNEL = ['/get-yours-otc', '/get-yours-otc/medicare', '/get-yours-otc/name', '/clicks', '/quiz/medicare'];
const ua = { 'user-agent': 'quote-funnel-soak/1.0' };
let phoneIps = 0;
/** A client ip per get-phone (a new visitor each), from 198.18.0.0/15, away from the pools' addresses. */
const phoneIp = () => {
  phoneIps += 1;
  return `198.19.${100 + (Math.floor(phoneIps / 250) % 150)}.${1 + (phoneIps % 250)}`;
};

// Faults mid-run: every partner switches behaviour every few seconds.
const cycle: Behaviour[] = ['normal', 'slow', 'error', 'malformed', 'normal', 'slow', 'error', 'malformed'];
const step = Math.max(2, Math.floor(SECONDS / cycle.length));
const applied: string[] = [];
let index = 0;
const faults = setInterval(() => {
  const behaviour = cycle[++index % cycle.length] ?? 'normal';
  for (const partner of ['mediaalpha', 'ipqs', 'geo'] as const)
    h.sandbox.state.set(partner, behaviour, { slowMs: 2500 });
  applied.push(behaviour);
}, step * 1000);

// Bodies written, counted as they are built: when the run stops, requests in flight still
// reach the Worker although autocannon no longer counts their answers.
let eventsSent = 0;
let results: Record<string, LoadResult>;
try {
  log(`${SECONDS} s: funnel pages (4 connections), events (3), get-phone (1); faults every ${step} s`);
  const [pages, events, phone] = await Promise.all([
    runLoad({
      port: h.port,
      host: 'bh.localhost',
      path: '/get-yours-otc',
      headers: ua,
      connections: 4,
      seconds: SECONDS,
      // Rotate the funnel pages and returning visitors.
      each: () => {
        turn += 1;
        return {
          headers: pageVisitors[turn % pageVisitors.length]?.headers ?? {},
          path: FUNNEL[turn % FUNNEL.length] ?? '/',
        };
      },
    }),
    runLoad({
      port: h.port,
      host: 'bh.localhost',
      method: 'POST',
      path: '/api/event/create',
      headers: { 'content-type': 'application/json', ...ua },
      connections: 3,
      seconds: SECONDS,
      each: () => {
        const visitor = eventVisitors[eventsSent % eventVisitors.length];
        if (!visitor) throw new Error('empty visitor pool');
        eventsSent += 1;
        return { headers: visitor.headers, body: eventBody(visitor.sessionId) };
      },
    }),
    runLoad({
      port: h.port,
      host: 'bh.localhost',
      method: 'POST',
      path: '/api/mediaalpha/get-phone',
      // A new visitor (no cookie) from its own ip each time, with the brand's Origin (writes need it).
      headers: { 'content-type': 'application/json', origin: 'http://bh.localhost', ...ua },
      connections: 1,
      seconds: SECONDS,
      each: () => ({
        headers: { 'cf-connecting-ip': phoneIp() },
        body: JSON.stringify({ page: 'get-yours-otc', localHour: 12 }),
      }),
    }),
  ]);
  results = { pages, events, phone };
} finally {
  clearInterval(faults);
  h.sandbox.state.reset();
}

const accepted = results.events?.statuses['202'] ?? 0;
const drained = await waitForDrain(
  h,
  eventVisitors.map((v) => v.sessionId),
  eventsSent,
);
await h.close();

let failed = false;
for (const [name, r] of Object.entries(results)) {
  const errorRate = r.total ? (r.non2xx + r.errors) / r.total : 0;
  log(
    `${name}: ${r.total} requests, ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}, error rate ${(errorRate * 100).toFixed(2)}%`,
  );
  if (r.non2xx + r.errors > 0) failed = true;
}
log(`faults applied: ${applied.join(' → ')}`);
log(
  `events: ${eventsSent} sent, ${accepted} answered 202 before the run stopped (the rest were in flight), ${drained.stored} in D1 (${drained.seconds.toFixed(1)} s to drain)`,
);
if (drained.stored !== eventsSent) failed = true;
if (failed) {
  console.error('[soak] FAILED: errors under load or events missing from D1');
  process.exitCode = 1;
} else {
  log('passed: zero errors, every accepted event in D1');
}
