/**
 * Events at a million a day: N synthetic events (generated here, not posted over
 * HTTP) are delivered to the Worker's own queue consumer in batches of wrangler.toml's
 * max_batch_size, several at once (consumerShape), into R2 and D1; the daily cron (the Worker's scheduled handler) then rolls up and prunes every day
 * older than the hot window. Reports rows in D1 before and after pruning, R2 objects and bytes,
 * rollup rows, the 90-day report's latency before and after (its CSV must not change), the D1
 * size, and the projection to a million events a day.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { WORKER_NAME, send, type Harness } from './harness';

export interface EventsBenchResult {
  events: number;
  /** Consumer invocations the bench ran at once. */
  concurrency: number;
  /** os.loadavg() when the ingest ended (2 cores shared with other work). */
  ingestLoad: number[];
  days: number;
  hotDays: number;
  ingestSeconds: number;
  cronSeconds: number;
  cronRuns: number;
  /** Each cron run's wall time, and what its events-hot-window task recorded in cron_runs. */
  cronRunSeconds: number[];
  cronDetails: string[];
  rowsBeforePrune: number;
  rowsAfterPrune: number;
  rollupRows: number;
  r2Objects: number;
  r2Bytes: number;
  d1BytesEmpty: number;
  d1BytesBeforePrune: number;
  d1BytesAfterPrune: number;
  reportMsBeforePrune: number[];
  reportMsAfterPrune: number[];
  reportIdentical: boolean;
  /** Average stored size of one raw row (table, indexes, incremental rollups) while hot. */
  rawBytesPerEvent: number;
  /** Average size of one rollup row (its columns plus SQLite's per-row overhead, estimated). */
  rollupBytesPerRow: number;
}

const DAY_MS = 86_400_000;
const BRANDS = ['bh', 'wc', 'mt'];
const PAGES = ['get-yours-otc', 'find-benefits', 'medicare-plans'];
const SOURCES = ['google', 'facebook', 'bing', 'newsletter', ''];
const STEPS = ['zip', 'age', 'contact', 'confirm'];

/** A small deterministic generator (mulberry32): the same run writes the same events. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BenchEvent {
  id: string;
  type: 'track';
  event: string;
  timestamp: string;
  receivedAt: string;
  sessionId: string;
  anonymousId: string;
  brand: string;
  page: string | null;
  stepName: string | null;
  stepNumber: number | null;
  paid: boolean;
  properties: Record<string, unknown>;
}

/** One visit of about ten events: page views and submits through the steps, sometimes a call click, a lead. */
function visit(rnd: () => number, day: number, at: number): BenchEvent[] {
  const brand = BRANDS[Math.floor(rnd() * BRANDS.length)] ?? 'bh';
  const page = PAGES[Math.floor(rnd() * PAGES.length)] ?? 'get-yours-otc';
  const source = SOURCES[Math.floor(rnd() * SOURCES.length)] ?? '';
  const paid = rnd() < 0.4;
  const sessionId = crypto.randomUUID();
  const anonymousId = crypto.randomUUID();
  const variant = rnd() < 0.5 ? 'a' : 'b';
  const urlParams = source
    ? { utm_source: source, utm_campaign: 'spring-otc', ...(paid ? { gclid: 'x'.repeat(40) } : {}) }
    : {};
  const events: BenchEvent[] = [];
  let t = day + at;
  const push = (event: string, step: number | null, extra: Record<string, unknown> = {}) => {
    t += 5_000 + Math.floor(rnd() * 40_000);
    const id = crypto.randomUUID();
    const time = new Date(t).toISOString();
    events.push({
      id,
      type: 'track',
      event,
      timestamp: time,
      receivedAt: time,
      sessionId,
      anonymousId,
      brand,
      page,
      stepName: step === null ? null : (STEPS[step - 1] ?? null),
      stepNumber: step,
      paid,
      // The context an event carries (spec section 3), personal fields already stripped.
      properties: {
        id,
        time,
        brand: { id: brand, name: 'Benefit Helpers' },
        userId: anonymousId,
        session: { id: sessionId, paid, urlParams },
        page: { name: page, step: step === null ? null : { name: STEPS[step - 1], number: step, fallback: false } },
        url: {
          href: `https://www.example.com/${page}?utm_source=${source}`,
          search: `?utm_source=${source}`,
          pathname: `/${page}`,
        },
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
        ipLookup: { value: '203.0.113.7', city: 'Tampa', region: 'FL', country: 'US', postalCode: '33601' },
        ...extra,
      },
    });
  };
  push('enteredExperiment', 1, { experimentId: 'hero-copy', variantId: variant });
  const steps = 1 + Math.floor(rnd() * STEPS.length);
  for (let s = 1; s <= steps; s += 1) {
    push('pageView', s);
    if (s < steps || rnd() < 0.5) push('formStepSubmitted', s);
  }
  if (rnd() < 0.15) push('ctcClicked', null);
  if (rnd() < 0.1) push('lowBidResult', 1);
  if (steps === STEPS.length && rnd() < 0.6) {
    const r = rnd();
    push('leadCreated', null, { verdict: r < 0.85 ? 'clean' : r < 0.95 ? 'suspect' : 'bot', form: 'medicare' });
  }
  return events;
}

