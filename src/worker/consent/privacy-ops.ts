/**
 * Operator privacy requests at /ops/privacy, behind the report token. A request names a person
 * by email, phone, or first name + last name + zip (Medicare leads may have no contact), in any
 * combination; only records carrying every identifier given are theirs (privacy-subject.ts).
 * - POST /ops/privacy/export: the person's leads, Durable Object state, events and do-not-sell
 *   requests as JSON.
 * - POST /ops/privacy/delete without `leads`: a preview of what matched (lead ids, brand,
 *   product, date, the partners that would get a deletion request); nothing is deleted.
 * - POST /ops/privacy/delete with `leads` (ids from the preview): deletes those leads, their
 *   visitors' Durable Object state and events (D1 and, queued, the R2 archive), and queues a
 *   deletion request to each partner that received them (privacy-erase.ts). An id the request
 *   no longer matches refuses the whole delete.
 * Nobody matching is a 404 `no_match` that says so; nothing is deleted. Do-not-sell requests
 * are kept (they are how the opt-out keeps being obeyed) and hold only fingerprints. Every
 * export, preview and deletion is written to `privacy_audit` with the subject as fingerprints.
 * The identifiers go in the body, never in the URL. Same-origin rule for writes: a
 * command-line client sends `Origin: https://{brand host}`.
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { requireReportToken } from '../report/auth';
import { recipientsOf } from './partner-deletions';
import { eraseRecords, objectIdsOf } from './privacy-erase';
import {
  leadsOf,
  namesSomeone,
  requestsOf,
  subjectOf,
  subjectShape,
  subjectSchema,
  type LeadRow,
  type Subject,
} from './privacy-subject';

export const privacyOps = new Hono<AppEnv>();
privacyOps.use('*', requireReportToken);

const deleteSchema = z
  .strictObject({ ...subjectShape, leads: z.array(z.string().min(1).max(64)).min(1).max(200).optional() })
  .refine(...namesSomeone);

export interface AuditCounts {
  leads: number;
  visitors: number;
  events: number;
  requests: number;
  partners?: number;
}

export async function audit(
  db: D1Database,
  action: 'export' | 'preview' | 'delete',
  via: 'operator' | 'visitor',
  subject: Pick<Subject, 'kind' | 'fingerprint'>,
  counts: AuditCounts,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .prepare(
      'INSERT INTO privacy_audit (id, at, action, via, subject_kind, subject_fingerprint, leads, visitors, events, requests, partners) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      id,
      new Date().toISOString(),
      action,
      via,
      subject.kind,
      subject.fingerprint,
      counts.leads,
      counts.visitors,
      counts.events,
      counts.requests,
      counts.partners ?? 0,
    )
    .run();
  return id;
}

const invalid = (result: { success: boolean; error?: z.core.$ZodError }) => {
  if (!result.success && result.error)
    throw new ApiError(400, 'invalid_request', 'The request does not match the schema', z.treeifyError(result.error));
};

const NO_MATCH = 'No record carries every identifier given; nothing was exported or deleted';
const noStore = { 'cache-control': 'no-store' };

/** Everything stored about these visitors: their events and their Durable Objects' state. */
export async function visitorData(env: Env, anonymousIds: readonly string[], objects: readonly string[]) {
  const events = anonymousIds.length
    ? (
        await env.DB.prepare(
          `SELECT * FROM events WHERE anonymous_id IN (SELECT value FROM json_each(?)) ORDER BY received_at`,
        )
          .bind(JSON.stringify(anonymousIds))
          .all()
      ).results
    : [];
  const visitors = await Promise.all(
    objects.map(async (hex) => ({
      object: hex,
      state: JSON.parse(await env.VISITOR.get(env.VISITOR.idFromString(hex)).exportState()) as unknown,
    })),
  );
  return { events, visitors };
}

/** A lead as the export shows it: its values parsed, not as a JSON string in a string. */
function exported(lead: LeadRow): Record<string, unknown> {
  try {
    return { ...lead, values: JSON.parse(lead.values) as unknown };
  } catch {
    return { ...lead };
  }
}

