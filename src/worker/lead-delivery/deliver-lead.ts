import type { Context } from 'hono';
import type { Brand, Product } from '../../../brands';
import type { AppEnv } from '../env';
import { reportError } from '../observability/report-error';
import type { LeadDeliveryMessage } from './message';

/** The lead just written by the final step, by its unique key in D1 `leads`. */
export interface DeliverableLead {
  product: Product;
  /** The visitor id as written on the lead row (the public anonymous id). */
  visitorId: string;
  form: string;
  submissionId: string;
}

/** Spec section 7: QuoteWizard takes auto leads only; the brand record switches it on. */
export function goesToQuoteWizard(brand: Brand, product: Product): boolean {
  return product === 'auto' && brand.quoteWizard?.enabled === true;
}

/**
 * Hands a completed lead to the LEAD_DELIVERY queue for QuoteWizard, after the response
 * (waitUntil): the visitor never waits on the partner or the queue. Once per lead: the row
 * is marked `queued` only while it has no delivery status, and only that marking sends a
 * message, so a repeated final submit does not enqueue again. A refused send marks the row
 * `unsent` (re-enqueued by the next repeated submit or by an operator) and is reported.
 */
export function deliverLead(c: Context<AppEnv>, lead: DeliverableLead): void {
  if (!goesToQuoteWizard(c.var.brand, lead.product)) return;
  const message: LeadDeliveryMessage = {
    v: 1,
    partner: 'quotewizard',
    visitorId: lead.visitorId,
    form: lead.form,
    submissionId: lead.submissionId,
  };
  c.executionCtx.waitUntil(enqueueDelivery(c.env, message));
}

export async function enqueueDelivery(
  env: Pick<Env, 'DB' | 'LEAD_DELIVERY' | 'SENTRY_DSN' | 'ENVIRONMENT'>,
  message: LeadDeliveryMessage,
): Promise<void> {
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
