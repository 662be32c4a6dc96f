/**
 * The real event path, measured (`npm run bench -- --only=real-path [--real-events=N]`): events
 * go over HTTP from many browser-like sessions (each a visitor the Worker minted, with its cookies,
 * its own ip and its own session) to POST /api/event/create, through the local queue and its
 * consumer into D1 and the R2 archive; a share of them is sent twice, as a browser's retry after a
 * lost answer would. Reports accepted events per second, end-to-end latency (the POST's start to
 * the row being readable in D1) at p50 and p99, and the exactly-once counts: distinct events sent,
 * duplicates sent, rows in D1 and lines in the archive for the run (each must equal the distinct
 * accepted events).
 */
import { gunzipSync } from 'node:zlib';
import { eventBody } from './event-body';
import { send, WORKER_NAME, type Harness } from './harness';
import { visitorPool, type PooledVisitor } from './visitors';

export interface RealPathResult {
  sessions: number;
  concurrency: number;
  distinctSent: number;
  duplicatesSent: number;
  accepted: number;
  /** Distinct event ids among the accepted posts: what D1 and the archive must each hold once. */
  distinctAccepted: number;
  refused: Record<string, number>;
  sendSeconds: number;
  acceptedPerSecond: number;
  drainSeconds: number;
  latencyMs: { p50: number; p99: number; max: number };
  rowsInD1: number;
  linesInArchive: number;
  distinctInArchive: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchRealPath(
  h: Harness,
  total: number,
  options: { sessions?: number; concurrency?: number; duplicateShare?: number } = {},
): Promise<RealPathResult> {
  const sessions = options.sessions ?? 400;
  const concurrency = options.concurrency ?? 32;
  const duplicateShare = options.duplicateShare ?? 0.05;
  const pool: PooledVisitor[] = await visitorPool(h.port, sessions);
  const db = await h.mf.getD1Database('DB', WORKER_NAME);
  const bucket = await h.mf.getR2Bucket('ARCHIVE', WORKER_NAME);
  const startRowid =
    (await db.prepare(`SELECT COALESCE(MAX(rowid), 0) AS r FROM events`).first<{ r: number }>())?.r ?? 0;

  // The work: `total` distinct events, each from the next session; some sent a second time.
  const jobs: { body: string; id: string; visitor: PooledVisitor; duplicate: boolean }[] = [];
  for (let i = 0; i < total; i++) {
    const visitor = pool[i % pool.length] as PooledVisitor;
    const body = eventBody(visitor.sessionId, i % 3 === 0 ? 'elementClicked' : 'pageView');
    const id = (JSON.parse(body) as { properties: { id: string } }).properties.id;
    jobs.push({ body, id, visitor, duplicate: false });
    if (Math.random() < duplicateShare) jobs.push({ body, id, visitor, duplicate: true });
  }
  const sentAt = new Map<string, number>();
  const acceptedIds = new Set<string>();
  const refused: Record<string, number> = {};
  let accepted = 0;
  let next = 0;
  const began = performance.now();
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      if (!sentAt.has(job.id)) sentAt.set(job.id, performance.now());
      const res = await send(
        h.port,
        'POST',
        'bh.localhost',
        '/api/event/create',
        { ...job.visitor.headers, 'content-type': 'application/json' },
        job.body,
      );
      if (res.status === 202) {
        accepted += 1;
        acceptedIds.add(job.id);
      } else refused[res.status] = (refused[res.status] ?? 0) + 1;
    }
  };
  // Rows become readable while the load runs: poll D1 for the run's new rows, first-seen time per id.
  const seenAt = new Map<string, number>();
  let lastRowid = startRowid;
  let polling = true;
  const poll = async () => {
    while (polling || seenAt.size < acceptedIds.size) {
      const { results } = await db
        .prepare(`SELECT rowid AS r, id FROM events WHERE rowid > ? ORDER BY rowid LIMIT 5000`)
        .bind(lastRowid)
        .all<{ r: number; id: string }>();
      const now = performance.now();
      for (const row of results) {
        if (!seenAt.has(row.id)) seenAt.set(row.id, now);
        lastRowid = Math.max(lastRowid, row.r);
      }
      if (!polling && performance.now() - drainStart > 180_000) break;
      if (results.length < 5000) await new Promise((r) => setTimeout(r, 50));
    }
  };
  let drainStart = Number.POSITIVE_INFINITY;
  const poller = poll();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const sendSeconds = (performance.now() - began) / 1000;
  drainStart = performance.now();
  polling = false;
  await poller;
  const drainSeconds = (performance.now() - drainStart) / 1000;

  const latencies = [...acceptedIds]
    .map((id) => (seenAt.get(id) ?? Number.NaN) - (sentAt.get(id) ?? 0))
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b);
  const ids = [...acceptedIds];
  let rowsInD1 = 0;
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    rowsInD1 +=
      (
        await db
          .prepare(`SELECT COUNT(*) AS n FROM events WHERE id IN (${chunk.map(() => '?').join(', ')})`)
          .bind(...chunk)
          .first<{ n: number }>()
      )?.n ?? 0;
  }
  // Every archive line of the run's events (today's objects; the run's ids are fresh uuids).
  const day = new Date().toISOString().slice(0, 10);
  let linesInArchive = 0;
  const distinct = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `events/dt=${day}/`, limit: 1000, ...(cursor ? { cursor } : {}) });
    for (const object of page.objects) {
      const body = await bucket.get(object.key);
      if (!body) continue;
      const text = gunzipSync(Buffer.from(await body.arrayBuffer())).toString('utf8');
      for (const line of text.split('\n')) {
        if (!line) continue;
        const id = (JSON.parse(line) as { id: string }).id;
        if (!acceptedIds.has(id)) continue;
        linesInArchive += 1;
        distinct.add(id);
      }
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);

  return {
    sessions,
    concurrency,
    distinctSent: total,
    duplicatesSent: jobs.length - total,
    accepted,
    distinctAccepted: acceptedIds.size,
    refused,
    sendSeconds,
    acceptedPerSecond: accepted / sendSeconds,
    drainSeconds,
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 },
    rowsInD1,
    linesInArchive,
    distinctInArchive: distinct.size,
  };
}