/** `total` events over `days` days ending `endDaysAgo` days before today, each day's in the order they were received. */
function* eventDays(total: number, days: number, endDaysAgo = 0): Generator<BenchEvent[]> {
  const rnd = random(17);
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const perDay = Math.ceil(total / days);
  let made = 0;
  for (let d = days - 1 + endDaysAgo; d >= endDaysAgo && made < total; d -= 1) {
    const day: BenchEvent[] = [];
    while (day.length < perDay && made + day.length < total) {
      // Visits are spread over the day, more in the afternoon (US time).
      const at = Math.floor(Math.min(0.999, Math.max(0, 0.55 + (rnd() - 0.5) * 0.9)) * (DAY_MS - 3_600_000));
      day.push(
        ...visit(rnd, today - d * DAY_MS, at).slice(0, Math.min(perDay - day.length, total - made - day.length)),
      );
    }
    day.sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : 1));
    made += day.length;
    yield day;
  }
}

/**
 * The EVENTS consumer's batch size (wrangler.toml max_batch_size) and how many batches the bench
 * delivers at once: Cloudflare runs several consumer invocations of a queue in parallel (it
 * scales them with the backlog), Miniflare's local queue only one, so the bench calls the
 * Worker's queue handler itself. BENCH_EVENTS_CONCURRENCY overrides the default of 4.
 */
function consumerShape(): { batchSize: number; concurrency: number } {
  const toml = readFileSync('wrangler.toml', 'utf8');
  const consumer = /\[\[queues\.consumers\]\]\s*queue = "quote-funnel-events"\s*max_batch_size = (\d+)/.exec(toml);
  if (!consumer?.[1]) throw new Error('wrangler.toml: no max_batch_size on the quote-funnel-events consumer');
  return { batchSize: Number(consumer[1]), concurrency: Number(process.env.BENCH_EVENTS_CONCURRENCY ?? 4) };
}

/** One delivery of a batch to the Worker's queue handler; every message must be acknowledged. */
async function deliver(worker: Awaited<ReturnType<Harness['mf']['getWorker']>>, batch: BenchEvent[]): Promise<void> {
  const queueHandler = (worker as unknown as { queue: QueueHandlerCall }).queue.bind(worker);
  const result = await queueHandler(
    'quote-funnel-events',
    batch.map((body) => ({ id: body.id, timestamp: new Date(body.receivedAt), attempts: 1, body })),
  );
  if (result.outcome !== 'ok' || result.retryBatch.retry || result.retryMessages.length > 0)
    throw new Error(`consumer did not take a batch: ${JSON.stringify(result).slice(0, 300)}`);
}

