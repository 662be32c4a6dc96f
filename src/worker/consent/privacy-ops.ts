/**
 * Operator privacy requests at /ops/privacy (issue 19), behind the report token:
 * - POST /ops/privacy/export `{ email?, phone? }`: the visitor's leads, Durable Object state,
 *   events and do-not-sell requests as JSON;
 * - POST /ops/privacy/delete `{ email?, phone? }`: deletes those leads, wipes those visitors'
 *   Durable Objects and deletes their events, in D1 and (by a queued erasure, src/worker/archive/erase.ts)
 *   in the R2 archive; the signed certificates stay (they hold hashes
 *   only and are the proof of consent a buyer may need). Repeatable: a second run finds nothing
 *   and says so. Every export and deletion is written to `privacy_audit` with the subject as a
 *   hash. The contact goes in the body, never in the URL.
 * Same-origin rule for writes: a command-line client sends `Origin: https://{brand host}`.
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { planArchiveErasure, type ErasureMessage } from '../archive';
import { replaceDayRollups } from '../archive/rollup-query';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { reportError } from '../observability/report-error';
import { requireReportToken } from '../report/auth';
import { emailSha256, normaliseEmail, normalisePhone, phoneSha256 } from './contact-hash';

export const privacyOps = new Hono<AppEnv>();
privacyOps.use('*', requireReportToken);

const subjectSchema = z
  .strictObject({ email: z.string().max(256).optional(), phone: z.string().max(32).optional() })
  .refine((s) => Boolean(s.email?.trim() || s.phone?.trim()), 'an email or a phone number is required');

interface Subject {
  email: string | null;
  phone: string | null;
  emailHash: string | null;
  phoneHash: string | null;
  /** The phone as the forms store it: (ddd) ddd-dddd. */
  phoneStored: string | null;
  kind: string;
  /** SHA-256 of the subject, for the audit row. */
  hash: string;
}

async function subjectOf(input: { email?: string | undefined; phone?: string | undefined }): Promise<Subject> {
  const email = input.email?.trim() ? normaliseEmail(input.email) : null;
  const phone = input.phone?.trim() ? normalisePhone(input.phone) : null;
  if ((input.email?.trim() && !email) || (input.phone?.trim() && !phone))
    throw new ApiError(400, 'invalid_subject', 'The email or phone number is not valid');
  const [emailHash, phoneHash] = await Promise.all([emailSha256(email), phoneSha256(phone)]);
  const kind = [email ? 'email' : null, phone ? 'phone' : null].filter(Boolean).join('+');
  return {
    email,
    phone,
    emailHash,
    phoneHash,
    phoneStored: phone ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : null,
    kind,
    hash: [phoneHash, emailHash].filter(Boolean).join(':'),
  };
}

interface LeadRow {
  id: string;
  visitor_id: string;
  visitor_object: string | null;
  certificate_id: string | null;
  [column: string]: unknown;
}

async function leadsOf(db: D1Database, s: Subject): Promise<LeadRow[]> {
  // Hashes match leads written since issue 19; the stored values match older ones (until retention clears them).
  const rows = await db
    .prepare(
      `SELECT * FROM leads WHERE phone_sha256 = ?1 OR email_sha256 = ?2
        OR json_extract("values", '$.phone') = ?3 OR json_extract("values", '$.driver1Phone') = ?3
        OR lower(json_extract("values", '$.email')) = ?4 OR lower(json_extract("values", '$.driver1Email')) = ?4`,
    )
    .bind(s.phoneHash, s.emailHash, s.phoneStored, s.email)
    .all<LeadRow>();
  return rows.results;
}

function visitorsOf(leads: readonly LeadRow[]): { anonymousIds: string[]; objects: string[] } {
  return {
    anonymousIds: [...new Set(leads.map((l) => l.visitor_id))],
    objects: [
      ...new Set(
        leads
          .map((l) => l.visitor_object)
          .filter((o): o is string => typeof o === 'string' && /^[0-9a-f]{64}$/.test(o)),
      ),
    ],
  };
}

function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

async function audit(
  db: D1Database,
  action: 'export' | 'delete',
  s: Subject,
  counts: { leads: number; visitors: number; events: number; requests: number },
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .prepare(
      'INSERT INTO privacy_audit (id, at, action, subject_kind, subject_sha256, leads, visitors, events, requests) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      id,
      new Date().toISOString(),
      action,
      s.kind,
      s.hash,
      counts.leads,
      counts.visitors,
      counts.events,
      counts.requests,
    )
    .run();
  return id;
}

const invalid = (result: { success: boolean; error?: z.core.$ZodError }) => {
  if (!result.success && result.error)
    throw new ApiError(400, 'invalid_request', 'The request does not match the schema', z.treeifyError(result.error));
};

