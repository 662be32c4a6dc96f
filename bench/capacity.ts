/**
 * `npm run capacity [-- --sample path/to/d1.sqlite] [--events 20000] [--leads 5000]`: measures what
 * an event and a lead really cost in D1, for the capacity plan (docs/operating.md).
 *
 * Real-sized rows: the rows come from a local D1 database a browser filled through the real path
 * (by default the newest `.wrangler/state/v3/d1/**.sqlite` that `npm start` writes; walk a funnel
 * in Chromium first), copied N times with fresh ids, sessions, visitors and contact hashes into a
 * fresh SQLite database with this checkout's migrations. D1 is SQLite, and its size is the
 * database file's, so SQLite's own page accounting (dbstat) gives the bytes per row of each table
 * and of each of its indexes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import { copyShaped, daysHeld, rowsPerDay, WORKER_SHAPED } from './capacity-plan';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};

function newestLocalD1(): string | undefined {
  const root = '.wrangler/state/v3/d1';
  const found: { path: string; mtime: number }[] = [];
  const walk = (dir: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.sqlite') && name !== 'metadata.sqlite')
        found.push({ path, mtime: statSync(path).mtimeMs });
    }
  };
  walk(root);
  return found.sort((a, b) => b.mtime - a.mtime)[0]?.path;
}

const samplePath = option('--sample', newestLocalD1() ?? '');
if (args.includes('--rollup')) {
  // The daily rollup timed in chunks at a million rows (bench/rollup-chunks.ts); a local sample is optional.
  const { runRollupBench } = await import('./rollup-chunks');
  const rows = samplePath
    ? (new DatabaseSync(samplePath, { readOnly: true }).prepare(`SELECT * FROM events`).all() as Record<
        string,
        unknown
      >[])
    : [];
  runRollupBench(args, rows);
  process.exit(process.exitCode ?? 0);
}
if (!samplePath) {
  console.error('no local D1 database: run `npm start`, walk a funnel in a browser, then `npm run capacity`');
  process.exit(2);
}
const EVENTS = Number(option('--events', '20000'));
const LEADS = Number(option('--leads', '5000'));

type Row = Record<string, unknown>;
const sample = new DatabaseSync(samplePath, { readOnly: true });
const sampleEvents = sample.prepare(`SELECT * FROM events`).all() as Row[];
const sampleLeads = sample.prepare(`SELECT * FROM leads`).all() as Row[];
const sampleCertificates = sample.prepare(`SELECT * FROM lead_certificates`).all() as Row[];
if (!sampleEvents.length || !sampleLeads.length) {
  console.error(
    `${samplePath} holds ${sampleEvents.length} events and ${sampleLeads.length} leads: walk a funnel to a lead first`,
  );
  process.exit(2);
}

const db = new DatabaseSync(':memory:');
for (const file of readdirSync('migrations')
  .filter((f) => f.endsWith('.sql'))
  .sort())
  db.exec(readFileSync(join('migrations', file), 'utf8'));

function columnsOf(table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
}

/** Inserts `count` copies of the sample rows (cycled) with the given fields replaced. */
function copy(table: string, rows: Row[], count: number, vary: (row: Row, i: number) => Row): void {
  const columns = columnsOf(table).filter((c) => c in (rows[0] ?? {}));
  const insert = db.prepare(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    const row = { ...rows[i % rows.length], ...vary(rows[i % rows.length] ?? {}, i) };
    insert.run(...columns.map((c) => row[c] as string | number | null));
  }
  db.exec('COMMIT');
}

const day = '2026-11-20';
const at = (i: number, per: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + Math.floor((i / per) * 86_400_000)).toISOString();
const hex = () => crypto.randomUUID().replace(/-/g, '');