/** Miniflare's Fetcher#queue (the Worker's queue handler), absent from the stable workers types. */
type QueueHandlerCall = (
  queue: string,
  messages: { id: string; timestamp: Date; attempts: number; body: unknown }[],
) => Promise<{ outcome: string; retryBatch: { retry: boolean }; retryMessages: unknown[] }>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function benchEvents(
  h: Harness,
  total: number,
  log: (text: string) => void,
  /** hotDays must be the Worker's EVENTS_HOT_DAYS (startHarness vars). */
  options: { days?: number; hotDays?: number; endDaysAgo?: number } = {},
): Promise<EventsBenchResult> {
  const days = options.days ?? 120;
  const hotDays = options.hotDays ?? 30;
  const endDaysAgo = options.endDaysAgo ?? 0;
  const db = await h.mf.getD1Database('DB', WORKER_NAME);
  const bucket = await h.mf.getR2Bucket('ARCHIVE', WORKER_NAME);
  const worker = await h.mf.getWorker(WORKER_NAME);
  const sizeOf = async () => (await db.prepare('SELECT 1').run()).meta.size_after ?? 0;
  const number = async (sql: string, ...binds: unknown[]) =>
    Number(
      (
        await db
          .prepare(sql)
          .bind(...binds)
          .first<{ n: number | null }>()
      )?.n ?? 0,
    );
  const stored = () => number('SELECT MAX(rowid) AS n FROM events');

  const d1BytesEmpty = await sizeOf();
  const { batchSize, concurrency } = consumerShape();
  const started = performance.now();
  let sent = 0;
  let lastLog = 0;
  const inFlight = new Set<Promise<void>>();
  for (const day of eventDays(total, days, endDaysAgo)) {
    for (let i = 0; i < day.length; i += batchSize) {
      const batch = day.slice(i, i + batchSize);
      // The platform hands the Worker batches of max_batch_size, several consumers at once.
      const delivery = deliver(worker, batch).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
      sent += batch.length;
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
    if (sent - lastLog >= 100_000) {
      lastLog = sent;
      log(`${sent} events sent, ${await stored()} in D1 after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  await Promise.all(inFlight);
  const ingestSeconds = (performance.now() - started) / 1000;
  const ingestLoad = loadavg();
  log(`ingest: batches of ${batchSize}, ${concurrency} consumer invocations at a time`);
  const rowsBeforePrune = await number('SELECT COUNT(*) AS n FROM events');
  if (rowsBeforePrune !== sent) throw new Error(`D1 has ${rowsBeforePrune} events, ${sent} were sent`);
  const d1BytesBeforePrune = await sizeOf();
  log(`${sent} events in D1 after ${ingestSeconds.toFixed(0)} s; D1 ${(d1BytesBeforePrune / 1e6).toFixed(1)} MB`);

  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - 89 * DAY_MS).toISOString().slice(0, 10);
  let ip = 0;
  const report = async () => {
    ip += 1;
    const t0 = performance.now();
    const r = await send(h.port, 'GET', 'bh.localhost', `/ops/report?from=${from}&to=${to}&format=csv`, {
      authorization: 'Bearer bench-report-token',
      'cf-connecting-ip': `198.51.100.${ip % 250}`,
    });
    const ms = performance.now() - t0;
    if (r.status !== 200) throw new Error(`report: HTTP ${r.status} ${r.body.slice(0, 200)}`);
    return { ms, body: r.body };
  };
  const before: { ms: number; body: string }[] = [];
  for (let i = 0; i < 3; i += 1) {
    before.push(await report());
    log(`report before pruning: ${before[i]?.ms.toFixed(0)} ms`);
  }

  const cronStarted = performance.now();
  const cutoff = new Date(Date.parse(to) - (hotDays - 1) * DAY_MS).toISOString();
  let cronRuns = 0;
  const cronRunSeconds: number[] = [];
  const cronDetails: string[] = [];
  // Each run prunes up to 500,000 rows (14 days at most): a million-row day takes two nights.
  while ((await number('SELECT COUNT(*) AS n FROM events WHERE received_at < ?', cutoff)) > 0 && cronRuns < 20) {
    const runStarted = performance.now();
    // Over plain HTTP (startHarness triggerHandlers): a run of a million-row day lasts minutes.
    const run = await send(
      h.port,
      'GET',
      // Miniflare answers /cdn-cgi/ only on a local host name.
      `127.0.0.1:${h.port}`,
      `/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 3 * * *')}&format=json`,
    );
    if (run.status !== 200) throw new Error(`cron run ${cronRuns + 1}: HTTP ${run.status} ${run.body.slice(0, 300)}`);
    cronRuns += 1;
    const runSeconds = (performance.now() - runStarted) / 1000;
    cronRunSeconds.push(runSeconds);
    const detail = await db
      .prepare(`SELECT detail FROM cron_runs WHERE task = 'events-hot-window' ORDER BY id DESC LIMIT 1`)
      .first<{ detail: string }>();
    cronDetails.push(detail?.detail ?? '');
    log(`cron run ${cronRuns}: ${runSeconds.toFixed(1)} s; events-hot-window: ${detail?.detail ?? 'no row'}`);
  }
  const cronSeconds = (performance.now() - cronStarted) / 1000;
  const rowsAfterPrune = await number('SELECT COUNT(*) AS n FROM events');
  const rollupRows = await number('SELECT COUNT(*) AS n FROM event_rollups');
  const d1BytesAfterPrune = await sizeOf();
  log(
    `cron: ${cronRuns} runs in ${cronSeconds.toFixed(0)} s; ${rowsAfterPrune} raw rows left, ${rollupRows} rollup rows`,
  );

  const after: { ms: number; body: string }[] = [];
  for (let i = 0; i < 5; i += 1) after.push(await report());

  let r2Objects = 0;
  let r2Bytes = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: 'events/', limit: 1000, ...(cursor ? { cursor } : {}) });
    r2Objects += page.objects.length;
    r2Bytes += page.objects.reduce((s, o) => s + o.size, 0);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);

  const rollupBytesPerRow =
    (await number(
      `SELECT AVG(length(day) + length(brand) + length(page) + length(step_name) + length(traffic_source) + length(variant)) AS n FROM event_rollups`,
    )) +
    13 * 3 +
    // SQLite's record header and b-tree cell overhead, about a dozen bytes a row.
    12;
  return {
    events: sent,
    concurrency,
    ingestLoad,
    days,
    hotDays,
    ingestSeconds,
    cronSeconds,
    cronRuns,
    cronRunSeconds,
    cronDetails,
    rowsBeforePrune,
    rowsAfterPrune,
    rollupRows,
    r2Objects,
    r2Bytes,
    d1BytesEmpty,
    d1BytesBeforePrune,
    d1BytesAfterPrune,
    reportMsBeforePrune: before.map((r) => r.ms),
    reportMsAfterPrune: after.map((r) => r.ms),
    reportIdentical: after.every((r) => r.body === before[0]?.body),
    rawBytesPerEvent: (d1BytesBeforePrune - d1BytesEmpty) / sent,
    rollupBytesPerRow,
  };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;

