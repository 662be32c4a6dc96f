/**
 * Deleting a person: what an operator's confirmed delete and a visitor's own delete both run.
 * The visitors' Durable Objects forget everything; their events go from D1 (taken out of the hot
 * days' rollups) and, by a queued erasure, from the R2 archive; their leads go
 * from D1 with a queued deletion request to every partner that received one, and their visits'
 * ad click ids and ad-conversion rows with them (ad-records-erase.ts); the KV entries
 * keyed by the leads' ip or the visitor (ip-quality cache, rate-limit notes) are dropped. The signed
 * certificates stay: they are the consent proof, and once the lead is gone nothing matches them
 * (certificate-match.ts); one that still holds a plain hash of the contact is re-signed without
 * it (certificate-redaction.ts).
 */
import { planArchiveErasure, type ErasureMessage } from '../archive';
import { dropEmptyRollups, subtractVisitorsFromDay } from '../archive/rollup-subtract';
import { ipHash, visitorHash } from '../defence/rate-limit';
import { eraseArchivedLeads } from '../lead-archive/erase';
import { reportError } from '../observability/report-error';
import { ipCacheKey } from '../../partners/ipqs';
import type { VisitorDO } from '../visitor';
import { eraseAdRecords } from './ad-records-erase';
import { redactPlainHashes } from './certificate-redaction';
import { markErased } from './erased-visitors';
import { planPartnerDeletions, type PartnerDeletionMessage } from './partner-deletions';
import type { LeadRow } from './privacy-subject';

export interface ErasureTargets {
  leads: readonly LeadRow[];
  /** Public anonymous ids whose events go. */
  anonymousIds: readonly string[];
  /** The visitors' Durable Objects. */
  objects: readonly DurableObjectStub<VisitorDO>[];
  /** Secret visitor keys, when known (the visitor's own request): their rate-limit notes in KV go too. */
  visitorKeys?: readonly string[];
}

export interface ErasureResult {
  leads: number;
  visitors: number;
  events: number;
  partners: { recipient: string; lead: string }[];
  archiveErasure: { id: string; objects: number } | null;
}

function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

/** The Durable Objects named by the leads (their hex ids), without duplicates. */
export function objectIdsOf(leads: readonly LeadRow[]): string[] {
  return [
    ...new Set(
      leads.map((l) => l.visitor_object).filter((o): o is string => typeof o === 'string' && /^[0-9a-f]{64}$/.test(o)),
    ),
  ];
}

/**
 * UTC days holding rows of these visitors that the cron has not pruned. The report reads rollups
 * only, so a deletion takes their rows out of those days' rollups (in the same transaction); a
 * pruned day's rollups keep their counts, which hold no visitor, and so does a day whose pruning
 * began (its raw rows are partly gone: the visitor's rows may be too).
 */
async function unprunedDaysOf(db: D1Database, anonymousIds: readonly string[]): Promise<string[]> {
  const result = await db
    .prepare(
      `SELECT DISTINCT substr(received_at, 1, 10) AS day FROM events
       WHERE anonymous_id IN (${placeholders(anonymousIds.length)})
         AND substr(received_at, 1, 10) NOT IN (
           SELECT day FROM event_days WHERE pruned_at IS NOT NULL OR archive_confirmed_at IS NOT NULL)`,
    )
    .bind(...anonymousIds)
    .all<{ day: string }>();
  return result.results.map((r) => r.day);
}