export const REAL_PATH_BEGIN = '<!-- real-path: written by npm run bench -- --only=real-path -->';
export const REAL_PATH_END = '<!-- /real-path -->';

export function renderRealPath(r: RealPathResult, date: string, load: number[]): string {
  return [
    REAL_PATH_BEGIN,
    `## The real event path (${date})`,
    '',
    `\`npm run bench -- --only=real-path --real-events=${r.distinctSent}\`: ${r.distinctSent} distinct events over HTTP`,
    `from ${r.sessions} browser-like sessions (each a visitor the Worker minted: its cookies, its own ip`,
    `and session), ${r.concurrency} requests in flight, ${r.duplicatesSent} of them sent a second time`,
    `(a browser's retry), through the local queue and its consumer into D1 and the R2 archive. On this`,
    `2-core machine shared with other agents' test runs (load average ${load.map((l) => l.toFixed(1)).join(', ')}`,
    'when it ended): read the figures as a floor, not a ceiling.',
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| accepted (202) | ${r.accepted} of ${r.distinctSent + r.duplicatesSent} posts |`,
    `| refused | ${JSON.stringify(r.refused)} |`,
    `| accepted per second (sending) | ${r.acceptedPerSecond.toFixed(0)} |`,
    `| end-to-end latency p50 / p99 / max (POST to row readable in D1) | ${r.latencyMs.p50.toFixed(0)} / ${r.latencyMs.p99.toFixed(0)} / ${r.latencyMs.max.toFixed(0)} ms |`,
    `| drain after the last POST | ${r.drainSeconds.toFixed(1)} s |`,
    `| distinct events accepted / rows in D1 | ${r.distinctAccepted} / ${r.rowsInD1} |`,
    `| lines in the archive / distinct events in the archive | ${r.linesInArchive} / ${r.distinctInArchive} |`,
    REAL_PATH_END,
  ].join('\n');
}

/** The section in docs/performance.md, replaced in place or appended. */
export function spliceRealPath(doc: string, section: string): string {
  const start = doc.indexOf(REAL_PATH_BEGIN);
  const end = doc.indexOf(REAL_PATH_END);
  if (start < 0 || end < start) return `${doc.trimEnd()}\n\n${section}\n`;
  return doc.slice(0, start) + section + doc.slice(end + REAL_PATH_END.length);
}

export function keptRealPath(doc: string): string | null {
  const start = doc.indexOf(REAL_PATH_BEGIN);
  const end = doc.indexOf(REAL_PATH_END);
  return start < 0 || end < start ? null : doc.slice(start, end + REAL_PATH_END.length);
}
