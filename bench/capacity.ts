/**
 * `npm run capacity [-- --sample path/to/d1.sqlite [--sample another.sqlite]] [--events 20000] [--leads 5000]`:
 * measures what each row of every table the Worker writes really costs in D1, and adds up the
 * steady state at a million events and 100,000 leads a day against the size alert (docs/operating.md, Capacity).
 *
 * Real-sized rows: the rows come from local D1 databases the real path filled: the first sample
 * (by default the newest `.wrangler/state/v3/d1/**.sqlite` that `npm start` writes; walk a funnel
 * in Chromium first) gives the events, leads and certificates; each other table is copied from the
 * first sample that holds rows of it (e.g. a workerd test run's D1, written through the Worker's own
 * endpoints), else from a row shaped like the Worker's INSERT, which the output says. The rows are
 * copied N times with fresh ids, sessions, visitors and contact hashes into a fresh SQLite database
 * with this checkout's migrations. D1 is SQLite, and its size is the database file's, so SQLite's
 * own page accounting (dbstat) gives the bytes per row of each table and of each of its indexes.
 * D1's 10 GB is per database: each database (the binding a table's retention rule names) is added
 * up on its own against its own alert (docs/decisions/0315-duplicate-window-in-one-table-and-shorter-claims.md).
 * Exits 1 when any database's steady state is over the size alert, a table that grows with traffic
 * has no model or no row to measure, or a rule names a D1 binding the Worker does not have.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import { THRESHOLDS } from '../src/worker/operations/health-checks/thresholds';
import { D1_DATABASES, databaseOf } from '../src/worker/archive/table-retention';
import { applyMigrations } from './all-migrations';
import { copyShaped, daysHeld, PLAN_RULES, rowsPerDay } from './capacity-plan';

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

const samplePaths = args.flatMap((a, i) => (a === '--sample' && args[i + 1] ? [args[i + 1] as string] : []));
if (!samplePaths.length) samplePaths.push(newestLocalD1() ?? '');
const samplePath = samplePaths[0] ?? '';
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
const samples = samplePaths.map((path) => ({ path, db: new DatabaseSync(path, { readOnly: true }) }));
const sample = (samples[0] as (typeof samples)[number]).db;
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
// Every D1 database's migrations, DB's first: dbstat counts each table's own pages, so one SQLite
// file measures them all; the plan adds each database up on its own.
applyMigrations(db, [
  ['migrations', 'DB'],
  ['migrations-ads', 'ADS_DB'],
  ['migrations-revenue', 'REVENUE_DB'],
  ['migrations-leases', 'LEASES_DB'],
]);

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

// The other tables the Worker writes at traffic's pace: the samples' rows when one holds some, else
// rows shaped like the Worker's INSERT (capacity-plan.ts says which).
const OTHER_ROWS = 5000;
const SPECIAL = new Set(['events', 'leads', 'lead_certificates']);
const otherSources: Record<string, string> = {};
for (const rule of PLAN_RULES) {
  if (SPECIAL.has(rule.table) || (rule.rule !== 'days' && rule.rule !== 'move-to-r2')) continue;
  const source = copyShaped(db, samples, rule.table, OTHER_ROWS);
  if (source) otherSources[rule.table] = source;
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
  movedLeadR2Bytes: movedLeadBytes(),
};

/** The steady state at PLAN_EVENTS and PLAN_LEADS a day: every table of the retention list, in its order. */
const PLAN_EVENTS = Number(option('--plan-events', '1000000'));
const PLAN_LEADS = Number(option('--plan-leads', '100000'));
const sessions = new Set(sampleEvents.map((e) => e.session_id)).size || 1;
const eventsPerVisit = sampleEvents.length / sessions;
const visits = Math.round(PLAN_EVENTS / eventsPerVisit);
/** ops_counters rows a minute: the most any sample wrote in the minutes it has rows. */
const countersPerMinute = Math.max(
  1,
  ...samples.map(({ db: s }) => {
    try {
      const r = s.prepare(`SELECT COUNT(*) AS n, COUNT(DISTINCT minute) AS m FROM ops_counters`).get() as {
        n: number;
        m: number;
      };
      return r.m ? r.n / r.m : 0;
    } catch {
      return 0;
    }
  }),
);
const traffic = { events: PLAN_EVENTS, leads: PLAN_LEADS, visits, countersPerMinute };
const countOf = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
/** Tables that do not grow with traffic (rollups, ledgers, keys, proofs): the 0.5 GB a year of rollups measured before. */
const BOUNDED_ALLOWANCE_GB = 0.5;
const ALERT_GB = (THRESHOLDS.d1LimitBytes * THRESHOLDS.d1AlertShare) / 1e9;
interface PlanRow {
  table: string;
  /** The D1 binding whose database holds it: each database has its own 10 GB and alert. */
  database: string;
  rule: string;
  bytesPerRow: number | null;
  rowsPerDay: number | null;
  daysHeld: number | null;
  rowsAtPeak: number | null;
  gb: number | null;
  rowsFrom: string;
  why: string;
  /** Bytes a row of the table itself and of each of its indexes (dbstat), to see what a cut would save. */
  parts?: { name: string; bytesPerRow: number }[];
}
const planRows: PlanRow[] = [];
const problems: string[] = [];
for (const rule of PLAN_RULES) {
  const days = daysHeld(rule);
  if (days === null) {
    planRows.push({
      table: rule.table,
      database: databaseOf(rule),
      rule: rule.rule,
      bytesPerRow: null,
      rowsPerDay: null,
      daysHeld: null,
      rowsAtPeak: null,
      gb: null,
      rowsFrom: `in the ${BOUNDED_ALLOWANCE_GB} GB allowance`,
      why: rule.why,
    });
    continue;
  }
  const ruleDays = rule.rule === 'days' || rule.rule === 'move-to-r2' ? rule.days : null;
  const perDay = rowsPerDay(rule.table, traffic);
  const measured = countOf(rule.table);
  if (!perDay)
    problems.push(`${rule.table} keeps rows ${ruleDays} days but has no rows-a-day model in bench/capacity-plan.ts`);
  if (!measured)
    problems.push(`${rule.table}: no row to measure (no sample holds one, none shaped in bench/capacity-plan.ts)`);
  const measuredRow = measured ? perTable(rule.table, measured) : null;
  const bytesPerRow = measuredRow?.bytesPerRow ?? null;
  const rowsAtPeak = perDay ? Math.round(perDay.rows * days) : null;
  planRows.push({
    table: rule.table,
    database: databaseOf(rule),
    rule: `${rule.rule} ${ruleDays}`,
    bytesPerRow,
    rowsPerDay: perDay?.rows ?? null,
    daysHeld: Math.round(days * 100) / 100,
    rowsAtPeak,
    gb: bytesPerRow !== null && rowsAtPeak !== null ? Math.round((bytesPerRow * rowsAtPeak) / 1e7) / 100 : null,
    rowsFrom: otherSources[rule.table] ?? `copies of ${samplePath}`,
    why: perDay?.why ?? 'NO MODEL',
    parts: measuredRow?.parts,
  });
}
/**
 * Each D1 database on its own (D1's 10 GB is per database): its tables' GB, plus the bounded
 * allowance where it holds a table that does not grow with traffic, against its own alert.
 */
