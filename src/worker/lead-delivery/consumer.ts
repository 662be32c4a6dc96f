import { brandByCode, productSchema } from '../../../brands';
import { quoteWizardClient, quoteWizardRequest, type QuoteWizardReply } from '../../partners/quotewizard';
import { logJson } from '../observability/log';
import { timedPartnerCall } from '../operations/metrics';
import { reportError } from '../observability/report-error';
import { goesToQuoteWizard } from './deliver-lead';
import {
  deliveryRetryDelaySeconds,
  failureText,
  isPermanentPartnerRefusal,
  LEAD_DELIVERY_MAX_RETRIES,
  STALE_CLAIM_MS,
  certificateUrl,
  type DeliveryOutcome,
} from './delivery-rules';
import { leadDeliveryMessageSchema, type QuoteWizardDeliveryMessage } from './message';
import { deliverToSeller, type SellerDeliveryEnv } from './seller-delivery';
import { whyNotDeliverable } from './still-deliverable';
import { queueAdConversions } from '../ad-conversions';
import { visitRef } from '../revenue';

/**
 * Consumer of the LEAD_DELIVERY queue: sends each named lead to its recipient once (QuoteWizard
 * here, a Medicare company in seller-delivery.ts) and stores the answer on its D1 row
 * (migrations/0004_quotewizard.sql, 0012_lead_delivery.sql). Before any call the lead is judged
 * again (still-deliverable.ts): a lead whose verdict, status or opt-out changed since it was
 * queued is withheld, not sent.
 *
 * Once per lead, whatever the queue does (at-least-once delivery, redelivery after a crash,
 * two consumers holding the same message): a final status on the row ends it without a
 * partner call, and a consumer calls the partner only after claiming the row (`sending`,
 * one conditional UPDATE; a claim older than a minute is a crashed consumer and may be
 * taken over). Our submission id travels as QuoteWizard's Idempotency-Key and external_id,
 * so a retry after a timeout that QuoteWizard did receive is one lead there too.
 *
 * Timeouts, network errors, 5xx and garbled replies are retried with backoff; QuoteWizard
 * refusing the lead (rejected) or our request (4xx) is final. After the last retry the row
 * says `failed` with the last error and the message is acknowledged: the row is the record.
 * A consumer that cannot reach D1 retries, and past max_retries the platform moves the
 * message to the dead-letter queue.
 */

export { LEAD_DELIVERY_MAX_RETRIES, STALE_CLAIM_MS, deliveryRetryDelaySeconds, type DeliveryOutcome };
const FINAL = new Set(['accepted', 'rejected', 'failed', 'not_applicable', 'disabled', 'withheld']);

type DeliveryEnv = SellerDeliveryEnv &
  Pick<Env, 'QUOTEWIZARD_BASE_URL' | 'QUOTEWIZARD_API_KEY' | 'AD_CONVERSIONS' | 'ADS_DB' | 'REVENUE_DB'> & {
    VISITOR_COOKIE_SECRET?: string;
  };

interface LeadRow {
  id: string;
  brand: string;
  product: string;
  values: string;
  ip: string | null;
  user_agent: string | null;
  page_url: string | null;
  consent_version: string | null;
  consent_sha256: string | null;
  consent_at: string | null;
  submission_id: string;
  session_id: string | null;
  quotewizard_status: string | null;
  certificate_id: string | null;
  status: string | null;
  delivery: string | null;
  trust_verdict: string | null;
  trust_reasons: string | null;
  gpc: number | null;
  visitor_id: string;
}

async function setStatus(
  env: DeliveryEnv,
  id: string,
  status: string,
  fields: { partnerId?: string | null; error?: string | null } = {},
): Promise<void> {
  await env.DB.prepare(
    'UPDATE leads SET quotewizard_status = ?, quotewizard_id = COALESCE(?, quotewizard_id), quotewizard_error = ?, quotewizard_updated_at = ? WHERE id = ?',
  )
    .bind(status, fields.partnerId ?? null, fields.error ?? null, new Date().toISOString(), id)
    .run();
}

/** Takes the row for this consumer; false when another consumer holds a fresh claim or it is final. */
async function claim(env: DeliveryEnv, id: string, now = Date.now()): Promise<boolean> {
  const result = await env.DB.prepare(
    `UPDATE leads SET quotewizard_status = 'sending', quotewizard_attempts = quotewizard_attempts + 1, quotewizard_updated_at = ?
     WHERE id = ? AND (quotewizard_status IS NULL OR quotewizard_status IN ('queued', 'unsent', 'retrying')
       OR (quotewizard_status = 'sending' AND quotewizard_updated_at < ?))`,
  )
    .bind(new Date(now).toISOString(), id, new Date(now - STALE_CLAIM_MS).toISOString())
    .run();
  return (result.meta.changes ?? 0) === 1;
}