copy('events', sampleEvents, EVENTS, (_row, i) => ({
  id: crypto.randomUUID(),
  received_at: at(i, EVENTS),
  timestamp: at(i, EVENTS),
  session_id: `s-${Math.floor(i / 8)}`,
  anonymous_id: `a-${Math.floor(i / 12)}`,
  archive_batch: hex(),
}));
copy('leads', sampleLeads, LEADS, (_row, i) => ({
  id: crypto.randomUUID(),
  created_at: at(i, LEADS),
  updated_at: at(i, LEADS),
  visitor_id: crypto.randomUUID(),
  submission_id: crypto.randomUUID(),
  phone_key: hex(),
  phone_sha256: hex() + hex(),
  email_sha256: hex() + hex(),
  certificate_id: `c-${i}`,
}));
if (sampleCertificates.length)
  copy('lead_certificates', sampleCertificates, LEADS, (_row, i) => ({ id: `c-${i}`, lead_id: `l-${i}` }));
// What a moved lead leaves in D1 for the duplicate window (lead-archive/move.ts): keyed fingerprints.
copy(
  'lead_fingerprints',
  [{ id: '', product: 'medicare', created_at: '', phone_fingerprint: '', email_fingerprint: '' }],
  LEADS,
  (_row, i) => ({
    id: crypto.randomUUID(),
    created_at: at(i, LEADS),
    phone_fingerprint: hex() + hex(),
    email_fingerprint: hex() + hex(),
  }),
);

// The other tables the Worker writes at traffic's pace: the sample's rows when it holds some, else
// rows shaped like the Worker's INSERT (capacity-plan.ts says which).
const OTHER_ROWS = 5000;
const otherSources: Record<string, string> = {};
for (const table of [...Object.keys(WORKER_SHAPED), 'lead_deliveries', 'lead_recipients']) {
  const source = copyShaped(db, sample, table, OTHER_ROWS);
  if (source) otherSources[table] = source;
}

/**
 * A moved lead in R2 (src/worker/lead-archive/store.ts): the record (the row without its personal
 * columns, its certificate, deliveries and recipients), the personal object, the certificate's own
 * object and three markers (visitor, phone, email), each an R2 object.
 */
function movedLeadBytes(): { record: number; personal: number; certificate: number; objects: number } {
  const sizes = sampleLeads.map((lead, i) => {
    const { values, ip, user_agent, ...record } = lead;
    const certificate = sampleCertificates[i % Math.max(1, sampleCertificates.length)] ?? null;
    const fingerprints = { phone_fingerprint: hex() + hex(), email_fingerprint: hex() + hex() };
    return {
      record: JSON.stringify({ lead: { ...record, ...fingerprints }, certificate, deliveries: [], recipients: [] })
        .length,
      personal: JSON.stringify({ values, ip, user_agent }).length,
      certificate: certificate ? JSON.stringify({ ...certificate, ...fingerprints }).length : 0,
    };
  });
  const mean = (pick: (s: (typeof sizes)[number]) => number) =>
    Math.round(sizes.reduce((n, s) => n + pick(s), 0) / sizes.length);
  return {
    record: mean((s) => s.record),
    personal: mean((s) => s.personal),
    certificate: mean((s) => s.certificate),
    objects: 6,
  };
}

/** An archive object of a 100-event batch (gzip NDJSON, as the consumer writes them), per event. */
function archiveBytesPerEvent(): number {
  const lines = Array.from({ length: 100 }, (_, i) => {
    const e = sampleEvents[i % sampleEvents.length] ?? {};
    return JSON.stringify({ ...e, id: crypto.randomUUID(), anonymous_id: `a-${i}`, session_id: `s-${i}` });
  });
  return Math.round(gzipSync(lines.join('\n') + '\n').length / lines.length);
}

const pages = db
  .prepare(
    `SELECT name, tbl_name AS tableName, SUM(pgsize) AS bytes FROM dbstat JOIN sqlite_schema USING (name) GROUP BY name ORDER BY tableName, bytes DESC`,
  )
  .all() as { name: string; tableName: string; bytes: number }[];

const perTable = (table: string, rows: number) => {
  const parts = pages.filter((p) => p.tableName === table);
  const total = parts.reduce((n, p) => n + p.bytes, 0);
  return {
    table,
    rows,
    bytesPerRow: Math.round(total / rows),
    parts: parts.map((p) => ({ name: p.name, bytesPerRow: Math.round(p.bytes / rows) })),
  };
};

