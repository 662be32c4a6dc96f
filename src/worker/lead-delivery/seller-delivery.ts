import { postSellerLead, sellerLeadRequest, type SellerLeadReply } from '../../partners/seller-lead';
import { queueAdConversions } from '../ad-conversions';
import { logJson } from '../observability/log';
import { timedPartnerCall } from '../operations/metrics';
import { reportError } from '../observability/report-error';
import {
  certificateUrl,
  failureText,
  isPermanentPartnerRefusal,
  LEAD_DELIVERY_MAX_RETRIES,
  STALE_CLAIM_MS,
  type DeliveryOutcome,
} from './delivery-rules';
import type { SellerDeliveryMessage } from './message';
import { whyNotDeliverable, type DeliveryEnvForCheck } from './still-deliverable';

/**
 * A Medicare lead to one company the visitor ticked: once per lead and company, whatever the
 * queue does. The `lead_deliveries` row is claimed (`sending`, one conditional UPDATE; a claim
 * older than a minute belongs to a consumer that died and may be taken over) before the call,
 * and a final status ends it. Retries, permanent refusals and giving up as for QuoteWizard.
 */
export type SellerDeliveryEnv = DeliveryEnvForCheck &
  Pick<Env, 'SELLER_DELIVERY_BASE_URL' | 'QUOTEWIZARD_TIMEOUT_MS' | 'AD_CONVERSIONS' | 'ADS_DB' | 'REVENUE_DB'> & {
    SENTRY_DSN?: string;
    ENVIRONMENT?: string;
    VISITOR_COOKIE_SECRET?: string;
  };

interface SellerLeadRow {
  id: string;
  created_at: string;
  brand: string;
  product: string;
  values: string;
  ip: string | null;
  user_agent: string | null;
  page_url: string | null;
  consent_version: string | null;
  consent_sha256: string | null;
  consent_at: string | null;
  certificate_id: string | null;
  consent_sellers: string | null;
  status: string | null;
  delivery: string | null;
  trust_verdict: string | null;
  trust_reasons: string | null;
  gpc: number | null;
  visitor_id: string;
  delivery_status: string | null;
}

const FINAL = new Set(['accepted', 'rejected', 'failed', 'withheld']);

async function setStatus(
  env: SellerDeliveryEnv,
  message: SellerDeliveryMessage,
  status: string,
  fields: { partnerRef?: string | null; error?: string | null; sent?: boolean } = {},
): Promise<void> {
  const at = new Date().toISOString();
  // Once the company may hold the data, it is a recipient a deletion request must reach (partner-deletions.ts).
  if (fields.sent)
    await env.DB.prepare(
      'INSERT OR IGNORE INTO lead_recipients (lead_id, recipient, endpoint, reference, sent_at) VALUES (?, ?, ?, ?, ?)',
    )
      .bind(
        message.leadId,
        message.recipient,
        `${env.SELLER_DELIVERY_BASE_URL.replace(/\/+$/, '')}/${encodeURIComponent(message.recipient)}`,
        fields.partnerRef ?? null,
        at,
      )
      .run();
  await env.DB.prepare(
    `UPDATE lead_deliveries SET status = ?, partner_ref = COALESCE(?, partner_ref), error = ?, updated_at = ?,
       sent_at = CASE WHEN ? THEN ? ELSE sent_at END, fields = CASE WHEN ? THEN ? ELSE fields END
     WHERE lead_id = ? AND recipient = ?`,
  )
    .bind(
      status,
      fields.partnerRef ?? null,
      fields.error ?? null,
      at,
      fields.sent ? 1 : 0,
      at,
      fields.sent ? 1 : 0,
      // What was sent, by field name only: the record of who received which kind of data.
      JSON.stringify(['first_name', 'last_name', 'phone', 'email', 'zip', 'has_medicare', 'has_medicaid']),
      message.leadId,
      message.recipient,
    )
    .run();
}

async function claim(env: SellerDeliveryEnv, message: SellerDeliveryMessage, now = Date.now()): Promise<boolean> {
  const result = await env.DB.prepare(
    `UPDATE lead_deliveries SET status = 'sending', attempts = attempts + 1, updated_at = ?
     WHERE lead_id = ? AND recipient = ? AND (status IN ('queued', 'unsent', 'retrying') OR (status = 'sending' AND updated_at < ?))`,
  )
    .bind(new Date(now).toISOString(), message.leadId, message.recipient, new Date(now - STALE_CLAIM_MS).toISOString())
    .run();
  return (result.meta.changes ?? 0) === 1;
}