/** The "Events at a million a day" section of docs/performance.md. */
export function renderEventsSection(r: EventsBenchResult, date: string): string {
  const perDay = 1_000_000;
  const rollupRowsPerDay = r.rollupRows / Math.max(1, r.days);
  const hotBytes = perDay * r.hotDays * r.rawBytesPerEvent;
  const rollupBytesPerYear = 365 * rollupRowsPerDay * r.rollupBytesPerRow;
  const r2PerEvent = r.r2Bytes / r.events;
  return `${EVENTS_BEGIN}
## Events at a million a day

\`npm run bench -- --only=events --events=${r.events}\` (${date}): ${r.events.toLocaleString('en-US')} synthetic events
(about ten per visit, three brands, three pages, four steps, five traffic sources, two variants, a
realistic event context: session, page, address, user agent, ip lookup) ${r.days === 1 ? 'all on yesterday (one million-row day)' : `over ${r.days} days ending today`}, delivered to the
Worker's own queue consumer in batches of wrangler.toml's max_batch_size, ${r.concurrency} at a time as Cloudflare runs
consumers in parallel (R2 archive, then one D1 batch a delivery: rows and rollup deltas);
then the Worker's daily cron until every day older than the ${r.hotDays}-day hot window was rolled up,
confirmed and pruned. Same Miniflare (workerd, local SQLite and R2) as the other sections.

| figure | value |
| --- | --- |
| ingest through the consumer | ${r.ingestSeconds.toFixed(0)} s (${(r.events / r.ingestSeconds).toFixed(0)} events/s; load average ${r.ingestLoad.map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores) |
| raw rows in D1 before / after pruning | ${r.rowsBeforePrune.toLocaleString('en-US')} / ${r.rowsAfterPrune.toLocaleString('en-US')} |
| rollup rows (${r.days} days) | ${r.rollupRows.toLocaleString('en-US')} (${rollupRowsPerDay.toFixed(0)} a day) |
| cron | ${r.cronRuns} runs (500,000 rows a run at most, in chunks of 25,000), ${r.cronSeconds.toFixed(0)} s: ${r.cronRunSeconds.map((s) => `${s.toFixed(0)} s`).join(', ')} |
${r.cronDetails.map((d, i) => `| cron run ${i + 1}, events-hot-window in cron_runs | ${d.replace(/\|/g, '/')} |`).join('\n')}
| R2 archive | ${r.r2Objects.toLocaleString('en-US')} objects, ${mb(r.r2Bytes)} (${r2PerEvent.toFixed(0)} bytes an event, gzip) |
| D1 size: empty / all raw / after pruning | ${mb(r.d1BytesEmpty)} / ${mb(r.d1BytesBeforePrune)} / ${mb(r.d1BytesAfterPrune)} (SQLite keeps freed pages for reuse) |
| raw row in D1, with indexes and rollups | ${r.rawBytesPerEvent.toFixed(0)} bytes an event |
| report, 90 days, before pruning: rollups the consumer added batch by batch (median of 3) | ${median(r.reportMsBeforePrune).toFixed(0)} ms |
| report, 90 days, after pruning: ${90 - r.hotDays} days recomputed by the cron + ${r.hotDays} hot days (median of 5) | ${median(r.reportMsAfterPrune).toFixed(0)} ms (target under 200 ms) |
| report CSV identical before and after pruning (incremental rollups = rollups recomputed from the raw rows) | ${r.reportIdentical ? 'yes' : '**no**'} |

Projection at ${perDay.toLocaleString('en-US')} events a day (from the measured sizes): the hot window holds
${(perDay * r.hotDays).toLocaleString('en-US')} raw rows, about ${gb(hotBytes)} of D1; rollups add about
${mb(rollupBytesPerYear)} a year at this run's ${rollupRowsPerDay.toFixed(0)} rows a day (more brands,
pages and sources multiply the rows, not the events); R2 grows by about ${gb(perDay * 30 * r2PerEvent)} a
month. The capacity plan is in docs/decisions/0042-events-at-a-million-a-day.md.

${INGEST_HISTORY}
${EVENTS_END}`;
}

