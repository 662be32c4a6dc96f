import { leadContact } from '../consent/contact-hash';
import { doNotSellRequested } from '../consent/do-not-sell';
import { verdictDeliverable } from '../defence/delivery-policy';
import { TRUST_REASON_CODES, type TrustReason } from '../defence/thresholds';

/** What a delivery reads of its lead row to decide again, at sending time. */
export interface DeliverabilityRow {
  id: string;
  status: string | null;
  delivery: string | null;
  trust_verdict: string | null;
  trust_reasons: string | null;
  gpc: number | null;
  visitor_id: string;
  values: string;
}

export type DeliveryEnvForCheck = Pick<Env, 'DB' | 'DELIVER_SUSPECT_REASONS' | 'LEAD_HASH_SALT'>;

function parse(text: string | null): unknown {
  try {
    return JSON.parse(text ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/**
 * An operator's release (src/worker/review/) sets the trust verdict aside, and only the verdict:
 * the opt-outs and the status below are judged for a released lead as for any other.
 */
async function releasedByOperator(db: D1Database, leadId: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS yes FROM lead_reviews WHERE lead_id = ? AND action = 'released'`)
    .bind(leadId)
    .first<{ yes: number }>();
  return row !== null;
}

/**
 * The lead's delivery, judged again when the message is taken from the queue: the verdict, the
 * status and the opt-outs may have changed since the final submit queued it (a resubmission
 * that filled the honeypot, a do-not-sell request filed meanwhile). Returns why the lead may no
 * longer go out, or null when it may.
 */
export async function whyNotDeliverable(env: DeliveryEnvForCheck, row: DeliverabilityRow): Promise<string | null> {
  if (row.delivery !== 'delivered') return 'withheld';
  if (row.status !== 'complete') return `status ${row.status ?? 'unknown'}`;
  const reasons = parse(row.trust_reasons);
  const codes = Array.isArray(reasons)
    ? reasons.filter((r): r is TrustReason => TRUST_REASON_CODES.includes(r as TrustReason))
    : [];
  const verdict = (['clean', 'suspect', 'bot'] as const).find((v) => v === row.trust_verdict) ?? null;
  if (!verdictDeliverable(env, verdict, codes) && !(await releasedByOperator(env.DB, row.id)))
    return `verdict ${verdict ?? 'unknown'}`;
  if (row.gpc === 1) return 'opted out (GPC)';
  const values = parse(row.values);
  const contact = leadContact(typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {});
  if (await doNotSellRequested(env, contact, row.visitor_id)) return 'opted out (do not sell)';
  return null;
}