const result = {
  sample: {
    path: samplePath,
    events: sampleEvents.length,
    leads: sampleLeads.length,
    certificates: sampleCertificates.length,
  },
  avgEventPropertiesBytes: Math.round(
    sampleEvents.reduce((n, e) => n + (typeof e.properties === 'string' ? e.properties.length : 0), 0) /
      sampleEvents.length,
  ),
  archiveBytesPerEvent: archiveBytesPerEvent(),
  events: perTable('events', EVENTS),
  leads: perTable('leads', LEADS),
  certificates: sampleCertificates.length ? perTable('lead_certificates', LEADS) : null,
  leadFingerprints: perTable('lead_fingerprints', LEADS),
  movedLeadR2Bytes: movedLeadBytes(),
};

/** The steady state at PLAN_EVENTS and PLAN_LEADS a day, every table with a rule that grows with traffic. */
const PLAN_EVENTS = Number(option('--plan-events', '1000000'));
const PLAN_LEADS = Number(option('--plan-leads', '100000'));
const sessions = new Set(sampleEvents.map((e) => e.session_id)).size || 1;
const eventsPerVisit = sampleEvents.length / sessions;
const visits = Math.round(PLAN_EVENTS / eventsPerVisit);
const countOf = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
/** Tables that do not grow with traffic (rollups, ledgers, keys): the 0.5 GB a year of rollups measured before. */
const BOUNDED_ALLOWANCE = 0.5e9;
const planRows: {
  table: string;
  bytesPerRow: number;
  rowsPerDay: number;
  days: number;
  gb: number;
  rowsFrom: string;
  why: string;
}[] = [];
for (const table of new Set(pages.map((p) => p.tableName))) {
  const perDay = rowsPerDay(table, PLAN_EVENTS, PLAN_LEADS, visits);
  const days = daysHeld(table);
  const rows = countOf(table);
  if (!perDay || days === null || rows === 0) continue;
  const bytesPerRow = perTable(table, rows).bytesPerRow;
  planRows.push({
    table,
    bytesPerRow,
    rowsPerDay: perDay.rows,
    days: Math.round(days * 100) / 100,
    gb: Math.round((bytesPerRow * perDay.rows * days) / 1e7) / 100,
    rowsFrom: otherSources[table] ?? 'copies of the sample',
    why: perDay.why,
  });
}
const unmeasured = TABLES_WITH_DAYS().filter((t) => !planRows.some((r) => r.table === t));
const total = planRows.reduce((n, r) => n + r.gb, 0) + BOUNDED_ALLOWANCE / 1e9;
const ALERT_GB = 7.5;
const plan = {
  at: {
    eventsPerDay: PLAN_EVENTS,
    leadsPerDay: PLAN_LEADS,
    visitsPerDay: visits,
    eventsPerVisit: Math.round(eventsPerVisit * 10) / 10,
  },
  tables: planRows.sort((a, b) => b.gb - a.gb),
  boundedAllowanceGb: BOUNDED_ALLOWANCE / 1e9,
  unmeasured,
  steadyStateGb: Math.round(total * 100) / 100,
  sizeAlertGb: ALERT_GB,
  headroomGb: Math.round((ALERT_GB - total) * 100) / 100,
  fits: total < ALERT_GB,
};
console.log(JSON.stringify({ ...result, plan }, null, 2));
console.table(planRows.map(({ why: _why, ...r }) => r));
console.log(
  `D1 steady state at ${PLAN_EVENTS} events and ${PLAN_LEADS} leads a day: ${plan.steadyStateGb} GB (with ${plan.boundedAllowanceGb} GB of bounded tables); ` +
    `size alert at ${ALERT_GB} GB: ${plan.fits ? `fits, ${plan.headroomGb} GB of headroom` : `DOES NOT FIT, ${-plan.headroomGb} GB over`}` +
    (unmeasured.length ? `; not measured: ${unmeasured.join(', ')}` : ''),
);
if (!plan.fits) process.exitCode = 1;

function TABLES_WITH_DAYS(): string[] {
  return [...new Set(Object.keys(WORKER_SHAPED).concat(['events', 'leads', 'lead_certificates', 'lead_fingerprints']))];
}
