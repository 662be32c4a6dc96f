import type { Context } from 'hono';
import type { Brand, Product } from '../../../brands';
import type { AppEnv } from '../env';
import type { Recipient } from './recipient';
import { reportError } from '../observability/report-error';
import type { LeadDeliveryMessage, QuoteWizardDeliveryMessage } from './message';

/** The lead just written by the final step, by its id and its unique key in D1 `leads`. */
export interface DeliverableLead {
  id: string;
  product: Product;
  /** The visitor id as written on the lead row (the public anonymous id). */
  visitorId: string;
  form: string;
  submissionId: string;
  recipients: readonly Recipient[];
}

/** Spec section 7: QuoteWizard takes auto leads only; the brand record switches it on. */
export function goesToQuoteWizard(brand: Brand, product: Product): boolean {
  return product === 'auto' && brand.quoteWizard?.enabled === true;
}

type DeliveryQueueEnv = Pick<Env, 'DB' | 'LEAD_DELIVERY' | 'SENTRY_DSN' | 'ENVIRONMENT'>;

/**
 * Hands a delivered lead to the LEAD_DELIVERY queue, one message per recipient with a delivery
 * of its own (QuoteWizard, each Medicare company ticked), after the response (waitUntil): the
 * visitor never waits on a partner or the queue. MediaAlpha receives its share with the phone
 * lease, so its row only records that. Once per lead and recipient: a `lead_deliveries` row is
 * created with INSERT OR IGNORE and only a new row sends a message, so a repeated final submit
 * does not enqueue again.
 */
export function deliverLead(c: Context<AppEnv>, lead: DeliverableLead): void {
  c.executionCtx.waitUntil(enqueueLeadDeliveries(c.env, lead));
}

export async function enqueueLeadDeliveries(env: DeliveryQueueEnv, lead: DeliverableLead): Promise<void> {
  const at = new Date().toISOString();
  for (const recipient of lead.recipients) {
    let created = false;
    try {
      const status = recipient.kind === 'mediaalpha' ? 'with-phone-lease' : 'queued';
      const result = await env.DB.prepare(
        'INSERT OR IGNORE INTO lead_deliveries (lead_id, recipient, kind, status, queued_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
        .bind(lead.id, recipient.id, recipient.kind, status, at, at)
        .run();
      created = (result.meta.changes ?? 0) > 0;
    } catch (error) {
      await reportError(env, error, { where: 'lead-delivery.record-recipient' });
      continue;
    }
    if (recipient.kind === 'quotewizard') {
      await enqueueDelivery(env, {
        v: 1,
        partner: 'quotewizard',
        visitorId: lead.visitorId,
        form: lead.form,
        submissionId: lead.submissionId,
      });
    } else if (recipient.kind === 'seller' && created) {
      await sendMessage(env, { v: 1, partner: 'seller', leadId: lead.id, recipient: recipient.id }, lead.id);
    }
  }
}

async function sendMessage(env: DeliveryQueueEnv, message: LeadDeliveryMessage, leadId: string): Promise<void> {
  try {
    await env.LEAD_DELIVERY.send(message, { contentType: 'json' });
  } catch (error) {
    await reportError(env, error, { where: 'lead-delivery.enqueue' });
    if (message.partner === 'seller')
      await env.DB.prepare(
        `UPDATE lead_deliveries SET status = 'unsent', error = 'queue refused the message', updated_at = ? WHERE lead_id = ? AND recipient = ?`,
      )
        .bind(new Date().toISOString(), leadId, message.recipient)
        .run()
        .catch(() => undefined);
  }
}

/**
 * QuoteWizard's delivery: the row is marked `queued` only while it has no delivery status, and
 * only that marking sends a message. A refused send marks the row `unsent` (re-enqueued by the
 * five-minute cron, requeue-unsent.ts, or the next repeated submit) and is reported.
 */
export async function enqueueDelivery(env: DeliveryQueueEnv, message: QuoteWizardDeliveryMessage): Promise<void> {
  const key = [message.visitorId, message.form, message.submissionId] as const;
  try {
    const marked = await env.DB.prepare(
      `UPDATE leads SET quotewizard_status = 'queued', quotewizard_updated_at = ?
       WHERE visitor_id = ? AND form = ? AND submission_id = ? AND (quotewizard_status IS NULL OR quotewizard_status = 'unsent')`,
    )
      .bind(new Date().toISOString(), ...key)
      .run();
    if ((marked.meta.changes ?? 0) === 0) return;
  } catch (error) {
    await reportError(env, error, { where: 'lead-delivery.mark-queued' });
    return;
  }
  try {
    await env.LEAD_DELIVERY.send(message, { contentType: 'json' });
  } catch (error) {
    await reportError(env, error, { where: 'lead-delivery.enqueue' });
    await env.DB.prepare(
      `UPDATE leads SET quotewizard_status = 'unsent', quotewizard_error = ?, quotewizard_updated_at = ? WHERE visitor_id = ? AND form = ? AND submission_id = ?`,
    )
      .bind('queue refused the message', new Date().toISOString(), ...key)
      .run()
      .catch(() => undefined);
  }
}