/**
 * Ingest measured with \`--events=40000\` when the consumer moved from a per-row trigger to one D1
 * batch a delivery (the per-batch ingest): kept figures, not this run's.
 */
const INGEST_HISTORY = `Ingest before and after the batch consumer (2026-11-23, \`--only=events --events=40000\`, 2 cores
shared with other work, so the load average is given):

| consumer | delivery | ingest | load average |
| --- | --- | --- | --- |
| per-row statements and rollup trigger (migration 0009) | Miniflare's queue, one batch at a time | 141 events/s | about 20 |
| per-row statements and rollup trigger (migration 0009) | Miniflare's queue, one batch at a time | 727 events/s (55 s) | 3.4 to 6 |
| one D1 batch a delivery, rollup deltas per batch (0010) | Miniflare's queue, one batch at a time | 580 events/s (69 s) | 5.6 |
| one D1 batch a delivery, rollup deltas per batch (0010) | 4 batches of 100 at a time | 1,429 events/s (28 s) | 2.7 |
| one D1 batch a delivery, rollup deltas per batch (0010) | 8 batches of 100 at a time | 625 events/s (64 s) | 6 to 7.5 |

The batch consumer writes one D1 row an event plus one a rollup row touched (the trigger wrote two
an event), which is what D1 bills and what bounds its write rate. Locally one batch at a time did
not get faster with it, so the time per batch is outside D1's statements (the Worker's parsing,
JSON and gzip of each batch, local R2; not profiled further); it shows when batches run in
parallel as on Cloudflare. At 1,429 events/s a million events take about 12 minutes here.`;

export const EVENTS_BEGIN = '<!-- events-bench:begin -->';
export const EVENTS_END = '<!-- events-bench:end -->';

/** docs/performance.md with its events section replaced (or appended). */
export function spliceEventsSection(doc: string, section: string): string {
  const start = doc.indexOf(EVENTS_BEGIN);
  const end = doc.indexOf(EVENTS_END);
  if (start >= 0 && end > start) return doc.slice(0, start) + section + doc.slice(end + EVENTS_END.length);
  return `${doc.trimEnd()}\n\n${section}\n`;
}

/** The events section of an existing docs/performance.md, kept by a run that did not measure it. */
export function keptEventsSection(doc: string): string {
  const start = doc.indexOf(EVENTS_BEGIN);
  const end = doc.indexOf(EVENTS_END);
  return start >= 0 && end > start ? doc.slice(start, end + EVENTS_END.length) : '';
}
