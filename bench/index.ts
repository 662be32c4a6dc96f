/**
 * `npm run bench`: server rendering against constant bytes (first visit, returning visitor with
 * stored answers, with a lease; medians of interleaved rounds), the API, the event pipeline into
 * D1, the get-phone flood, client and Worker sizes, start-up. Loopback only, bounded (under 10
 * minutes on 2 cores; BENCH_SECONDS, BENCH_ROUNDS and BENCH_EVENTS shorten it).
 * Prints the figures and writes docs/performance.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { benchApi } from './api';
import { buildAll, CONSTANT_HOST, send, startHarness } from './harness';
import { runLoad } from './load';
import { capturePages, comparePages, non200, VISITOR_KINDS } from './page-rendering';
import { phoneFlood } from './phone-flood';
import { eventBurst } from './pipeline';
import { machine, ratioTarget, renderReport, type TemplateSize } from './report';
import {
  clientJsFor,
  gzipBytes,
  islandsOf,
  pageFormOf,
  lazyMainJs,
  lazyMainModulesOf,
  readClientMetafile,
  workerBundleSize,
} from './sizes';
import { measureStartup } from './startup';
import { TEMPLATE_PAGES } from './template-pages';
import { mintVisitor } from './visitors';
import { PEER_HOST, PEER_PATH } from './peer';
import { keptProfiles, profileBlock } from './profile-doc';
import { benchEvents, keptEventsSection, renderEventsSection, spliceEventsSection } from './events';
import { benchRealPath, keptRealPath, renderRealPath, spliceRealPath } from './real-path';
import { loadavg } from 'node:os';
import { benchPostbacks } from './postbacks';
import { checkSamePeerPage, comparePeer, peerFailures, preparePeer } from './peer-compare';
import { profilePeer } from './peer-profile';
import { keptExplanation, keptPeerSection, renderPeerSection, splicePeerSection } from './peer-section';
import {
  benchExperiments,
  keptExperimentsSection,
  renderExperimentsSection,
  spliceExperimentsSection,
} from './experiments';

/** Where the sections written by other commands begin in docs/performance.md (the cost table's marker). */
const LATER_SECTIONS_FROM = '<!-- cost: written by npm run cost -->';

// Page runs: 6 pages × 4 visitors × ROUNDS × PAGE_SECONDS (3 × 3 s: about 4 minutes).
const SECONDS = Number(process.env.BENCH_SECONDS ?? '5');
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? '3');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '3');
const BURST = Number(process.env.BENCH_EVENTS ?? '20000');
const began = performance.now();
const machineLines = machine();
const log = (text: string) => console.log(`[bench] ${text}`);

// Bench/events.ts: a million synthetic events through the consumer, the cron, the report.
// `npm run bench -- --only=events [--events=N]` runs that section alone (it takes minutes of its own);
// `--only=pages` the page comparison alone (printed only); `--only=sizes` the JS and HTML size
// table alone (printed only, under a minute: no load).
const EVENTS_TOTAL = Number(
  process.argv.find((a) => a.startsWith('--events='))?.slice('--events='.length) ??
    process.env.BENCH_EVENTS_TOTAL ??
    '1000000',
);
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

/** The events section on a Miniflare of its own; writes its part of docs/performance.md. */
async function eventsSection(): Promise<string[]> {
  const started = performance.now();
  log(`events: ${EVENTS_TOTAL} synthetic events on one day through the consumer, then the cron and the 90-day report`);
  // The production shape: every event of the run on yesterday (a million-row day), the one-day hot
  // window of staging and production, so the cron meets and prunes a whole day of them.
  const eh = await startHarness({ vars: { EVENTS_HOT_DAYS: '1' }, triggerHandlers: true });
  try {
    const r = await benchEvents(eh, EVENTS_TOTAL, log, { days: 1, endDaysAgo: 1, hotDays: 1 });
    const doc = readFileSync('docs/performance.md', 'utf8');
    writeFileSync('docs/performance.md', spliceEventsSection(doc, renderEventsSection(r, new Date().toISOString())));
    log(
      `events section done in ${((performance.now() - started) / 1000).toFixed(0)} s: report ${r.reportMsAfterPrune.map((ms) => ms.toFixed(0)).join(', ')} ms after pruning`,
    );
    const failures: string[] = [];
    if (!r.reportIdentical) failures.push('the 90-day report changed when its old days were pruned');
    if (r.rowsAfterPrune >= r.rowsBeforePrune) failures.push('the cron pruned no raw rows');
    return failures;
  } finally {
    await eh.close();
  }
}

