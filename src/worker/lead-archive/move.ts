import { duplicateWindowMs } from '../funnel/same-person';
import { leadFingerprints, type LeadRow } from '../consent/privacy-subject';
import { retentionDays } from '../consent/retention';
import { LEAD_PERSON_SQL, leadBucketSql } from '../report/lead-buckets';
import { eraseArchivedLeads } from './erase';
import { DEFAULT_LEADS_HOT_DAYS } from './hot-days';
import {
  certificateKey,
  markerPrefix,
  HOT_ONLY_COLUMNS,
  PERSONAL_COLUMNS,
  personalKey,
  putOnce,
  recordKey,
  type ArchivedCertificate,
  type LeadRecord,
  type PersonalPart,
} from './store';

/**
 * The lead move (docs/decisions/0126-lead-move-built.md): a lead whose UTC day ended
 * LEADS_HOT_DAYS or more days ago has had its delivery window (queue retries, a buyer's answer,
 * the trust checks that look back a day), so it leaves D1 for R2. One step moves every lead of a
 * few visitors of one day:
 *   1. its objects are written to R2 (store.ts), each only if not already there byte for byte;
 *   2. one D1 transaction adds the leads still present to the report's rollups, keeps the
 *      duplicate check's fingerprints, and deletes the leads with their certificate, delivery
 *      and recipient rows.
 * A lead is deleted from D1 only after its R2 write succeeded, and counted in the rollups only
 * by the transaction that deletes it, so a crash anywhere leaves it either hot (a rerun writes the
 * same objects again as no-ops and moves it) or moved (a rerun does not see it).
 */
export type MoveEnv = Pick<Env, 'DB' | 'ARCHIVE' | 'LEAD_HASH_SALT' | 'LEAD_DUPLICATE_WINDOW_DAYS'> & {
  LEADS_HOT_DAYS?: string;
  LEAD_RETENTION_DAYS?: string;
};

const DAY_MS = 86_400_000;

export function leadsHotDays(env: { LEADS_HOT_DAYS?: string }): number {
  const days = Number(env.LEADS_HOT_DAYS ?? DEFAULT_LEADS_HOT_DAYS);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_LEADS_HOT_DAYS;
}

/** Leads created before this instant (a UTC midnight) have left their delivery window. */
export function leadMoveCutoff(env: { LEADS_HOT_DAYS?: string }, now: Date): string {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  return new Date(today - leadsHotDays(env) * DAY_MS).toISOString();
}

/** The UTC days that still hold leads past the cutoff, oldest first. */
export async function daysToMove(db: D1Database, cutoff: string): Promise<string[]> {
  const { results } = await db
    .prepare(`SELECT DISTINCT substr(created_at, 1, 10) AS day FROM leads WHERE created_at < ? ORDER BY day LIMIT 400`)
    .bind(cutoff)
    .all<{ day: string }>();
  return results.map((r) => r.day);
}

/** An erasure request that began this long before a move read its leads may still have deleted them after. */
const ERASURE_MARGIN_MS = 10 * 60_000;

/** How many of a day's oldest leads pick a step's visitors: each lead is a few R2 writes. */
const LEADS_PER_PICK = 25;

export interface StepOutcome {
  moved: number;
  /** Objects written (not already there). */
  written: number;
  /** Whether the day may hold more leads to move. */
  more: boolean;
}

const placeholdersOf = (ids: readonly string[]) => JSON.stringify(ids);
const IDS = `SELECT value FROM json_each(?1)`;

async function leadColumns(db: D1Database): Promise<Set<string>> {
  const { results } = await db.prepare(`SELECT name FROM pragma_table_info('leads')`).all<{ name: string }>();
  return new Set(results.map((r) => r.name));
}