const databases = [...D1_DATABASES].map((database) => {
  const rows = planRows.filter((r) => r.database === database);
  const allowance = rows.some((r) => r.gb === null && r.bytesPerRow === null) ? BOUNDED_ALLOWANCE_GB : 0;
  const gb = Math.round((rows.reduce((n, r) => n + (r.gb ?? 0), 0) + allowance) * 100) / 100;
  return {
    database,
    tables: rows.length,
    boundedAllowanceGb: allowance,
    steadyStateGb: gb,
    headroomGb: Math.round((ALERT_GB - gb) * 100) / 100,
    fits: gb < ALERT_GB,
  };
});
const unplaced = planRows.filter((r) => !(D1_DATABASES as readonly string[]).includes(r.database));
for (const r of unplaced) problems.push(`${r.table} names D1 binding ${r.database}, which the Worker does not have`);
const total = databases.reduce((n, d) => n + d.steadyStateGb, 0);
const plan = {
  at: {
    eventsPerDay: PLAN_EVENTS,
    leadsPerDay: PLAN_LEADS,
    visitsPerDay: visits,
    eventsPerVisit: Math.round(eventsPerVisit * 10) / 10,
    countersPerMinute: Math.round(countersPerMinute * 10) / 10,
  },
  samples: samples.map((s) => s.path),
  tables: planRows,
  boundedAllowanceGb: BOUNDED_ALLOWANCE_GB,
  problems,
  databases,
  steadyStateGb: Math.round(total * 100) / 100,
  d1LimitGb: THRESHOLDS.d1LimitBytes / 1e9,
  sizeAlertGb: ALERT_GB,
  fits: databases.every((d) => d.fits) && problems.length === 0,
};
console.log(JSON.stringify({ ...result, plan }, null, 2));
console.table(
  [...planRows]
    .sort((a, b) => (b.gb ?? -1) - (a.gb ?? -1))
    .map(({ why: _why, parts: _parts, ...r }) => ({ ...r, rowsFrom: r.rowsFrom.replace(/^(\d+ rows of ).*\//, '$1') })),
);
for (const d of databases)
  console.log(
    `D1 ${d.database} steady state at ${PLAN_EVENTS} events, ${PLAN_LEADS} leads and ${visits} visits a day: ${d.steadyStateGb} GB ` +
      `(${d.tables} tables, ${d.boundedAllowanceGb} GB of them bounded); size alert at ${ALERT_GB} GB of ${plan.d1LimitGb} GB: ` +
      (d.fits ? `fits, ${d.headroomGb} GB of headroom` : `DOES NOT FIT, ${-d.headroomGb} GB over`),
  );
console.log(
  `All ${databases.length} D1 database(s): ${plan.steadyStateGb} GB; ` +
    (plan.fits
      ? 'each fits under its own alert'
      : problems.length
        ? `INCOMPLETE or over; not counted: ${problems.join('; ')}`
        : 'a database is over its alert'),
);
if (!plan.fits) process.exitCode = 1;
