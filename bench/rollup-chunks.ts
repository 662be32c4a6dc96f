/**
 * `npm run capacity -- --rollup [--rows 1000000] [--chunks 16] [--single]`: loads a day of
 * `--rows` events into a fresh SQLite database with this checkout's migrations (D1 is SQLite) and
 * times the daily rollup as the cron runs it: each chunk's two statements (rollup-chunks.ts), the
 * swap, and, with --single, the one statement over the whole day it replaced. Then checks that
 * both gave the same rows. Rows: the events of the newest local D1 (`npm start`, walk a funnel)
 * when there is one, else events shaped like the tracker's (properties of ~1.3 KB: the session's
 * URL parameters, user agent, page URL, experiment), 8 a session over the day.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { peopleSelect } from '../src/worker/archive/people-select';
import {
  chunkStatements,
  clearChunkStatements,
  swapStatements,
  type ChunkStatement,
} from '../src/worker/archive/rollup-chunk-sql';
import { dayBounds, ROLLUP_COLUMNS, rollupSelect } from '../src/worker/archive/rollup-select';

type Row = Record<string, unknown>;

export function runRollupBench(args: string[], sampleEvents: Row[]): void {
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
  };
  const ROWS = Number(option('--rows', '1000000'));
  const CHUNKS = Number(option('--chunks', '16'));
  const day = '2026-11-20';

  const db = new DatabaseSync(':memory:');
  for (const file of readdirSync('migrations')
    .filter((f) => f.endsWith('.sql'))
    .sort())
    db.exec(readFileSync(join('migrations', file), 'utf8'));

  const EVENTS = [
    'pageView',
    'pageView',
    'formStepSubmitted',
    'pageView',
    'formStepSubmitted',
    'ctcClicked',
    'lowBidResult',
    'leadCreated',
  ];
  const synthetic = (i: number, session: string): Row => ({
    event: EVENTS[i % 8],
    brand: ['wc', 'mc', 'ac'][Math.floor(i / 8) % 3],
    page: ['find-benefits', 'quote', 'medicare'][Math.floor(i / 24) % 3],
    step_name: ['zip', 'age', 'coverage', 'contact'][i % 4],
    step_number: (i % 4) + 1,
    paid: Math.floor(i / 8) % 3 === 0 ? 1 : 0,
    properties: JSON.stringify({
      id: crypto.randomUUID(),
      session: {
        id: session,
        urlParams: {
          utm_source: ['google', 'facebook', 'bing', ''][Math.floor(i / 8) % 4],
          utm_campaign: 'c' + (i % 50),
        },
        landingUrl: `https://example.com/find-benefits?utm_source=google&utm_campaign=c${i % 50}&gclid=${'x'.repeat(90)}`,
        referrer: 'https://www.google.com/',
      },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      url: `https://example.com/find-benefits/step-${(i % 4) + 1}`,
      screen: { w: 390, h: 844, dpr: 3 },
      experimentId: 'hero-copy',
      variantId: ['a', 'b'][Math.floor(i / 8) % 2],
      verdict: EVENTS[i % 8] === 'leadCreated' ? ['ok', 'suspect', 'bot'][Math.floor(i / 8) % 3] : undefined,
      answers: { step: (i % 4) + 1, fields: ['zip', 'age', 'coverage', 'contact'].slice(0, (i % 4) + 1) },
      padding: 'p'.repeat(600),
    }),
  });

  const insert = db.prepare(
    `INSERT INTO events (id, event, timestamp, received_at, session_id, anonymous_id, brand, page, step_name, step_number, paid, properties, archive_batch)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.parse(`${day}T00:00:00Z`);
  const loadStarted = performance.now();
  db.exec('BEGIN');
  let session = '';
  let propertyBytes = 0;
  for (let i = 0; i < ROWS; i++) {
    if (i % 8 === 0) session = crypto.randomUUID();
    const base = sampleEvents[i % Math.max(1, sampleEvents.length)] ?? synthetic(i, session);
    const properties = typeof base.properties === 'string' ? base.properties : '{}';
    // A session's events lie within about half an hour: sessions span hour boundaries.
    const at = new Date(start + Math.floor((i / ROWS) * 86_400_000) + (i % 8) * 60_000).toISOString();
    const dayAt = at < `${day}T24` ? at : `${day}T23:59:59.999Z`;
    propertyBytes += properties.length;
    insert.run(
      crypto.randomUUID(),
      String(base.event),
      dayAt,
      dayAt,
      session,
      `a-${Math.floor(i / 12)}`,
      String(base.brand),
      (base.page as string | null) ?? null,
      (base.step_name as string | null) ?? null,
      (base.step_number as number | null) ?? null,
      Number(base.paid ?? 0),
      properties,
      'batch',
    );
  }
  db.exec('COMMIT');
  const run = (s: ChunkStatement) => {
    const t = performance.now();
    db.prepare(s.sql).run(...s.params);
    return Math.round(performance.now() - t);
  };
  const snapshot = () =>
    JSON.stringify([
      db.prepare(`SELECT * FROM event_rollups WHERE day = ? ORDER BY ${ROLLUP_COLUMNS}`).all(day),
      db.prepare(`SELECT * FROM event_people_rollups WHERE day = ? ORDER BY brand, page`).all(day),
    ]);
  console.log(
    `rollup bench: ${ROWS} events of ${day} (${sampleEvents.length ? `copies of ${sampleEvents.length} local D1 events` : 'tracker-shaped events'}, ` +
      `${Math.round(propertyBytes / ROWS)} B of properties each) loaded in ${Math.round((performance.now() - loadStarted) / 1000)} s`,
  );

  let single: string | undefined;
  if (args.includes('--single')) {
    const [s, e] = dayBounds(day);
    const t = performance.now();
    db.exec('BEGIN');
    db.prepare(`DELETE FROM event_people_rollups WHERE day = ?`).run(day);
    db.prepare(
      `INSERT INTO event_people_rollups (day, brand, page, visitors, paid_visitors, submitters, callers) ${peopleSelect('events', 'received_at >= ? AND received_at < ?')}`,
    ).run(s, e, s, e);
    db.prepare(`DELETE FROM event_rollups WHERE day = ?`).run(day);
    db.prepare(
      `INSERT INTO event_rollups (${ROLLUP_COLUMNS}) ${rollupSelect('events', 'received_at >= ? AND received_at < ?')}`,
    ).run(s, e);
    db.exec('COMMIT');
    console.log(`single statement pair (before): ${Math.round(performance.now() - t)} ms`);
    single = snapshot();
  }

  clearChunkStatements(day).forEach(run);
  const times: number[][] = [];
  for (let k = 0; k < CHUNKS; k++) {
    const [rollups = 0, people = 0] = chunkStatements(day, k, CHUNKS).map(run);
    times.push([rollups, people]);
    console.log(`chunk ${String(k + 1).padStart(2)}/${CHUNKS}: rollups ${rollups} ms, people ${people} ms`);
  }
  db.exec('BEGIN');
  const swap = swapStatements(day)
    .map(run)
    .reduce((a, b) => a + b, 0);
  db.exec('COMMIT');
  const slowest = Math.max(...times.flat());
  console.log(
    `swap ${swap} ms; slowest statement ${slowest} ms (D1 allows 30,000 ms a query); all chunks ${times.flat().reduce((a, b) => a + b, 0)} ms`,
  );
  if (single !== undefined) {
    const same = single === snapshot();
    console.log(
      same ? 'chunked rollup equals the single statement' : 'CHUNKED ROLLUP DIFFERS from the single statement',
    );
    if (!same) process.exitCode = 1;
  }
}
