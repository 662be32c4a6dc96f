/**
 * A deletion reaches every partner that received the lead: one row in `partner_deletions` per
 * recipient, written in the same D1 transaction that deletes the lead, and one EVENTS queue
 * message each (kind `partner-deletion`) that posts `{endpoint}/deletions` with the lead's id
 * and the partner's own reference. No personal data goes with it: the partner finds its copy by
 * the ids it was given. A failed post is retried by the queue; one whose message was lost or
 * dead-lettered is sent by the daily cron (its row stays pending).
 *
 * Who received a lead: the rows of `lead_recipients` (written when a Medicare company's delivery
 * goes out), plus QuoteWizard once a delivery was attempted, plus MediaAlpha when the delivery
 * decision named it a recipient (the get-phone call after the final step carries the contact). A
 * deletion request to a partner that in the end held nothing costs one call; a missed one
 * leaves a person's data behind.
 */
import { z } from 'zod';
import { partnerTimeoutMs } from '../../partners/partner-fetch';
import { logJson } from '../observability/log';

export const partnerDeletionMessageSchema = z.strictObject({
  kind: z.literal('partner-deletion'),
  deletion: z.string(),
});
export type PartnerDeletionMessage = z.infer<typeof partnerDeletionMessageSchema>;

type RecipientEnv = Pick<Env, 'DB' | 'QUOTEWIZARD_BASE_URL' | 'MEDIAALPHA_BASE_URL' | 'SELLER_DELIVERY_BASE_URL'>;

export interface Recipient {
  recipient: string;
  endpoint: string;
  reference: string | null;
}

interface RecipientLead {
  id: string;
  status?: unknown;
  consent_version?: unknown;
  consent_sellers?: unknown;
  quotewizard_status?: unknown;
  quotewizard_id?: unknown;
  recipients?: unknown;
  delivery?: unknown;
  /** A lead moved to R2 (lead-archive/read.ts): its recipient and delivery rows from D1. */
  archived?: { recipients: Recipient[]; deliveries: Record<string, unknown>[] };
}

const recipientsSchema = z.array(z.object({ id: z.string() }));

/**
 * MediaAlpha holds a lead's personal data when the final step named it a recipient (`leads.recipients`,
 * written by the delivery decision): its get-phone after that step carries the contact. Leads
 * decided before recipients were recorded count when complete with consent, as a deletion request
 * to a partner that holds nothing costs one call and a missed one leaves data behind.
 */
function receivedByMediaAlpha(lead: RecipientLead): boolean {
  if (typeof lead.recipients === 'string') {
    try {
      const parsed = recipientsSchema.safeParse(JSON.parse(lead.recipients));
      return parsed.success && parsed.data.some((r) => r.id === 'mediaalpha');
    } catch {
      return false;
    }
  }
  return lead.status === 'complete' && typeof lead.consent_version === 'string' && (lead.delivery ?? null) === null;
}

const base = (url: string) => url.replace(/\/+$/, '');

/** Every partner that may hold the lead's personal data. */
export async function recipientsOf(env: RecipientEnv, lead: RecipientLead): Promise<Recipient[]> {
  const out = new Map<string, Recipient>();
  const recorded = await env.DB.prepare('SELECT recipient, endpoint, reference FROM lead_recipients WHERE lead_id = ?')
    .bind(lead.id)
    .all<Recipient>();
  for (const r of recorded.results) out.set(r.recipient, r);
  // A lead moved to R2 carries the rows it had in D1.
  for (const r of lead.archived?.recipients ?? []) if (!out.has(r.recipient)) out.set(r.recipient, r);
  // A company's delivery still queued or in flight may reach it yet: it is owed the request too.
  const queued = await env.DB.prepare(
    `SELECT recipient, partner_ref FROM lead_deliveries WHERE lead_id = ? AND kind = 'seller' AND status <> 'withheld'`,
  )
    .bind(lead.id)
    .all<{ recipient: string; partner_ref: string | null }>();
  const archivedDeliveries = (lead.archived?.deliveries ?? []).flatMap((d) =>
    d.kind === 'seller' && d.status !== 'withheld' && typeof d.recipient === 'string'
      ? [{ recipient: d.recipient, partner_ref: typeof d.partner_ref === 'string' ? d.partner_ref : null }]
      : [],
  );
  for (const r of [...queued.results, ...archivedDeliveries])
    if (!out.has(r.recipient))
      out.set(r.recipient, {
        recipient: r.recipient,
        endpoint: `${base(env.SELLER_DELIVERY_BASE_URL)}/${encodeURIComponent(r.recipient)}`,
        reference: r.partner_ref,
      });
  if (typeof lead.quotewizard_status === 'string' && lead.quotewizard_status !== 'unsent' && !out.has('quotewizard'))
    out.set('quotewizard', {
      recipient: 'quotewizard',
      endpoint: base(env.QUOTEWIZARD_BASE_URL),
      reference: typeof lead.quotewizard_id === 'string' ? lead.quotewizard_id : null,
    });
  if (receivedByMediaAlpha(lead) && !out.has('mediaalpha'))
    out.set('mediaalpha', { recipient: 'mediaalpha', endpoint: base(env.MEDIAALPHA_BASE_URL), reference: null });
  return [...out.values()];
}

