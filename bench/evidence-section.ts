/**
 * What consent evidence costs, as `npm run bench -- --only=evidence` measured it (bench/evidence.ts):
 * the projection to a daily lead volume (pure arithmetic, tested in tests/node) and the section of
 * docs/performance.md it writes between its markers.
 */

export const EVIDENCE_BEGIN = '<!-- evidence: written by npm run bench -- --only=evidence -->';
export const EVIDENCE_END = '<!-- /evidence -->';

/** Bytes one table holds in its SQLite database (dbstat: used bytes of its pages and its indexes' pages) and its rows. */
export interface TableBytes {
  table: string;
  rows: number;
  bytes: number;
}

export interface EvidenceMeasure {
  leads: number;
  withEvidence: number;
  without: number;
  /** How the certificates' `page` and `visibility` were signed, by status (what the Worker judged). */
  pageStatus: Record<string, number>;
  visibilityStatus: Record<string, number>;
  /** Mean compact-JWS characters of a certificate with the evidence posted and without it. */
  jwsWith: number;
  jwsWithout: number;
  d1: TableBytes[];
  /** D1 rows still queued for the log when measured (each leaves the queue once appended). */
  pendingLeft: number;
  /** R2 objects by key prefix after the run. */
  r2: { prefix: string; objects: number; bytes: number; evidence: boolean }[];
  /** The log Durable Object's SQLite: its tables (dbstat) and the leaves appended. */
  log: { leaves: number; tables: TableBytes[]; fileBytes: number };
  /** workerd CPU, ms a request (utime + stime of this run's workerd, over blocks run until quiet). */
  cpu: {
    finalWith: number;
    finalWithout: number;
    consentGet: number;
    blocks: { kind: 'with' | 'without'; msPerLead: number }[];
  };
  /** Mean bytes of a certificate's own R2 object once it moves from D1 with its lead (lead-archive/move.ts). */
  archivedCertificateBytes: number;
  /** Days a lead and its certificate stay in D1 after their own day (LEADS_HOT_DAYS), then R2. */
  hotDays: number;
  /** Days a certificate is kept (CERTIFICATE_RETENTION_DAYS). */
  retentionDays: number;
  loadAverage: number[];
}

export interface EvidenceProjection {
  leadsPerDay: number;
  /** The certificate row (table and indexes) a lead adds, bytes. */
  certificateBytesPerLead: number;
  /** What the posted evidence adds to it (JWS characters, one byte each in D1's UTF-8 text). */
  evidenceBytesPerLead: number;
  d1GbPerDay: number;
  /** Certificate rows held in D1: their own day and the hot days after it, GB. */
  d1GbHeld: number;
  /** Certificate objects held in R2 for the retention window, GB. */
  r2GbHeld: number;
  /** The evidence's share of what is held over the retention window, GB. */
  evidenceGbHeld: number;
  /** The snapshot marker rows and R2 objects: per distinct snapshot, not per lead. */
  snapshotBytes: number;
  markerBytes: number;
  distinctSnapshots: number;
  logBytesPerLeaf: number;
  logGbPerYear: number;
}

const GB = 1e9;
const sum = (tables: TableBytes[], name: string) => tables.find((t) => t.table === name);

/** The measured bytes per lead, scaled to `leadsPerDay`: D1 for its hot days, R2 for the retention window, the log a year. */
export function projectEvidence(m: EvidenceMeasure, leadsPerDay: number): EvidenceProjection {
  const certificates = sum(m.d1, 'lead_certificates');
  const markers = sum(m.d1, 'page_snapshots');
  const snapshots = m.r2.find((r) => r.prefix === 'page-snapshots');
  const leafTables = m.log.tables.filter((t) => t.table === 'nodes' || t.table === 'entries');
  const certificateBytesPerLead = certificates && certificates.rows > 0 ? certificates.bytes / certificates.rows : 0;
  const logBytesPerLeaf = m.log.leaves > 0 ? leafTables.reduce((n, t) => n + t.bytes, 0) / m.log.leaves : 0;
  const evidenceBytesPerLead = Math.max(0, m.jwsWith - m.jwsWithout);
  return {
    leadsPerDay,
    certificateBytesPerLead,
    evidenceBytesPerLead,
    d1GbPerDay: (certificateBytesPerLead * leadsPerDay) / GB,
    d1GbHeld: (certificateBytesPerLead * leadsPerDay * (m.hotDays + 1)) / GB,
    r2GbHeld: (m.archivedCertificateBytes * leadsPerDay * m.retentionDays) / GB,
    evidenceGbHeld: (evidenceBytesPerLead * leadsPerDay * m.retentionDays) / GB,
    snapshotBytes: snapshots && snapshots.objects > 0 ? snapshots.bytes / snapshots.objects : 0,
    markerBytes: markers && markers.rows > 0 ? markers.bytes / markers.rows : 0,
    distinctSnapshots: snapshots?.objects ?? 0,
    logBytesPerLeaf,
    logGbPerYear: (logBytesPerLeaf * leadsPerDay * 365) / GB,
  };
}

