/**
 * `npm run indexes`: which index of the hot tables (leads, events, first_leads, and the revenue
 * store's phone_leases, visit_values, payouts) each query
 * of the Worker uses, by SQLite's own planner (EXPLAIN QUERY PLAN over this checkout's migrations;
 * D1 is SQLite), and which index no query uses. The queries are the Worker's, copied with their
 * file; a query added to the Worker that filters these tables belongs here too. Exits 1 when an
 * index is unused, so an index nothing reads does not come back unnoticed.
 */
import { DatabaseSync } from 'node:sqlite';
import { applyMigrations } from './all-migrations';

const QUERIES: [where: string, sql: string][] = [
  // leads
  ['report/query.ts lead counts', `SELECT brand FROM leads WHERE created_at >= ? AND created_at < ?`],
  [
    'report/query.ts lead counts, a brand',
    `SELECT brand FROM leads WHERE created_at >= ? AND created_at < ? AND brand = ?`,
  ],
  [
    'report/lead-trust.ts',
    `SELECT brand, COUNT(*) FROM leads WHERE created_at >= ? AND created_at < ? AND brand = ? AND page = ? GROUP BY 1`,
  ],
  [
    'funnel/same-person.ts',
    `SELECT id, created_at FROM leads WHERE product = ?1 AND id <> ?2 AND created_at >= ?3 AND delivery = 'delivered'
       AND ((?4 IS NOT NULL AND phone_fingerprint = ?4) OR (?5 IS NOT NULL AND email_fingerprint = ?5))
     UNION ALL SELECT lead_id, claimed_at FROM first_leads WHERE product = ?1 AND lead_id <> ?2 AND claimed_at >= ?3
       AND ((kind = 'phone' AND fingerprint = ?6) OR (kind = 'email' AND fingerprint = ?7))
     ORDER BY created_at LIMIT 1`,
  ],
  [
    'funnel/leads.ts same lead',
    `SELECT id FROM leads WHERE phone_key = ? AND visitor_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1`,
  ],
  [
    'funnel/leads.ts resubmission',
    `SELECT id, status FROM leads WHERE visitor_id = ? AND ((phone_key = ? AND created_at > ?) OR (form = ? AND submission_id = ?)) ORDER BY created_at DESC LIMIT 1`,
  ],
  [
    'defence/contact-signals.ts phone',
    `SELECT COUNT(DISTINCT visitor_id) FROM leads WHERE phone_fingerprint = ? AND created_at >= ? AND visitor_id != ?`,
  ],
  [
    'defence/contact-signals.ts email',
    `SELECT COUNT(DISTINCT visitor_id) FROM leads WHERE email_fingerprint = ? AND created_at >= ? AND visitor_id != ?`,
  ],
  [
    'operations/health.ts queued',
    `SELECT COUNT(*) FROM leads WHERE quotewizard_status IN ('queued', 'retrying') AND created_at < ?`,
  ],
  ['operations/health.ts failed', `SELECT COUNT(*) FROM leads WHERE quotewizard_status = 'failed' AND updated_at > ?`],
  [
    'consent/retention.ts purge',
    `UPDATE leads SET "values" = '{}' WHERE created_at < ? AND personal_purged_at IS NULL`,
  ],
  [
    'consent/retention.ts dedupe keys',
    `UPDATE leads SET phone_key = NULL WHERE phone_key IS NOT NULL AND created_at < ?`,
  ],
  [
    'consent/privacy-subject.ts',
    `SELECT * FROM leads WHERE phone_fingerprint = ?1 OR email_fingerprint = ?2 OR phone_sha256 = ?3 OR email_sha256 = ?4
       OR json_extract("values", '$.phone') IN (?5, ?6) OR lower(json_extract("values", '$.email')) = ?7`,
  ],
  [
    'consent/fingerprint-backfill.ts',
    `SELECT id FROM leads WHERE id > ? AND personal_purged_at IS NULL AND phone_fingerprint IS NULL AND email_fingerprint IS NULL ORDER BY id LIMIT ?`,
  ],
  [
    'consent/fingerprint-backfill.ts phone hash',
    `UPDATE leads SET phone_sha256 = NULL WHERE phone_sha256 IS NOT NULL AND phone_fingerprint IS NOT NULL`,
  ],
  [
    'consent/fingerprint-backfill.ts email hash',
    `UPDATE leads SET email_sha256 = NULL WHERE email_sha256 IS NOT NULL AND email_fingerprint IS NOT NULL`,
  ],
  ['consent/your-data.ts', `SELECT * FROM leads WHERE visitor_id = ? ORDER BY created_at`],
  ['lead-delivery/consumer.ts', `SELECT id FROM leads WHERE visitor_id = ? AND form = ? AND submission_id = ?`],
  [
    'lead-archive/move.ts days',
    `SELECT DISTINCT substr(created_at, 1, 10) AS day FROM leads WHERE created_at < ? ORDER BY day LIMIT 400`,
  ],
  [
    'lead-archive/move.ts oldest',
    `SELECT visitor_id FROM leads WHERE created_at >= ? AND created_at < ? ORDER BY created_at LIMIT ?`,
  ],
  [
    'lead-archive/move.ts step',
    `SELECT * FROM leads WHERE visitor_id IN (SELECT value FROM json_each(?)) AND created_at >= ? AND created_at < ?`,
  ],
  // first_leads: the duplicate window (funnel/same-person.ts)
  [
    'funnel/same-person.ts claim, held by another',
    `SELECT lead_id FROM first_leads WHERE product = ?1 AND lead_id <> ?2
       AND ((kind = 'phone' AND fingerprint = ?3) OR (kind = 'email' AND fingerprint = ?4)) ORDER BY claimed_at LIMIT 1`,
  ],
  [
    'funnel/same-person.ts claim, given back',
    `DELETE FROM first_leads WHERE lead_id = ?2 AND product = ?1 AND EXISTS (SELECT 1 FROM first_leads f
       WHERE f.product = ?1 AND f.lead_id <> ?2 AND f.kind = 'phone' AND f.fingerprint = ?3)`,
  ],
  ['consent/retention.ts forgetSpentClaims', `DELETE FROM first_leads WHERE claimed_at < ?`],
  ['lead-archive/erase.ts, consent/privacy-erase.ts', `DELETE FROM first_leads WHERE lead_id = ?`],
  [
    'lead-delivery/seller-delivery.ts',
    `SELECT * FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id WHERE d.lead_id = ? AND d.recipient = ?`,
  ],
  // events
  [
    'archive/rollup-query.ts, the rollup triggers (first of a session)',
    `SELECT 1 FROM events e WHERE e.session_id = ? AND e.event = ? AND e.brand = ? AND substr(e.received_at, 1, 10) = ?`,
  ],
  [
    'revenue/lead-visit.ts, ad-conversions/visit-click-ids.ts',
    `SELECT properties FROM events WHERE session_id = ? ORDER BY received_at LIMIT 1`,
  ],
  ['archive/maintain.ts day', `SELECT COUNT(*) FROM events WHERE received_at >= ? AND received_at < ?`],
  [
    'archive/maintain.ts prune chunk',
    `SELECT rowid FROM events WHERE received_at >= ? AND received_at < ? AND archive_batch IS NOT NULL LIMIT ?`,
  ],
  [
    'archive/maintain.ts days',
    `SELECT substr(received_at, 1, 10) AS day, COUNT(*) FROM events WHERE received_at < ? GROUP BY day`,
  ],
  [
    'consent/privacy-ops.ts, privacy-erase.ts',
    `SELECT * FROM events WHERE anonymous_id IN (SELECT value FROM json_each(?)) ORDER BY received_at`,
  ],
  ['consent/your-data.ts events', `SELECT COUNT(*) FROM events WHERE anonymous_id = ?`],
  ['queue/consumer.ts', `SELECT 1 FROM events WHERE events.id = ?`],
  // The revenue store (REVENUE_DB, migrations-revenue/): its large tables' indexes.
  [
    'revenue/postback.ts lease',
    `SELECT session_id FROM phone_leases WHERE number = ?2 AND leased_at <= ?3 AND expires_at > ?3 ORDER BY leased_at DESC LIMIT 1`,
  ],
  ['revenue/postback.ts, postback-dates.ts ref', `SELECT session_id, created_at FROM visit_values WHERE ref = ?`],
  ['ad-conversions (visit by session)', `SELECT click_ids, visitor_id, page FROM visit_values WHERE session_id = ?`],
  ['revenue/retention.ts days', `SELECT DISTINCT day FROM visit_values WHERE day < ? ORDER BY day LIMIT ?`],
  [
    'experiments/variant-stats.ts people',
    `SELECT MAX(realized_call_cents) FROM visit_values v WHERE v.visitor_id = ? AND v.variant = ?`,
  ],
  [
    'consent/ad-records-erase.ts',
    `SELECT session_id FROM visit_values WHERE visitor_id IN (SELECT value FROM json_each(?))`,
  ],
  [
    'operations/health-checks/money-figures.ts',
    `SELECT partner, COUNT(*), SUM(payout_cents) FROM payouts WHERE at >= ? GROUP BY partner`,
  ],
  ['archive/table-prune.ts payouts', `SELECT partner, conversion_id FROM payouts WHERE at < ? LIMIT ?`],
];