/** What each template page loads: client JavaScript (bench/sizes.ts) and its HTML, gzip level 9. */
async function measureSizes(port: number): Promise<TemplateSize[]> {
  const meta = readClientMetafile();
  const sizes: TemplateSize[] = [];
  for (const t of TEMPLATE_PAGES) {
    const page = await send(port, 'GET', `${t.brand}.localhost`, t.path, await mintVisitor(port, t.brand));
    if (page.status !== 200) throw new Error(`GET ${t.brand}${t.path}: ${page.status}`);
    const islands = islandsOf(page.body);
    const js = clientJsFor(meta, { islands, lazyMain: lazyMainModulesOf(page.body), form: pageFormOf(page.body) });
    sizes.push({
      template: t.template,
      language: t.language,
      page: `${t.brand} ${t.path}`,
      islands,
      jsGzip: js.gzipBytes,
      jsRaw: js.rawBytes,
      laterGzip: js.later.gzipBytes,
      htmlGzip: gzipBytes(page.body),
      htmlRaw: Buffer.byteLength(page.body),
    });
  }
  return sizes;
}

if (ONLY === 'sizes') {
  buildAll();
  const sh = await startHarness();
  try {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    for (const s of await measureSizes(sh.port))
      log(
        `${s.template} ${s.language} ${s.page} [${s.islands.join(', ') || 'no islands'}]: JS ${kb(s.jsGzip)} gzip (${kb(s.jsRaw)} raw), later ${kb(s.laterGzip)}, HTML ${kb(s.htmlGzip)} gzip (${kb(s.htmlRaw)} raw)`,
      );
    log(`main's lazy chunks: ${kb(lazyMainJs(readClientMetafile()).gzipBytes)} gzip`);
  } finally {
    await sh.close();
  }
  process.exit(0);
}

// The real event path over HTTP, duplicates included (bench/real-path.ts); writes its section.
if (ONLY === 'real-path') {
  buildAll();
  const total = Number(
    process.argv.find((a) => a.startsWith('--real-events='))?.slice('--real-events='.length) ?? '20000',
  );
  const rh = await startHarness();
  try {
    log(`real path: ${total} events over HTTP through the queue into D1 and R2`);
    const r = await benchRealPath(rh, total);
    const section = renderRealPath(r, new Date().toISOString(), loadavg());
    writeFileSync('docs/performance.md', spliceRealPath(readFileSync('docs/performance.md', 'utf8'), section));
    console.log(section);
    const exact = r.rowsInD1 === r.distinctAccepted && r.distinctInArchive === r.distinctAccepted;
    if (!exact) console.error('[bench] FAILED: the real path did not store each accepted event exactly once');
    process.exitCode = exact ? 0 : 1;
  } finally {
    await rh.close();
  }
  process.exit();
}

// `npm run bench -- --only=postbacks [--postbacks=N]`: payout postbacks accepted and attributed, exactly once (printed).
if (ONLY === 'postbacks') {
  buildAll();
  const total = Number(process.argv.find((a) => a.startsWith('--postbacks='))?.slice('--postbacks='.length) ?? '5000');
  const ph = await startHarness();
  try {
    const r = await benchPostbacks(ph, total, 8, log);
    log(
      `postbacks: ${r.postbacks} posted (${r.repeats} repeats) at concurrency ${r.concurrency} in ${r.seconds.toFixed(1)} s: ${r.perSecond.toFixed(0)} postbacks/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms; answers ${JSON.stringify(r.statuses)}; ${r.payoutRows} payout rows, ${r.attributed} attributed to their own visit; realized in rollups ${r.realizedCents} cents of ${r.expectedCents} posted`,
    );
    const once = r.payoutRows === total && r.attributed === total && r.realizedCents === r.expectedCents;
    if (!once) console.error('[bench] FAILED: postbacks were not recorded and attributed exactly once');
    process.exit(once ? 0 : 1);
  } finally {
    await ph.close();
  }
}

