import type { SellerChoice } from '../../shared/consent';
import type { DeliveryDecision } from './delivery-decision';
import type { LeadStatus } from './lead-rules';

/**
 * The decision on the lead row: its status (a duplicate links the first), delivered or withheld
 * and why, to whom, the companies shown and ticked, and the opt-out, whether or not a certificate
 * follows.
 *
 * Delivered stays delivered: once a lead has gone to its recipients, a later resubmission of it
 * (the honeypot filled on a second try, another verdict) cannot unsend it. Its status, delivery,
 * recipients, companies ticked and duplicate link keep what happened, so the report counts it as delivered; the
 * reasons it would now be withheld for go to `flagged_after_delivery`, for an operator's review.
 * The trust verdict still merges (lead-trust.ts): the worst wins, on the row and in the report.
 */
export async function recordDecision(
  db: D1Database,
  leadId: string,
  input: {
    /** The visitor's Durable Object id (hex, not the secret key): a privacy request reaches its state from the lead. */
    visitorObject: string;
    status: LeadStatus;
    decision: DeliveryDecision;
    sellers: SellerChoice[] | null;
    optedOut: boolean;
  },
): Promise<void> {
  const { decision } = input;
  const sent = `delivery = 'delivered'`;
  const withheld = decision.deliver ? null : JSON.stringify(decision.withheld);
  await db
    .prepare(
      `UPDATE leads SET
         status = CASE WHEN ${sent} THEN status ELSE ?1 END,
         duplicate_of = CASE WHEN ${sent} THEN duplicate_of ELSE ?2 END,
         withheld_reasons = CASE WHEN ${sent} THEN withheld_reasons ELSE ?3 END,
         recipients = CASE WHEN ${sent} THEN recipients WHEN ?4 THEN ?5 ELSE recipients END,
         flagged_after_delivery = CASE WHEN ${sent} AND ?3 IS NOT NULL THEN ?3 ELSE flagged_after_delivery END,
         delivery = CASE WHEN ${sent} THEN delivery WHEN ?4 THEN 'delivered' ELSE 'withheld' END,
         consent_sellers = CASE WHEN ${sent} THEN consent_sellers ELSE COALESCE(?6, consent_sellers) END,
         gpc = ?7, visitor_object = ?8
       WHERE id = ?9`,
    )
    .bind(
      input.status,
      decision.duplicateOf,
      withheld,
      decision.deliver ? 1 : 0,
      JSON.stringify(decision.recipients.map((r) => ({ id: r.id, name: r.name, kind: r.kind }))),
      input.sellers ? JSON.stringify(input.sellers) : null,
      input.optedOut ? 1 : 0,
      input.visitorObject,
      leadId,
    )
    .run();
}