function sellerOf(row: SellerLeadRow, id: string): { id: string; name: string } | null {
  try {
    const sellers = JSON.parse(row.consent_sellers ?? '[]') as { id?: unknown; name?: unknown; accepted?: unknown }[];
    const found = sellers.find((s) => s.id === id && s.accepted === true && typeof s.name === 'string');
    return found ? { id, name: String(found.name) } : null;
  } catch {
    return null;
  }
}

export async function deliverToSeller(
  env: SellerDeliveryEnv,
  message: SellerDeliveryMessage,
  attempts: number,
): Promise<DeliveryOutcome> {
  const row = await env.DB.prepare(
    `SELECT l.id, l.created_at, l.brand, l.product, l."values", l.ip, l.user_agent, l.page_url, l.consent_version, l.consent_sha256,
            l.consent_at, l.certificate_id, l.consent_sellers, l.status, l.delivery, l.trust_verdict, l.trust_reasons, l.gpc,
            l.visitor_id, d.status AS delivery_status
     FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id AND d.recipient = ?
     WHERE l.id = ?`,
  )
    .bind(message.recipient, message.leadId)
    .first<SellerLeadRow>();
  if (!row) return 'missing';
  if (row.delivery_status !== null && FINAL.has(row.delivery_status)) return 'already-final';
  // Only a company the visitor ticked, named on the lead's own consent record, ever receives it.
  const seller = sellerOf(row, message.recipient);
  const refusal = seller ? await whyNotDeliverable(env, row) : 'company not chosen by the visitor';
  if (refusal || !seller) {
    await setStatus(env, message, 'withheld', { error: refusal ?? 'company not chosen by the visitor' });
    return 'withheld';
  }
  if (!env.SELLER_DELIVERY_BASE_URL) {
    await setStatus(env, message, 'failed', { error: 'SELLER_DELIVERY_BASE_URL is not configured' });
    await reportError(env, new Error('SELLER_DELIVERY_BASE_URL is not configured'), { where: 'lead-delivery.seller' });
    return 'failed';
  }
  if (!(await claim(env, message))) return 'in-flight';
  let values: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.values);
    if (typeof parsed === 'object' && parsed !== null) values = parsed as Record<string, unknown>;
  } catch {
    values = {};
  }
  const body = sellerLeadRequest({
    leadId: row.id,
    createdAt: row.created_at,
    brand: row.brand,
    seller,
    values,
    ip: row.ip,
    userAgent: row.user_agent,
    pageUrl: row.page_url,
    consent: { version: row.consent_version, sha256: row.consent_sha256, at: row.consent_at },
    certificate: row.certificate_id
      ? { id: row.certificate_id, url: certificateUrl(row.page_url, row.certificate_id) }
      : null,
    callbackAt: typeof values.callbackAt === 'string' ? values.callbackAt : null,
  });
  let reply: SellerLeadReply;
  try {
    // One partner per company in the metrics (`partner:seller:<id>`): a router failing for one company shows as that company.
    reply = await timedPartnerCall(env, `seller:${message.recipient}`, () => postSellerLead(env, body));
  } catch (error) {
    const failure = failureText(error);
    logJson('warn', 'seller delivery failed', { where: 'lead-delivery.seller', failure, attempts, lead: row.id });
    if (isPermanentPartnerRefusal(error)) {
      await setStatus(env, message, 'failed', { error: failure, sent: true });
      return 'failed';
    }
    if (attempts > LEAD_DELIVERY_MAX_RETRIES) {
      await setStatus(env, message, 'failed', { error: `${failure} (gave up after ${attempts} attempts)`, sent: true });
      await reportError(env, error, { where: 'lead-delivery.seller-gave-up', lead: row.id, attempts });
      return 'failed';
    }
    await setStatus(env, message, 'retrying', { error: failure });
    return 'retry';
  }
  if (reply.status === 'accepted') {
    await setStatus(env, message, 'accepted', { partnerRef: reply.id, sent: true });
    // A lead that reached a buyer: the ad platform that sent the click is told (once per lead and platform).
    await queueAdConversions(env, row.id);
    return 'accepted';
  }
  await setStatus(env, message, 'rejected', { partnerRef: reply.id ?? null, error: reply.reason, sent: true });
  return 'rejected';
}