// `npm run bench -- --only=peer`: the same page against the Nuxt peer by kind of visitor; fails if the pages differ; writes its section.
if (ONLY === 'peer') {
  buildAll();
  const { peer, floor } = await preparePeer(log);
  const ph = await startHarness({ deployed: true, constantPages: [floor], peer });
  try {
    const c = await comparePeer(
      ph,
      Number(process.env.BENCH_PEER_SECONDS ?? '5'),
      Number(process.env.BENCH_PEER_ROUNDS ?? '3'),
    );
    const doc = readFileSync('docs/performance.md', 'utf8');
    const section = renderPeerSection(c, new Date().toISOString(), loadavg(), keptExplanation(doc));
    writeFileSync('docs/performance.md', splicePeerSection(doc, section));
    console.log(section);
    const failures = peerFailures(c);
    if (failures.length) console.error(`[bench] FAILED: ${failures.join('; ')}`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await ph.close();
  }
  process.exit();
}

// `npm run bench -- --only=experiments`: a page with an optimise experiment beside a fixed one and none (its section of docs/performance.md).
if (ONLY === 'experiments') {
  buildAll();
  const xh = await startHarness();
  try {
    const rows = await benchExperiments(xh, PAGE_SECONDS, ROUNDS, log);
    for (const r of rows)
      log(
        `${r.path} (${r.label}), ${r.kind}: ${r.rps.toFixed(0)} req/s, workerd CPU ${r.cpuMs.toFixed(3)} ms a request (${r.cpuVsNone.toFixed(2)} of no experiment's; rounds ${r.cpuVsNoneRounds.map((x) => x.toFixed(2)).join(', ')})${r.non200 ? `, ${r.non200} not 200` : ''}`,
      );
    const failed = rows.some((r) => r.non200 > 0);
    if (failed) console.error('[bench] FAILED: a page answered other than 200');
    else
      writeFileSync(
        'docs/performance.md',
        spliceExperimentsSection(
          readFileSync('docs/performance.md', 'utf8'),
          renderExperimentsSection(rows, new Date().toISOString(), loadavg()),
        ),
      );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await xh.close();
  }
  process.exit();
}

// `npm run bench -- --only=peer-profile`: where the Nuxt peer's CPU goes, by built module (printed).
if (ONLY === 'peer-profile') {
  buildAll();
  for (const line of await profilePeer(Number(process.env.PROFILE_SECONDS ?? '4'), log)) console.log(line);
  process.exit(0);
}

// `npm run bench -- --only=outside`: the page figures with wrk and /proc, commands printed (bench/outside.ts).
if (ONLY === 'outside') {
  await import('./outside');
  process.exit(process.exitCode ?? 0);
}

// `npm run bench -- --only=latency`: the binding calls each kind of page awaits before its first byte (bench/latency.ts).
if (ONLY === 'latency') {
  await import('./latency');
  process.exit(process.exitCode ?? 0);
}

// `npm run bench -- --only=evidence [--leads=N]`: what consent evidence costs a lead in D1, R2, the log and CPU (its section).
if (ONLY === 'evidence') {
  buildAll();
  const { benchEvidence } = await import('./evidence');
  const { projectEvidence, renderEvidenceSection, spliceEvidenceSection } = await import('./evidence-section');
  const leads = Number(process.argv.find((a) => a.startsWith('--leads='))?.slice('--leads='.length) ?? '200');
  const m = await benchEvidence(leads, log);
  const section = renderEvidenceSection(m, projectEvidence(m, 100_000), new Date().toISOString());
  console.log(section);
  // A run whose leads were not signed as sent measures something else: its figures are not written.
  const failures: string[] = [];
  if ((m.pageStatus.served ?? 0) !== m.withEvidence || m.withEvidence === 0)
    failures.push(`page evidence signed as ${JSON.stringify(m.pageStatus)}`);
  if ((m.visibilityStatus.measured ?? 0) !== m.withEvidence)
    failures.push(`visibility signed as ${JSON.stringify(m.visibilityStatus)}`);
  if (m.withEvidence + m.without !== leads)
    failures.push(`${m.withEvidence + m.without} certificates for ${leads} leads`);
  if (m.log.leaves !== leads) failures.push(`${m.log.leaves} log leaves for ${leads} leads`);
  if (failures.length) console.error(`[bench] FAILED: ${failures.join('; ')}`);
  else
    writeFileSync('docs/performance.md', spliceEvidenceSection(readFileSync('docs/performance.md', 'utf8'), section));
  process.exit(failures.length ? 1 : 0);
}

if (ONLY === 'events') {
  buildAll();
  const failures = await eventsSection();
  if (failures.length) console.error(`[bench] FAILED: ${failures.join('; ')}`);
  process.exit(failures.length ? 1 : 0);
}

log('building client and Worker bundles');
buildAll();
// The peer's page is made from the product's (bench/peer-snapshot.ts), so it is built after a capture.
const { peer } = await preparePeer(log);

log('start-up');
const startup = await measureStartup();

// First instance: capture the pages the constant Worker will replay, and measure sizes.
// As deployed (bench/deployed-config.ts): wrangler.toml's production environment.
let h = await startHarness({ deployed: true });
const captured = await capturePages(h.port);
const meta = readClientMetafile();
const sizes = await measureSizes(h.port);
await h.close();

// Second instance: the product Worker and the constant Worker side by side.
h = await startHarness({ deployed: true, constantPages: captured, peer });
try {
  // The peer must serve the product's page (each kind of visitor) before it is measured beside it.
  await checkSamePeerPage(h.port);
  log(`server rendering against constant bytes: ${ROUNDS} interleaved rounds of ${PAGE_SECONDS} s runs`);
  const pages = await comparePages(h.port, captured, PAGE_SECONDS, ROUNDS);
  for (const { page, kinds: k } of pages) {
    log(
      `${page.brand}${page.path}: first visit ${k.firstVisit.rps.toFixed(0)} req/s (${k.firstVisit.ratio.toFixed(2)}), returning ${k.returning.rps.toFixed(0)} req/s (${k.returning.ratio.toFixed(2)}), with answers ${k.withAnswers.rps.toFixed(0)} req/s (${k.withAnswers.ratio.toFixed(2)}), with lease ${k.withLease.rps.toFixed(0)} req/s (${k.withLease.ratio.toFixed(2)}), floor ${k.constant.rps.toFixed(0)}${page.peer ? `, Nuxt peer ${k.peer.rps.toFixed(0)} req/s (first visit ${pages.find((p) => p.page === page)?.vsPeer.firstVisit.toFixed(2)}x)` : ''}; CPU ms a request: floor ${k.constant.cpuMs.toFixed(3)}, first visit ${k.firstVisit.cpuMs.toFixed(3)} (${k.firstVisit.cpuRatio.toFixed(2)}), returning ${k.returning.cpuMs.toFixed(3)} (${k.returning.cpuRatio.toFixed(2)}), with answers ${k.withAnswers.cpuMs.toFixed(3)} (${k.withAnswers.cpuRatio.toFixed(2)})${page.peer ? `, Nuxt peer ${k.peer.cpuMs.toFixed(3)} (first visit ${pages.find((p) => p.page === page)?.vsPeerCpu.firstVisit.toFixed(2)}x)` : ''}`,
    );
  }
  // `npm run bench -- --only=pages`: the page comparison alone, printed, docs/performance.md untouched (for quick iterations).
  if (ONLY === 'pages') {
    await h.close();
    process.exit(0);
  }
  const healthz = {
    constant: await runLoad({ port: h.port, host: CONSTANT_HOST, path: '/bh/privacy', seconds: SECONDS }),
    rendered: await runLoad({ port: h.port, host: 'bh.localhost', path: '/healthz', seconds: SECONDS }),
  };
  log('API');
  const api = await benchApi(h, SECONDS);
  for (const a of api) log(`${a.name}: ${a.result.rps.toFixed(0)} req/s, p99 ${a.result.p99} ms`);
  log(`event burst of ${BURST}`);
  const pipeline = await eventBurst(h, BURST);
  log(`accepted ${pipeline.accepted}, in D1 ${pipeline.stored} after ${pipeline.drainSeconds.toFixed(1)} s`);
  log('get-phone flood from one ip');
  const flood = await phoneFlood(h);
  log(
    `statuses ${JSON.stringify(flood.statuses)}, sources ${JSON.stringify(flood.sources)}, partner calls ${JSON.stringify(flood.partnerCalls)}`,
  );

  const report = renderReport(
    {
      date: new Date().toISOString(),
      pages,
      healthz,
      api,
      pipeline,
      flood,
      rounds: ROUNDS,
      sizes,
      worker: workerBundleSize(),
      mainLater: lazyMainJs(meta),
      startup,
      seconds: (performance.now() - began) / 1000,
      peerHtmlBytes: Buffer.byteLength((await send(h.port, 'GET', PEER_HOST, PEER_PATH)).body),
      profiles: profileBlock(keptProfiles(readFileSync('docs/performance.md', 'utf8'))),
    },
    machineLines,
  );
  // The events section stays as last measured until the events run below replaces it (a run
  // stopped before then, or one with fewer events, must not drop the million-event figures).
  const keptEvents = keptEventsSection(readFileSync('docs/performance.md', 'utf8'));
  const keptReal = keptRealPath(readFileSync('docs/performance.md', 'utf8'));
  const keptPeer = keptPeerSection(readFileSync('docs/performance.md', 'utf8'));
  const keptExperiments = keptExperimentsSection(readFileSync('docs/performance.md', 'utf8'));
  const withEvents = keptEvents ? spliceEventsSection(report, keptEvents) : report;
  const withReal = keptReal ? spliceRealPath(withEvents, keptReal) : withEvents;
  // Sections other commands write after the real path (`npm run cost`, the closing figures of
  // each change, the peer and experiments modes) stay as they are: this run does not measure them.
  const previous = readFileSync('docs/performance.md', 'utf8');
  const laterSections = previous.indexOf(LATER_SECTIONS_FROM);
  const withLater =
    laterSections < 0 ? withReal : `${withReal.trimEnd()}\n\n${previous.slice(laterSections).trimEnd()}\n`;
  const withPeer = keptPeer ? splicePeerSection(withLater, keptPeer) : withLater;
  writeFileSync(
    'docs/performance.md',
    keptExperiments ? spliceExperimentsSection(withPeer, keptExperiments) : withPeer,
  );
  console.log(`\n${report}`);

  const failures: string[] = [];
  if (pipeline.stored !== pipeline.accepted)
    failures.push(`D1 has ${pipeline.stored} events, ${pipeline.accepted} were accepted`);
  if (pipeline.load.errors > 0 || pipeline.load.non2xx > 0) failures.push('the event burst had errors');
  // A throughput figure counts every answer; one that is not 200 (a 4xx, a 5xx) makes it meaningless.
  for (const p of pages) {
    for (const kind of VISITOR_KINDS) {
      for (const run of p.kinds[kind].runs) {
        if (non200(run) > 0 || run.errors > 0)
          failures.push(
            `${p.page.brand}${p.page.path} ${kind}: ${non200(run)} answers other than 200 (${JSON.stringify(run.statuses)}), ${run.errors} errors`,
          );
      }
    }
  }
  for (const a of api) {
    if (a.result.errors > 0 || a.result.ok !== a.result.total)
      failures.push(
        `${a.name}: ${a.result.total - a.result.ok} answers other than 2xx (${JSON.stringify(a.result.statuses)}), ${a.result.errors} errors`,
      );
  }
  // The flood is a new visitor per request: every one must still see a number (200), and the per-ip limit must hold the partner calls down.
  const floodCalls = flood.partnerCalls['mediaalpha /get-phone'] ?? 0;
  if ((flood.statuses['200'] ?? 0) !== flood.requests)
    failures.push(`get-phone flood: answers ${JSON.stringify(flood.statuses)}`);
  if (floodCalls === 0 || floodCalls > 24)
    failures.push(`get-phone flood: ${floodCalls} partner calls from one ip (the phone limit allows 12 a minute)`);
  const below = pages.filter((p) => p.kinds.firstVisit.ratio < ratioTarget);
  // The ratio is a target to report, not a pass/fail of the run (it moves with machine load).
  if (below.length)
    log(
      `first-visit ratio below the ${ratioTarget} target: ${below.map((p) => `${p.page.brand}${p.page.path} ${p.kinds.firstVisit.ratio.toFixed(2)}`).join(', ')}`,
    );
  if (failures.length) {
    console.error(`[bench] FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  await h.close();
}

// Its own Miniflare: the burst above left events of today in this one.
const eventFailures = await eventsSection();
if (eventFailures.length) {
  console.error(`[bench] FAILED: ${eventFailures.join('; ')}`);
  process.exitCode = 1;
}