/** The widest range of per-block CPU among blocks of one kind: a difference smaller than it is not measured. */
export function cpuSpread(blocks: EvidenceMeasure['cpu']['blocks']): number {
  const range = (kind: 'with' | 'without') => {
    const xs = blocks.filter((b) => b.kind === kind).map((b) => b.msPerLead);
    return xs.length > 1 ? Math.max(...xs) - Math.min(...xs) : Number.NaN;
  };
  return Math.max(range('with'), range('without'));
}

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const gb = (x: number) => (x >= 10 ? x.toFixed(1) : x.toFixed(2));

function cpuVerdict(cpu: EvidenceMeasure['cpu']): string {
  const difference = cpu.finalWith - cpu.finalWithout;
  const spread = cpuSpread(cpu.blocks);
  if (!Number.isFinite(spread)) return 'Too few blocks of each kind to tell a difference from noise.';
  return Math.abs(difference) < spread
    ? `The difference (${difference.toFixed(2)} ms) is inside the spread of blocks of one kind (${spread.toFixed(2)} ms): not measurable here.`
    : `The evidence costs ${difference.toFixed(2)} ms a final step, beyond the spread of blocks of one kind (${spread.toFixed(2)} ms).`;
}

export function renderEvidenceSection(m: EvidenceMeasure, p: EvidenceProjection, at: string): string {
  const table = (t: TableBytes) =>
    `| D1 \`${t.table}\` | ${t.rows} | ${n0(t.bytes)} | ${t.rows > 0 ? n0(t.bytes / t.rows) : '-'} | ${n0(t.bytes / m.leads)} |`;
  const statuses = (s: Record<string, number>) =>
    Object.entries(s)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  return [
    EVIDENCE_BEGIN,
    `## What consent evidence costs (${at})`,
    '',
    `\`npm run bench -- --only=evidence\` (bench/evidence.ts): ${m.leads} Medicare leads of bh /get-yours-otc on the built`,
    'Worker as deployed (production configuration, Miniflare, loopback), each a visitor of its own ip walking the steps',
    'as forms without JavaScript, a company ticked and a Turnstile token on the final post. Half the final posts carry',
    'what a JavaScript lead sends (the hash the served consent step carries, and a visibility report of a 390x844 phone);',
    "half carry neither, in alternating blocks. Storage is read afterwards from the run's own files: D1 and the",
    "log Durable Object's SQLite by dbstat (bytes used in the table's pages and its indexes', free space left out), R2 by listing the bucket.",
    `Load average ${m.loadAverage.map((l) => l.toFixed(1)).join(', ')} when the run ended, on 2 cores shared with other test runs.`,
    '',
    `Signed as: page ${statuses(m.pageStatus)}; visibility ${statuses(m.visibilityStatus)}.`,
    '',
    '| store | rows or objects | bytes | bytes each | bytes a lead |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...m.d1.map(table),
    ...m.r2
      .filter((r) => r.evidence)
      .map(
        (r) =>
          `| R2 \`${r.prefix}/\` | ${r.objects} | ${n0(r.bytes)} | ${r.objects > 0 ? n0(r.bytes / r.objects) : '-'} | ${n0(r.bytes / m.leads)} |`,
      ),
    ...m.log.tables.map(
      (t) =>
        `| log DO \`${t.table}\` | ${t.rows} | ${n0(t.bytes)} | ${t.rows > 0 ? n0(t.bytes / t.rows) : '-'} | ${n0(t.bytes / m.leads)} |`,
    ),
    '',
    `- The certificate's JWS: ${n0(m.jwsWith)} characters with the evidence posted, ${n0(m.jwsWithout)} without:`,
    `  the evidence adds ${n0(p.evidenceBytesPerLead)} bytes to a lead's row.`,
    `- R2 written by the walk itself, not evidence: ${
      m.r2
        .filter((r) => !r.evidence)
        .map((r) => `\`${r.prefix}/\` ${r.objects} objects`)
        .join(', ') || 'none'
    }. The log's signed heads (\`lead-log/sth/\`) come from its alarm every 300 s, after this run: at most 288 a day of about 400 B.`,
    `- \`lead_log_pending\`: a row a lead only until the log appends it (${m.pendingLeft} left when measured).`,
    `- Snapshots: ${p.distinctSnapshots} distinct for ${m.leads} leads (one step, one hour's call copy, one set of`,
    '  stored answers): they grow with pages, variants, hours and answer sets, not with leads.',
    `- The log: ${m.log.leaves} leaves, ${n0(p.logBytesPerLeaf)} bytes a leaf in \`nodes\` and \`entries\`; its SQLite file`,
    `  ${n0(m.log.fileBytes)} bytes (pages allocated, heads and marks included).`,
    '',
    '| workerd CPU, ms a request | value |',
    '| --- | ---: |',
    `| final step, evidence posted | ${m.cpu.finalWith.toFixed(2)} |`,
    `| final step, none posted | ${m.cpu.finalWithout.toFixed(2)} |`,
    `| the consent step's GET (the island's extra fetch for a JavaScript lead) | ${m.cpu.consentGet.toFixed(2)} |`,
    '',
    'CPU blocks (each run until workerd is quiet, so the background work of its leads counts: the snapshot store,',
    `the log append, the delivery queue), ms a final step: ${m.cpu.blocks.map((b) => `${b.kind} ${b.msPerLead.toFixed(2)}`).join(', ')}.`,
    cpuVerdict(m.cpu),
    'A final step here is two posts outside agent hours (the step, then "Send without a call-back time" on the',
    'call-back screen, which carries the evidence on). No constant floor is measured for it: the floor Worker replays',
    'pages, not a post that signs and stores a lead. Locally D1, R2, the Durable Objects and the queues run in the',
    'same workerd (the partner sandbox runs in Node, outside it), so their CPU is in these figures; on Cloudflare the',
    "Worker's bill counts only its own isolate: read them as an upper bound, and compare them with each other.",
    '',
    `At ${n0(p.leadsPerDay)} leads a day:`,
    '',
    '| projection | value |',
    '| --- | ---: |',
    `| D1 certificate rows a day (${n0(p.certificateBytesPerLead)} B a lead) | ${gb(p.d1GbPerDay)} GB |`,
    `| D1 certificate rows held (their day and ${m.hotDays} hot days, then moved to R2) | ${gb(p.d1GbHeld)} GB |`,
    `| R2 certificate objects held for ${m.retentionDays} days (${n0(m.archivedCertificateBytes)} B each) | ${gb(p.r2GbHeld)} GB |`,
    `| of which the evidence (${n0(p.evidenceBytesPerLead)} B a lead) over ${m.retentionDays} days | ${gb(p.evidenceGbHeld)} GB |`,
    `| R2 snapshots: ${n0(p.snapshotBytes)} B each, D1 marker ${n0(p.markerBytes)} B each | per distinct snapshot, not per lead |`,
    `| log Durable Object a year (${n0(p.logBytesPerLeaf)} B a leaf) | ${gb(p.logGbPerYear)} GB |`,
    EVIDENCE_END,
  ].join('\n');
}

/** The section in docs/performance.md, replaced in place or appended. */
export function spliceEvidenceSection(doc: string, section: string): string {
  const start = doc.indexOf(EVIDENCE_BEGIN);
  const end = doc.indexOf(EVIDENCE_END);
  if (start < 0 || end < start) return `${doc.trimEnd()}\n\n${section}\n`;
  return doc.slice(0, start) + section + doc.slice(end + EVIDENCE_END.length);
}