/** The rollup rows of the leads named by ?1, added to what the rollups already hold. */
function rollupStatements(db: D1Database, columns: ReadonlySet<string>, ids: string): D1PreparedStatement[] {
  const bucketed = `SELECT substr(created_at, 1, 10) AS day, brand, page, ${leadBucketSql(columns)} AS bucket,
      ${LEAD_PERSON_SQL} AS person FROM leads WHERE id IN (${IDS})`;
  const people = db
    .prepare(
      `WITH b AS (${bucketed})
       INSERT INTO lead_rollups (day, brand, page, bucket, people)
       SELECT day, brand, page, bucket, people FROM (
         SELECT day, brand, page, bucket, COUNT(DISTINCT person) AS people FROM b GROUP BY day, brand, page, bucket
         UNION ALL SELECT day, brand, '*', bucket, COUNT(DISTINCT person) FROM b GROUP BY day, brand, bucket
         UNION ALL SELECT day, '*', page, bucket, COUNT(DISTINCT person) FROM b GROUP BY day, page, bucket
         UNION ALL SELECT day, '*', '*', bucket, COUNT(DISTINCT person) FROM b GROUP BY day, bucket
       ) WHERE true
       ON CONFLICT (day, brand, page, bucket) DO UPDATE SET people = people + excluded.people`,
    )
    .bind(ids);
  const trust = db
    .prepare(
      `INSERT INTO lead_trust_rollups (day, brand, page, traffic_source, verdict, leads)
       SELECT substr(created_at, 1, 10), brand, page, COALESCE(traffic_source, '(unknown)'), COALESCE(trust_verdict, ''), COUNT(*)
       FROM leads WHERE id IN (${IDS})
       GROUP BY 1, 2, 3, 4, 5
       ON CONFLICT (day, brand, page, traffic_source, verdict) DO UPDATE SET leads = leads + excluded.leads`,
    )
    .bind(ids);
  return [people, trust];
}

interface Fingerprinted {
  id: string;
  product: string;
  created_at: string;
  phone: string | null;
  email: string | null;
}

/** Every object of one lead, as key and body. */
function objectsOf(
  lead: LeadRow,
  certificate: Record<string, unknown> | null,
  deliveries: Record<string, unknown>[],
  recipients: LeadRecord['recipients'],
  fp: { phone: string | null; email: string | null },
  firstRetainedDay: string,
): [string, string][] {
  const record: Record<string, unknown> = { ...lead };
  for (const column of [...PERSONAL_COLUMNS, ...HOT_ONLY_COLUMNS]) delete record[column];
  // The fingerprints its markers are filed under, worked out from the values for an older lead
  // that has none stored: an erasure finds the markers by them once the values are gone.
  record.phone_fingerprint = fp.phone;
  record.email_fingerprint = fp.email;
  // The certificate's JWS lives once, in its own object, which certificate expiry deletes
  // (src/worker/lead-log/expiry.ts); the record keeps the row's other columns.
  const { jws: _signed, ...certificateRow } = certificate ?? {};
  const body: LeadRecord = {
    lead: { ...record, id: lead.id, created_at: String(lead.created_at), visitor_id: lead.visitor_id },
    certificate: certificate ? certificateRow : null,
    deliveries,
    recipients,
  };
  const personal: PersonalPart = {
    values: typeof lead.values === 'string' ? lead.values : '{}',
    ip: lead.ip,
    user_agent: typeof lead.user_agent === 'string' ? lead.user_agent : null,
  };
  const day = String(lead.created_at).slice(0, 10);
  const objects: [string, string][] = [
    [recordKey(lead.id), JSON.stringify(body)],
    [`${markerPrefix('visitor', lead.visitor_id)}${lead.id}`, ''],
  ];
  // A day already past lead retention keeps no personal object (retention may have swept it already).
  if (day >= firstRetainedDay) objects.push([personalKey(day, lead.id), JSON.stringify(personal)]);
  if (certificate) {
    const archived: ArchivedCertificate = {
      id: String(certificate.id),
      lead_id: lead.id,
      brand: String(certificate.brand),
      kid: String(certificate.kid),
      jws: String(certificate.jws),
      created_at: String(certificate.created_at),
      phone_fingerprint: fp.phone,
      email_fingerprint: fp.email,
    };
    objects.push([certificateKey(archived.id), JSON.stringify(archived)]);
  }
  if (fp.phone) objects.push([`${markerPrefix('phone', fp.phone)}${lead.id}`, '']);
  if (fp.email) objects.push([`${markerPrefix('email', fp.email)}${lead.id}`, '']);
  return objects;
}

