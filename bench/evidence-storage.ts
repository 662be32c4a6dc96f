/**
 * What the evidence bench's Miniflare left on disk, read after it stopped (bench/evidence.ts): the
 * D1 database that holds the certificates and the log Durable Object's SQLite, each copied and
 * measured by SQLite's own page accounting (dbstat: bytes used in a table's pages and its indexes').
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvidenceMeasure, TableBytes } from './evidence-section';

function files(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, suffix);
    return name.endsWith(suffix) ? [path] : [];
  });
}

type Sqlite = typeof import('node:sqlite');
const sqlite = createRequire(import.meta.url)('node:sqlite') as Sqlite;

/** A copy of a SQLite file (and its WAL) opened read-write, so dbstat reads it whatever the original's state. */
function openCopy(path: string) {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-sqlite-'));
  const copy = join(dir, 'db.sqlite');
  copyFileSync(path, copy);
  for (const extra of ['-wal', '-shm']) if (existsSync(path + extra)) copyFileSync(path + extra, copy + extra);
  return { db: new sqlite.DatabaseSync(copy), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function tableBytes(db: InstanceType<Sqlite['DatabaseSync']>, tables: string[]): TableBytes[] {
  return tables.map((table) => {
    const bytes = db
      .prepare(
        `SELECT COALESCE(SUM(pgsize - unused), 0) AS b FROM dbstat JOIN sqlite_schema USING (name) WHERE sqlite_schema.tbl_name = ?`,
      )
      .get(table) as { b: number };
    const rows = db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number };
    return { table, rows: rows.n, bytes: bytes.b };
  });
}

const payloadOf = (jws: string) =>
  JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    page?: { status?: string };
    visibility?: { status?: string };
  };

export type StoredEvidence = Pick<
  EvidenceMeasure,
  | 'withEvidence'
  | 'without'
  | 'pageStatus'
  | 'visibilityStatus'
  | 'jwsWith'
  | 'jwsWithout'
  | 'd1'
  | 'pendingLeft'
  | 'log'
  | 'archivedCertificateBytes'
>;

export function readEvidenceFiles(persistDir: string): StoredEvidence {
  // Miniflare stopped: its D1 and Durable Object SQLite files, read as they were left.
  const ownFiles = files(persistDir, '.sqlite').filter((f) => !f.endsWith('metadata.sqlite'));
  const logFiles = ownFiles.filter((f) => f.includes('LeadLogDO'));
  // The D1 database that holds the certificates (the Worker may bind more than one).
  const d1 = ownFiles
    .filter((f) => f.includes(`${join(persistDir, 'd1')}/`))
    .map(openCopy)
    .find((c) => {
      const has = c.db.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'lead_certificates'`).get() !== undefined;
      if (!has) c.remove();
      return has;
    });
  if (!d1 || logFiles.length !== 1) throw new Error(`storage files: ${ownFiles.join(', ')}`);
  const certs = d1.db.prepare('SELECT jws FROM lead_certificates').all() as { jws: string }[];
  const pageStatus: Record<string, number> = {};
  const visibilityStatus: Record<string, number> = {};
  const jws = { with: [] as number[], without: [] as number[] };
  for (const { jws: text } of certs) {
    const p = payloadOf(text);
    const page = p.page?.status ?? 'absent';
    const visibility = p.visibility?.status ?? 'absent';
    pageStatus[page] = (pageStatus[page] ?? 0) + 1;
    visibilityStatus[visibility] = (visibilityStatus[visibility] ?? 0) + 1;
    (page === 'served' ? jws.with : jws.without).push(text.length);
  }
  // Each certificate as the lead archive writes it to R2 once its lead leaves D1 (lead-archive/move.ts).
  const archived = (
    d1.db
      .prepare(
        `SELECT c.id, c.lead_id, c.brand, c.kid, c.jws, c.created_at, l.phone_sha256, l.email_sha256
         FROM lead_certificates c JOIN leads l ON l.id = c.lead_id`,
      )
      .all() as Record<string, string>[]
  ).map((r) =>
    Buffer.byteLength(
      JSON.stringify({
        id: r.id,
        lead_id: r.lead_id,
        brand: r.brand,
        kid: r.kid,
        jws: r.jws,
        created_at: r.created_at,
        phone_fingerprint: r.phone_sha256,
        email_fingerprint: r.email_sha256,
      }),
    ),
  );
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
  const d1Tables = tableBytes(d1.db, ['lead_certificates', 'page_snapshots', 'lead_log_pending']);
  const pendingLeft = d1Tables.find((t) => t.table === 'lead_log_pending')?.rows ?? -1;
  d1.remove();
  const logFile = logFiles[0] ?? '';
  const logDb = openCopy(logFile);
  const logTables = tableBytes(logDb.db, ['nodes', 'entries', 'heads']);
  const leaves = (logDb.db.prepare('SELECT COUNT(*) AS n FROM nodes WHERE level = 0').get() as { n: number }).n;
  logDb.remove();
  const fileBytes = statSync(logFile).size + (existsSync(`${logFile}-wal`) ? statSync(`${logFile}-wal`).size : 0);
  return {
    withEvidence: jws.with.length,
    without: jws.without.length,
    pageStatus,
    visibilityStatus,
    jwsWith: mean(jws.with),
    jwsWithout: mean(jws.without),
    d1: d1Tables,
    pendingLeft,
    log: { leaves, tables: logTables, fileBytes },
    archivedCertificateBytes: mean(archived),
  };
}