export async function eraseRecords(env: Env, targets: ErasureTargets, now = new Date()): Promise<ErasureResult> {
  const db = env.DB;
  const anonymousIds = [...new Set(targets.anonymousIds)];
  const leads = targets.leads;
  await Promise.all(targets.objects.map((stub) => stub.forget()));
  const statements: D1PreparedStatement[] = [];
  // Their archived events go too: planned before the rows that name the objects are deleted.
  const erasure = anonymousIds.length ? await planArchiveErasure(db, anonymousIds, now) : null;
  const rawDays = anonymousIds.length ? await unprunedDaysOf(db, anonymousIds) : [];
  // Their rows leave the hot days' rollups by subtraction (rollup-subtract.ts): recomputing a
  // whole day in one statement passes D1's 30 s at full traffic, and this runs on a request.
  statements.push(...rawDays.flatMap((day) => subtractVisitorsFromDay(db, day, anonymousIds)));
  const deleteAt = statements.length;
  if (anonymousIds.length)
    statements.push(
      db
        .prepare(`DELETE FROM events WHERE anonymous_id IN (${placeholders(anonymousIds.length)})`)
        .bind(...anonymousIds),
      ...rawDays.flatMap((day) => dropEmptyRollups(db, day)),
    );
  if (erasure) statements.push(erasure.statement);
  // Their events still in the queue are dropped when they arrive.
  if (anonymousIds.length) statements.push(markErased(db, anonymousIds, now));
  const partners = await planPartnerDeletions(env, leads, now);
  statements.push(...partners.statements);
  // What was told to the ad platforms, their visits' ad click ids and experiment places (their own databases).
  await eraseAdRecords(env, leads, anonymousIds);
  // Certificates that still carry a plain hash of the contact get a redacted, re-signed copy.
  statements.push(
    ...(await redactPlainHashes(
      env,
      leads.map((l) => l.certificate_id).filter((id): id is string => typeof id === 'string'),
      now,
    )),
  );
  if (leads.length)
    statements.push(
      db.prepare(`DELETE FROM leads WHERE id IN (${placeholders(leads.length)})`).bind(...leads.map((l) => l.id)),
      // Their first-lead claims (keyed fingerprints) go with them.
      db
        .prepare(`DELETE FROM first_leads WHERE lead_id IN (${placeholders(leads.length)})`)
        .bind(...leads.map((l) => l.id)),
    );
  let events = 0;
  if (statements.length) {
    const results = await db.batch(statements);
    events = anonymousIds.length ? (results[deleteAt]?.meta.changes ?? 0) : 0;
  }
  // Their leads' objects in R2 (moved after the delivery window, or being moved now) go too.
  await eraseArchivedLeads(env, leads);
  // The consumer runs the erasure and the partner requests; if a send fails, the daily cron does (their rows are pending).
  const messages: (ErasureMessage | PartnerDeletionMessage)[] = [
    ...(erasure ? [{ kind: 'archive-erasure' as const, erasure: erasure.id }] : []),
    ...partners.ids.map((id) => ({ kind: 'partner-deletion' as const, deletion: id })),
  ];
  if (messages.length)
    await env.EVENTS.sendBatch(messages.map((body) => ({ body }))).catch((err: unknown) =>
      reportError(env, err, { where: 'privacy.erasure-send', messages: messages.length }),
    );
  // Caches keyed by the leads' ip: the ip-quality verdict and the rate-limit notes.
  const ips = [...new Set(leads.map((l) => l.ip).filter((ip): ip is string => typeof ip === 'string' && ip !== ''))];
  await Promise.all([
    ...ips.flatMap((ip) => [
      ipCacheKey(ip).then((key) => env.CACHE.delete(key)),
      ipHash(ip).then((hash) => env.CACHE.delete(`defence:rl:ip:${hash}`)),
    ]),
    ...(targets.visitorKeys ?? []).map((key) =>
      visitorHash(key).then((hash) => env.CACHE.delete(`defence:rl:v:${hash}`)),
    ),
  ]).catch((err: unknown) => reportError(env, err, { where: 'privacy.kv-delete' }));
  const recipients = await db
    .prepare(
      `SELECT recipient, lead_id AS lead FROM partner_deletions WHERE id IN (SELECT value FROM json_each(?)) ORDER BY lead_id, recipient`,
    )
    .bind(JSON.stringify(partners.ids))
    .all<{ recipient: string; lead: string }>();
  return {
    leads: leads.length,
    visitors: targets.objects.length,
    events,
    partners: recipients.results,
    archiveErasure: erasure ? { id: erasure.id, objects: erasure.objects } : null,
  };
}