function parseValues(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One lead: read, guard, claim, call, record. `attempts` is the queue's delivery count (1 first). */
export async function deliverOne(
  env: DeliveryEnv,
  message: QuoteWizardDeliveryMessage,
  attempts: number,
): Promise<DeliveryOutcome> {
  const row = await env.DB.prepare(
    `SELECT id, brand, product, "values", ip, user_agent, page_url, consent_version, consent_sha256, consent_at, submission_id, quotewizard_status,
            certificate_id, status, delivery, trust_verdict, trust_reasons, gpc, visitor_id, session_id
     FROM leads WHERE visitor_id = ? AND form = ? AND submission_id = ?`,
  )
    .bind(message.visitorId, message.form, message.submissionId)
    .first<LeadRow>();
  // The row is written before the message is sent; a missing one is retried, then dead-lettered.
  if (!row) return 'missing';
  if (row.quotewizard_status !== null && FINAL.has(row.quotewizard_status)) return 'already-final';

  const product = productSchema.safeParse(row.product);
  let body: ReturnType<typeof quoteWizardRequest>;
  try {
    body = quoteWizardRequest({
      submissionId: row.submission_id,
      product: product.success ? product.data : 'medicare',
      values: parseValues(row.values),
      ip: row.ip,
      userAgent: row.user_agent,
      pageUrl: row.page_url,
      consent: { version: row.consent_version, sha256: row.consent_sha256, at: row.consent_at },
      certificate: row.certificate_id
        ? { id: row.certificate_id, url: certificateUrl(row.page_url, row.certificate_id) }
        : null,
      ref: row.session_id ? await visitRef(env, row.session_id) : null,
    });
  } catch (error) {
    // Spec section 8: 'QuoteWizard schema not implemented for Medicare'. Stored, never sent.
    await setStatus(env, row.id, 'not_applicable', { error: error instanceof Error ? error.message : 'not mappable' });
    return 'not_applicable';
  }
  const brand = brandByCode(row.brand);
  if (!brand || !product.success || !goesToQuoteWizard(brand, product.data)) {
    await setStatus(env, row.id, 'disabled', { error: 'QuoteWizard is switched off for this brand' });
    return 'disabled';
  }
  // Judged again now: the verdict, status or an opt-out may have changed since the lead was queued.
  const refusal = await whyNotDeliverable(env, row);
  if (refusal) {
    await setStatus(env, row.id, 'withheld', { error: refusal });
    await recordRecipient(env, row.id, 'withheld', refusal);
    return 'withheld';
  }
  if (!(await claim(env, row.id))) return 'in-flight';

  let reply: QuoteWizardReply;
  try {
    // Counted as a partner call (the health page's partner table and `partner:quotewizard`); any error is a lost lead.
    reply = await timedPartnerCall(env, 'quotewizard', () => quoteWizardClient(env).postAutoLead(body));
  } catch (error) {
    const failure = failureText(error);
    logJson('warn', 'QuoteWizard delivery failed', {
      where: 'lead-delivery.quotewizard',
      failure,
      attempts,
      lead: row.id,
    });
    if (isPermanentPartnerRefusal(error)) {
      await setStatus(env, row.id, 'failed', { error: failure });
      await reportError(env, error, { where: 'lead-delivery.quotewizard-refused-request', lead: row.id });
      return 'failed';
    }
    if (attempts > LEAD_DELIVERY_MAX_RETRIES) {
      await setStatus(env, row.id, 'failed', { error: `${failure} (gave up after ${attempts} attempts)` });
      await reportError(env, error, { where: 'lead-delivery.quotewizard-gave-up', lead: row.id, attempts });
      return 'failed';
    }
    await setStatus(env, row.id, 'retrying', { error: failure });
    return 'retry';
  }
  if (reply.status === 'accepted') {
    await setStatus(env, row.id, 'accepted', { partnerId: reply.lead_id });
    await recordRecipient(env, row.id, 'accepted', null);
    await queueAdConversions(env, row.id);
    return 'accepted';
  }
  await setStatus(env, row.id, 'rejected', { partnerId: reply.lead_id ?? null, error: reply.reason });
  await recordRecipient(env, row.id, 'rejected', reply.reason);
  return 'rejected';
}

/** The lead's record of who received it: QuoteWizard's row in `lead_deliveries` follows the lead's own columns. */
async function recordRecipient(env: DeliveryEnv, leadId: string, status: string, error: string | null): Promise<void> {
  const at = new Date().toISOString();
  await env.DB.prepare(
    `UPDATE lead_deliveries SET status = ?, error = ?, updated_at = ?, attempts = attempts + 1,
       sent_at = CASE WHEN ? IN ('accepted', 'rejected') THEN ? ELSE sent_at END
     WHERE lead_id = ? AND recipient = 'quotewizard'`,
  )
    .bind(status, error, at, status, at, leadId)
    .run()
    .catch(() => undefined);
}

export async function handleLeadDeliveryBatch(batch: MessageBatch<unknown>, env: DeliveryEnv): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = leadDeliveryMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        // Cannot ever succeed: acknowledged and reported (the lead itself is safe in D1).
        message.ack();
        await reportError(env, new Error('unparseable lead delivery message'), {
          where: 'lead-delivery.unparseable',
          queue: batch.queue,
          messageId: message.id,
        });
        return;
      }
      try {
        const outcome =
          parsed.data.partner === 'seller'
            ? await deliverToSeller(env, parsed.data, message.attempts)
            : await deliverOne(env, parsed.data, message.attempts);
        if (outcome === 'retry' || outcome === 'in-flight' || outcome === 'missing')
          message.retry({ delaySeconds: deliveryRetryDelaySeconds(message.attempts) });
        else message.ack();
      } catch (error) {
        // D1 unavailable: retried; past max_retries the platform dead-letters the message.
        message.retry({ delaySeconds: deliveryRetryDelaySeconds(message.attempts) });
        await reportError(env, error, {
          where: 'lead-delivery.consumer',
          queue: batch.queue,
          attempts: message.attempts,
        });
      }
    }),
  );
}