const TABLES = ['leads', 'events', 'first_leads', 'phone_leases', 'visit_values', 'payouts'];

const db = new DatabaseSync(':memory:');
// DB's migrations, then the revenue store's (its tables' copies left in DB are dropped first).
applyMigrations(db, [
  ['migrations', 'DB'],
  ['migrations-revenue', 'REVENUE_DB'],
  ['migrations-leases', 'LEASES_DB'],
]);

const indexes = db
  .prepare(
    `SELECT name, tbl_name AS tableName FROM sqlite_schema WHERE type = 'index' AND tbl_name IN (${TABLES.map(() => '?').join(', ')}) ORDER BY tbl_name, name`,
  )
  .all(...TABLES) as { name: string; tableName: string }[];

const usedBy = new Map<string, string[]>(indexes.map((i) => [i.name, []]));
for (const [where, sql] of QUERIES) {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[];
  for (const step of plan) {
    // "SEARCH leads USING INDEX leads_phone_key (...)", "USING COVERING INDEX ...", "USING PRIMARY KEY".
    const name = /USING (?:COVERING )?INDEX (\S+)/.exec(step.detail)?.[1];
    if (name && usedBy.has(name)) usedBy.get(name)?.push(where);
  }
}

const report = indexes.map((i) => ({ table: i.tableName, index: i.name, usedBy: [...new Set(usedBy.get(i.name))] }));
for (const r of report)
  console.log(`${r.table.padEnd(18)} ${r.index.padEnd(36)} ${r.usedBy.length ? r.usedBy.join('; ') : 'UNUSED'}`);
const unused = report.filter((r) => r.usedBy.length === 0);
if (unused.length) {
  console.log(`\n${unused.length} indexes no query uses: ${unused.map((r) => r.index).join(', ')}`);
  process.exitCode = 1;
}