/** The rows of the deletion requests owed for these leads, as statements to run with the deletion itself. */
export async function planPartnerDeletions(
  env: RecipientEnv,
  leads: readonly RecipientLead[],
  now: Date,
): Promise<{ ids: string[]; statements: D1PreparedStatement[] }> {
  const ids: string[] = [];
  const statements: D1PreparedStatement[] = [];
  for (const lead of leads) {
    for (const r of await recipientsOf(env, lead)) {
      const id = crypto.randomUUID();
      ids.push(id);
      statements.push(
        env.DB.prepare(
          `INSERT OR IGNORE INTO partner_deletions (id, lead_id, recipient, endpoint, reference, requested_at) VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(id, lead.id, r.recipient, r.endpoint, r.reference, now.toISOString()),
      );
    }
    statements.push(env.DB.prepare('DELETE FROM lead_recipients WHERE lead_id = ?').bind(lead.id));
  }
  return { ids, statements };
}

type SendEnv = Pick<
  Env,
  'DB' | 'QUOTEWIZARD_API_KEY' | 'MEDIAALPHA_API_TOKEN' | 'PARTNER_TIMEOUT_MS' | 'QUOTEWIZARD_TIMEOUT_MS'
>;

const rowSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  recipient: z.string(),
  endpoint: z.string(),
  reference: z.string().nullable(),
  requested_at: z.string(),
  status: z.string(),
});

function credentialsFor(env: SendEnv, recipient: string): Record<string, string> {
  if (recipient === 'quotewizard' && env.QUOTEWIZARD_API_KEY)
    return { authorization: `Bearer ${env.QUOTEWIZARD_API_KEY}` };
  if (recipient === 'mediaalpha' && env.MEDIAALPHA_API_TOKEN)
    return { authorization: `Bearer ${env.MEDIAALPHA_API_TOKEN}` };
  return {};
}

/**
 * Sends one deletion request (idempotent: a request already taken is not sent again, and the
 * partner is given the same request id each time). Throws when the partner did not take it.
 */
export async function sendPartnerDeletion(env: SendEnv, id: string, now = new Date()): Promise<'sent' | 'done'> {
  const found = await env.DB.prepare('SELECT * FROM partner_deletions WHERE id = ?').bind(id).first();
  if (!found) return 'done';
  const row = rowSchema.parse(found);
  if (row.status === 'sent') return 'done';
  await env.DB.prepare('UPDATE partner_deletions SET attempts = attempts + 1 WHERE id = ?').bind(id).run();
  let error: string | null = null;
  try {
    const response = await fetch(`${row.endpoint}/deletions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': row.id,
        ...credentialsFor(env, row.recipient),
      },
      body: JSON.stringify({
        request_id: row.id,
        external_id: row.lead_id,
        ...(row.reference ? { lead_id: row.reference } : {}),
        requested_at: row.requested_at,
        reason: 'consumer-deletion-request',
      }),
      signal: AbortSignal.timeout(Math.max(partnerTimeoutMs(env), Number(env.QUOTEWIZARD_TIMEOUT_MS) || 0)),
    });
    if (!response.ok) error = `HTTP ${response.status}`;
    await response.body?.cancel();
  } catch (err) {
    error = err instanceof Error ? err.name : 'fetch failed';
  }
  if (error) {
    await env.DB.prepare('UPDATE partner_deletions SET error = ? WHERE id = ?').bind(error, id).run();
    throw new Error(`deletion request to ${row.recipient} not taken: ${error}`);
  }
  await env.DB.prepare(`UPDATE partner_deletions SET status = 'sent', sent_at = ?, error = NULL WHERE id = ?`)
    .bind(now.toISOString(), id)
    .run();
  return 'sent';
}

/** The daily cron's pass over deletion requests still pending (a lost or dead-lettered message). */
export async function sendPendingPartnerDeletions(env: SendEnv, now: Date): Promise<number> {
  const pending = await env.DB.prepare(
    `SELECT id FROM partner_deletions WHERE status = 'pending' ORDER BY requested_at LIMIT 500`,
  ).all<{ id: string }>();
  let sent = 0;
  for (const { id } of pending.results) {
    try {
      if ((await sendPartnerDeletion(env, id, now)) === 'sent') sent += 1;
    } catch (err) {
      logJson('warn', 'partner deletion request still pending', {
        where: 'privacy.partner-deletion',
        deletion: id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return sent;
}