privacyOps.post('/export', zValidator('json', subjectSchema, invalid), async (c) => {
  const s = await subjectOf(c.env.LEAD_HASH_SALT, c.req.valid('json'));
  const leads = await leadsOf(c.env.DB, c.env.LEAD_HASH_SALT, s, c.env.ARCHIVE);
  const requests = await requestsOf(c.env.DB, c.env.LEAD_HASH_SALT, s);
  if (leads.length === 0 && requests.length === 0) {
    await audit(c.env.DB, 'export', 'operator', s, { leads: 0, visitors: 0, events: 0, requests: 0 });
    throw new ApiError(404, 'no_match', NO_MATCH, { identifiers: s.kind });
  }
  const { events, visitors } = await visitorData(
    c.env,
    [...new Set(leads.map((l) => l.visitor_id))],
    objectIdsOf(leads),
  );
  const auditId = await audit(c.env.DB, 'export', 'operator', s, {
    leads: leads.length,
    visitors: visitors.length,
    events: events.length,
    requests: requests.length,
  });
  return c.json(
    { audit: auditId, identifiers: s.kind, leads: leads.map(exported), visitors, events, requests },
    200,
    noStore,
  );
});

privacyOps.post('/delete', zValidator('json', deleteSchema, invalid), async (c) => {
  const { leads: confirmed, ...input } = c.req.valid('json');
  const s = await subjectOf(c.env.LEAD_HASH_SALT, input);
  const matched = await leadsOf(c.env.DB, c.env.LEAD_HASH_SALT, s, c.env.ARCHIVE);
  if (matched.length === 0) {
    await audit(c.env.DB, confirmed ? 'delete' : 'preview', 'operator', s, {
      leads: 0,
      visitors: 0,
      events: 0,
      requests: 0,
    });
    throw new ApiError(404, 'no_match', NO_MATCH, { identifiers: s.kind });
  }
  if (!confirmed) {
    const preview = await Promise.all(
      matched.map(async (l) => ({
        id: l.id,
        brand: l.brand,
        product: l.product,
        created_at: l.created_at,
        status: l.status ?? null,
        certificate_id: l.certificate_id,
        partners: (await recipientsOf(c.env, l)).map((r) => r.recipient),
      })),
    );
    const auditId = await audit(c.env.DB, 'preview', 'operator', s, {
      leads: matched.length,
      visitors: objectIdsOf(matched).length,
      events: 0,
      requests: 0,
    });
    return c.json(
      {
        audit: auditId,
        preview: true,
        identifiers: s.kind,
        matched: preview,
        deleted: null,
        message: `Nothing deleted yet. To delete, send the same identifiers with "leads" set to the ids to delete.`,
      },
      200,
      noStore,
    );
  }
  const byId = new Map(matched.map((l) => [l.id, l]));
  const unknown = confirmed.filter((id) => !byId.has(id));
  if (unknown.length > 0)
    throw new ApiError(
      409,
      'not_matched',
      'Some lead ids are not records of this person (any more); nothing was deleted. Preview again.',
      { leads: unknown },
    );
  const chosen = [...new Set(confirmed)].map((id) => byId.get(id)).filter((l): l is LeadRow => l !== undefined);
  const result = await eraseRecords(c.env, {
    leads: chosen,
    anonymousIds: chosen.map((l) => l.visitor_id),
    objects: objectIdsOf(chosen).map((hex) => c.env.VISITOR.get(c.env.VISITOR.idFromString(hex))),
  });
  const counts = {
    leads: result.leads,
    visitors: result.visitors,
    events: result.events,
    requests: 0,
    partners: result.partners.length,
  };
  const auditId = await audit(c.env.DB, 'delete', 'operator', s, counts);
  return c.json(
    {
      audit: auditId,
      deleted: counts,
      partnerDeletions: result.partners,
      certificatesKept: chosen.map((l) => l.certificate_id).filter(Boolean),
      // The archive erasure and the partner requests run after this answer (the queue, else the daily cron).
      archiveErasure: result.archiveErasure,
    },
    200,
    noStore,
  );
});