function byLead<T extends { lead_id: string }>(rows: T[]): Map<string, Omit<T, 'lead_id'>[]> {
  const out = new Map<string, Omit<T, 'lead_id'>[]>();
  for (const { lead_id, ...rest } of rows) out.set(lead_id, [...(out.get(lead_id) ?? []), rest]);
  return out;
}

/** Moves the leads of the next few visitors of `day` (which must be before the cutoff). */
export async function moveLeadStep(env: MoveEnv, day: string, now: Date): Promise<StepOutcome> {
  const cutoff = leadMoveCutoff(env, now);
  const start = `${day}T00:00:00.000Z`;
  const end = new Date(Math.min(Date.parse(start) + DAY_MS, Date.parse(cutoff))).toISOString();
  if (start >= end) return { moved: 0, written: 0, more: false };
  const db = env.DB;
  // The visitors of the day's oldest leads, then every lead of theirs that day: each read walks an
  // index (created_at, then visitor_id), so a step costs the same early and late in a 100k-lead day.
  // A person (a session, or the visitor of a lead without one) belongs to one visitor, so a step
  // holds all of each person's leads of the day and its distinct counts add up exactly.
  const oldest = await db
    .prepare(`SELECT visitor_id FROM leads WHERE created_at >= ? AND created_at < ? ORDER BY created_at LIMIT ?`)
    .bind(start, end, LEADS_PER_PICK)
    .all<{ visitor_id: string }>();
  if (oldest.results.length === 0) return { moved: 0, written: 0, more: false };
  const readAt = Date.now();
  const leads = await db
    .prepare(
      `SELECT * FROM leads WHERE visitor_id IN (SELECT value FROM json_each(?)) AND created_at >= ? AND created_at < ?`,
    )
    .bind(JSON.stringify([...new Set(oldest.results.map((l) => l.visitor_id))]), start, end)
    .all<LeadRow>();
  const ids = leads.results.map((l) => l.id);
  const idsJson = placeholdersOf(ids);
  const [certificates, deliveries, recipients] = await db.batch([
    db.prepare(`SELECT * FROM lead_certificates WHERE lead_id IN (${IDS})`).bind(idsJson),
    db.prepare(`SELECT * FROM lead_deliveries WHERE lead_id IN (${IDS}) ORDER BY lead_id, recipient`).bind(idsJson),
    db
      .prepare(
        `SELECT lead_id, recipient, endpoint, reference FROM lead_recipients WHERE lead_id IN (${IDS}) ORDER BY lead_id, recipient`,
      )
      .bind(idsJson),
  ]);
  const certificateOf = new Map(
    ((certificates?.results ?? []) as Record<string, unknown>[]).map((c) => [String(c.lead_id), c]),
  );
  const deliveriesOf = byLead((deliveries?.results ?? []) as { lead_id: string }[]);
  const recipientsOf = byLead(
    (recipients?.results ?? []) as {
      lead_id: string;
      recipient: string;
      endpoint: string;
      reference: string | null;
    }[],
  );

  // 1. R2, before anything is deleted.
  const fingerprinted: Fingerprinted[] = [];
  const objects: [string, string][] = [];
  const salt = env.LEAD_HASH_SALT ?? '';
  const firstRetainedDay = new Date(now.getTime() - retentionDays(env) * DAY_MS).toISOString().slice(0, 10);
  for (const lead of leads.results) {
    const fp = await leadFingerprints(salt, lead);
    fingerprinted.push({
      id: lead.id,
      product: String(lead.product),
      created_at: String(lead.created_at),
      phone: fp.phone,
      email: fp.email,
    });
    objects.push(
      ...objectsOf(
        lead,
        certificateOf.get(lead.id) ?? null,
        deliveriesOf.get(lead.id) ?? [],
        recipientsOf.get(lead.id) ?? [],
        fp,
        firstRetainedDay,
      ),
    );
  }
  const writes = await Promise.all(objects.map(([key, body]) => putOnce(env.ARCHIVE, key, body)));

  // 2. One D1 transaction: the rows still there are counted, fingerprinted and deleted.
  const since = new Date(now.getTime() - duplicateWindowMs(env)).toISOString();
  const delivered = leads.results
    .filter((l) => l.delivery === 'delivered' && String(l.created_at) >= since)
    .map((l) => fingerprinted.find((f) => f.id === l.id))
    .filter((f): f is Fingerprinted => Boolean(f && (f.phone || f.email)));
  const columns = await leadColumns(db);
  const results = await db.batch([
    db.prepare(`SELECT id FROM leads WHERE id IN (${IDS})`).bind(idsJson),
    ...rollupStatements(db, columns, idsJson),
    db
      .prepare(
        `INSERT INTO lead_fingerprints (id, product, created_at, phone_fingerprint, email_fingerprint)
         SELECT json_extract(f.value, '$.id'), json_extract(f.value, '$.product'), json_extract(f.value, '$.created_at'),
           json_extract(f.value, '$.phone'), json_extract(f.value, '$.email')
         FROM json_each(?1) f WHERE json_extract(f.value, '$.id') IN (SELECT id FROM leads)`,
      )
      .bind(JSON.stringify(delivered)),
    db.prepare(`DELETE FROM lead_certificates WHERE lead_id IN (${IDS})`).bind(idsJson),
    db.prepare(`DELETE FROM lead_deliveries WHERE lead_id IN (${IDS})`).bind(idsJson),
    db.prepare(`DELETE FROM lead_recipients WHERE lead_id IN (${IDS})`).bind(idsJson),
    db.prepare(`DELETE FROM leads WHERE id IN (${IDS})`).bind(idsJson),
  ]);
  // A lead gone between the read and the transaction was either moved by another run of the same
  // day (its objects are the ones just written: they stay) or erased (an erasure marks its visitor
  // in the transaction that deletes it): the objects just written for an erased lead must not
  // outlive its erasure. The erasure's mark carries the time its request began, hence the margin.
  const present = new Set(((results[0]?.results ?? []) as { id: string }[]).map((r) => r.id));
  const vanished = leads.results.filter((l) => !present.has(l.id));
  if (vanished.length > 0) {
    const erased = await db
      .prepare(
        `SELECT anonymous_id FROM erased_visitors WHERE anonymous_id IN (SELECT value FROM json_each(?)) AND erased_at >= ?`,
      )
      .bind(JSON.stringify(vanished.map((l) => l.visitor_id)), new Date(readAt - ERASURE_MARGIN_MS).toISOString())
      .all<{ anonymous_id: string }>();
    const visitors = new Set(erased.results.map((r) => r.anonymous_id));
    await eraseArchivedLeads(
      env,
      vanished.filter((l) => visitors.has(l.visitor_id)),
    );
  }
  return {
    moved: present.size,
    written: writes.filter(Boolean).length,
    more: oldest.results.length === LEADS_PER_PICK,
  };
}

/** Moves a whole day, step by step, up to `budget` leads; answers what it did. */
export async function moveLeadDay(
  env: MoveEnv,
  day: string,
  now: Date,
  budget = Number.POSITIVE_INFINITY,
): Promise<{ moved: number; written: number; done: boolean }> {
  let moved = 0;
  let written = 0;
  for (;;) {
    const step = await moveLeadStep(env, day, now);
    moved += step.moved;
    written += step.written;
    if (!step.more) return { moved, written, done: true };
    if (moved >= budget) return { moved, written, done: false };
  }
}

/** Lead fingerprints past the duplicate window are never read again. */
export async function forgetOldFingerprints(env: MoveEnv, now: Date): Promise<number> {
  const since = new Date(now.getTime() - duplicateWindowMs(env)).toISOString();
  const result = await env.DB.prepare(`DELETE FROM lead_fingerprints WHERE created_at < ?`).bind(since).run();
  return result.meta.changes ?? 0;
}