privacyOps.post('/export', zValidator('json', subjectSchema, invalid), async (c) => {
  const s = await subjectOf(c.req.valid('json'));
  const db = c.env.DB;
  const leads = await leadsOf(db, s);
  const { anonymousIds, objects } = visitorsOf(leads);
  const events = anonymousIds.length
    ? (
        await db
          .prepare(
            `SELECT * FROM events WHERE anonymous_id IN (${placeholders(anonymousIds.length)}) ORDER BY received_at`,
          )
          .bind(...anonymousIds)
          .all()
      ).results
    : [];
  const visitors = await Promise.all(
    objects.map(async (hex) => ({
      object: hex,
      state: JSON.parse(await c.env.VISITOR.get(c.env.VISITOR.idFromString(hex)).exportState()) as unknown,
    })),
  );
  const requests = (
    await db
      .prepare('SELECT * FROM privacy_requests WHERE email_sha256 = ? OR phone_sha256 = ?')
      .bind(s.emailHash, s.phoneHash)
      .all()
  ).results;
  const auditId = await audit(db, 'export', s, {
    leads: leads.length,
    visitors: visitors.length,
    events: events.length,
    requests: requests.length,
  });
  return c.json({ audit: auditId, leads, visitors, events, requests }, 200, { 'cache-control': 'no-store' });
});

/**
 * UTC days holding rows of these visitors that the cron has not pruned. The report reads rollups
 * only, so a deletion recomputes those days' rollups from the rows left (in the same transaction);
 * a pruned day's rollups keep their counts, which hold no visitor (docs/decisions/0044-events-ingest-per-batch-privacy-deletes-reach.md).
 */
async function unprunedDaysOf(db: D1Database, anonymousIds: string[]): Promise<string[]> {
  const result = await db
    .prepare(
      `SELECT DISTINCT substr(received_at, 1, 10) AS day FROM events
       WHERE anonymous_id IN (${placeholders(anonymousIds.length)})
         AND substr(received_at, 1, 10) NOT IN (SELECT day FROM event_days WHERE pruned_at IS NOT NULL)`,
    )
    .bind(...anonymousIds)
    .all<{ day: string }>();
  return result.results.map((r) => r.day);
}

privacyOps.post('/delete', zValidator('json', subjectSchema, invalid), async (c) => {
  const s = await subjectOf(c.req.valid('json'));
  const db = c.env.DB;
  const leads = await leadsOf(db, s);
  const { anonymousIds, objects } = visitorsOf(leads);
  await Promise.all(objects.map((hex) => c.env.VISITOR.get(c.env.VISITOR.idFromString(hex)).forget()));
  let events = 0;
  const statements: D1PreparedStatement[] = [];
  // Their archived events go too: planned before the rows that name the objects are deleted.
  const erasure = anonymousIds.length ? await planArchiveErasure(db, anonymousIds, new Date()) : null;
  // The days their rows are in, still raw: their rollups are recomputed without them below.
  const rawDays = anonymousIds.length ? await unprunedDaysOf(db, anonymousIds) : [];
  if (anonymousIds.length)
    statements.push(
      db
        .prepare(`DELETE FROM events WHERE anonymous_id IN (${placeholders(anonymousIds.length)})`)
        .bind(...anonymousIds),
      ...rawDays.flatMap((day) => replaceDayRollups(db, 'events', day)),
    );
  if (erasure) statements.push(erasure.statement);
  if (leads.length)
    statements.push(
      db.prepare(`DELETE FROM leads WHERE id IN (${placeholders(leads.length)})`).bind(...leads.map((l) => l.id)),
    );
  if (statements.length) {
    const results = await db.batch(statements);
    events = anonymousIds.length ? (results[0]?.meta.changes ?? 0) : 0;
  }
  // The consumer runs the erasure; if this send fails, the daily cron runs it (its row is pending).
  if (erasure)
    await c.env.EVENTS.send({ kind: 'archive-erasure', erasure: erasure.id } satisfies ErasureMessage).catch(
      (err: unknown) => reportError(c.env, err, { where: 'privacy.archive-erasure-send', erasure: erasure.id }),
    );
  const counts = { leads: leads.length, visitors: objects.length, events, requests: 0 };
  const auditId = await audit(db, 'delete', s, counts);
  return c.json(
    {
      audit: auditId,
      deleted: counts,
      certificatesKept: leads.map((l) => l.certificate_id).filter(Boolean),
      // The archive erasure runs after this answer (the queue, else the daily cron).
      archiveErasure: erasure ? { id: erasure.id, objects: erasure.objects } : null,
    },
    200,
    { 'cache-control': 'no-store' },
  );
});
