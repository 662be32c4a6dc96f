/**
 * One person, one lead: a phone number, and separately an email, makes one delivered lead per
 * product within LEAD_DUPLICATE_WINDOW_DAYS (30 by default), across visitors and brands. A
 * later complete lead of the same person is stored as `duplicate`, linked to the first, and
 * not delivered; the same visitor with the same phone on another form is the same person.
 * Only a delivered lead counts as the first, so a bot that files a stranger's phone first cannot
 * make the real person's own request a duplicate; another product the person asked about never
 * counts either.
 *
 * The first lead is claimed, not read: before a lead is queued to anyone it claims each of its
 * contact fingerprints for its product in `first_leads` (a primary key, one transaction), so two
 * first leads of one person posted at the same instant by two visitors or brands cannot both
 * be delivered (docs/decisions/0231-one-token-one-lead-and-the-first-lead-claim.md). A claim is
 * also what keeps a delivered lead in the window once it has moved to R2: every way to delivery
 * (this request, an operator's release) claims, so first_leads alone holds the window
 * (docs/decisions/0315-duplicate-window-in-one-table-and-shorter-claims.md).
 */
import { claimKey } from './claim-key';
import type { DeliveryDecision } from './delivery-decision';

export function duplicateWindowMs(env: Pick<Env, 'LEAD_DUPLICATE_WINDOW_DAYS'>): number {
  const days = Number(env.LEAD_DUPLICATE_WINDOW_DAYS);
  return (Number.isFinite(days) && days > 0 ? Math.min(days, 365) : 30) * 86_400_000;
}

export interface PersonLead {
  id: string;
  product: string;
  phoneFingerprint: string | null;
  emailFingerprint: string | null;
}

/** The id of this person's earlier delivered (or claimed) lead of the product in the window, or null. */
export async function earlierLeadOfPerson(
  env: Pick<Env, 'DB' | 'LEAD_DUPLICATE_WINDOW_DAYS'>,
  lead: PersonLead,
  now = new Date(),
): Promise<string | null> {
  if (!lead.phoneFingerprint && !lead.emailFingerprint) return null;
  const since = new Date(now.getTime() - duplicateWindowMs(env)).toISOString();
  // A delivered lead holds its claims in first_leads for the whole window, in D1 or moved to R2
  // (lead-archive/move.ts); a claim is also a lead being delivered right now by another request.
  const row = await env.DB.prepare(
    `SELECT id, created_at FROM leads
     WHERE product = ?1 AND id <> ?2 AND created_at >= ?3 AND delivery = 'delivered'
       AND ((?4 IS NOT NULL AND phone_fingerprint = ?4) OR (?5 IS NOT NULL AND email_fingerprint = ?5))
     UNION ALL
     SELECT lead_id, claimed_at FROM first_leads
     WHERE product = ?1 AND lead_id <> ?2 AND claimed_at >= ?3
       AND ((kind = 'phone' AND fingerprint = ?6) OR (kind = 'email' AND fingerprint = ?7))
     ORDER BY created_at LIMIT 1`,
  )
    .bind(
      lead.product,
      lead.id,
      since,
      lead.phoneFingerprint,
      lead.emailFingerprint,
      claimKey(lead.phoneFingerprint),
      claimKey(lead.emailFingerprint),
    )
    .first<{ id: string }>();
  return row?.id ?? null;
}

/**
 * Claims the person's first lead of the product for this lead, atomically: one D1 batch (one
 * transaction) inserts a claim per contact fingerprint (a claim past the window is taken over),
 * gives back this lead's claims if any fingerprint is held by another lead, and reads the holder.
 * Returns null when this lead holds every claim (it is the first, or is this lead again), else
 * the id of the lead that holds one.
 */
export async function claimFirstLead(
  env: Pick<Env, 'DB' | 'LEAD_DUPLICATE_WINDOW_DAYS'>,
  lead: PersonLead,
  now = new Date(),
): Promise<string | null> {
  const contacts = contactsOf(lead);
  if (contacts.length === 0) return null;
  const db = env.DB;
  const heldByAnother = `SELECT lead_id FROM first_leads
     WHERE product = ?1 AND lead_id <> ?2
       AND ((kind = 'phone' AND fingerprint = ?3) OR (kind = 'email' AND fingerprint = ?4))`;
  const key = [lead.product, lead.id, claimKey(lead.phoneFingerprint), claimKey(lead.emailFingerprint)] as const;
  const results = await db.batch([
    ...claimStatements(env, lead, now),
    // A person's phone held by one lead and email by another: this lead is not the first, and keeps no claim.
    db
      .prepare(`DELETE FROM first_leads WHERE lead_id = ?2 AND product = ?1 AND EXISTS (${heldByAnother})`)
      .bind(...key),
    db.prepare(`${heldByAnother} ORDER BY claimed_at LIMIT 1`).bind(...key),
  ]);
  const holder = results[results.length - 1]?.results[0] as { lead_id?: unknown } | undefined;
  return typeof holder?.lead_id === 'string' ? holder.lead_id : null;
}

function contactsOf(lead: PersonLead): (readonly ['phone' | 'email', string])[] {
  return (
    [
      ['phone', lead.phoneFingerprint],
      ['email', lead.emailFingerprint],
    ] as const
  ).filter((c): c is readonly ['phone' | 'email', string] => typeof c[1] === 'string' && c[1] !== '');
}

/**
 * The statements that claim each contact of the lead for its product (a claim past the window is
 * taken over, one held inside it is left to its holder), to run in the caller's batch.
 * `onlyIfDelivered`: only when the lead's row says delivered once the batch's earlier statements
 * have run (an operator's release, review/record.ts, claims in the batch that delivers).
 */
export function claimStatements(
  env: Pick<Env, 'DB' | 'LEAD_DUPLICATE_WINDOW_DAYS'>,
  lead: PersonLead,
  now: Date,
  onlyIfDelivered = false,
): D1PreparedStatement[] {
  const at = now.toISOString();
  const since = new Date(now.getTime() - duplicateWindowMs(env)).toISOString();
  // An INSERT ... SELECT before ON CONFLICT needs its WHERE (SQLite's upsert parsing rule).
  const delivered = onlyIfDelivered
    ? `WHERE EXISTS (SELECT 1 FROM leads WHERE id = ?4 AND delivery = 'delivered')`
    : 'WHERE true';
  return contactsOf(lead).map(([kind, fingerprint]) =>
    env.DB.prepare(
      `INSERT INTO first_leads (product, kind, fingerprint, lead_id, claimed_at) SELECT ?1, ?2, ?3, ?4, ?5 ${delivered}
       ON CONFLICT (product, kind, fingerprint) DO UPDATE SET lead_id = excluded.lead_id, claimed_at = excluded.claimed_at
       WHERE first_leads.claimed_at < ?6`,
    ).bind(lead.product, kind, claimKey(fingerprint), lead.id, at, since),
  );
}

/**
 * The decision once the first-lead claim is settled: a lead about to be delivered claims its
 * person's first lead; if another lead holds it, this one is a duplicate of that one, withheld.
 */
export async function claimFirstDelivery(
  env: Pick<Env, 'DB' | 'LEAD_DUPLICATE_WINDOW_DAYS'>,
  lead: PersonLead,
  decision: DeliveryDecision,
): Promise<DeliveryDecision> {
  if (!decision.deliver) return decision;
  const holder = await claimFirstLead(env, lead);
  if (holder === null) return decision;
  return { deliver: false, recipients: [], withheld: ['duplicate'], duplicateOf: holder };
}
