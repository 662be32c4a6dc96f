import { z } from 'zod';
import type { Product } from '../../../brands';
import { parseLeadValues } from '../../shared/lead';
import { partnerJson } from '../partner-fetch';
import { mapQuoteWizardLead } from './mapping';

/**
 * QuoteWizard's lead intake: POST {QUOTEWIZARD_BASE_URL}/v1/leads/auto with a bearer key
 * (QUOTEWIZARD_API_KEY secret) and our submission id as Idempotency-Key, so a retry after
 * a timeout that QuoteWizard did receive is recognized there as the same lead. The body is
 * the spec's mapping (zip, drivers, coverage, vehicles) plus what a lead buyer needs to
 * take the lead: our id for it, the consumer's ip and user agent, the page and the consent
 * proof (TCPA). The reply says accepted (with QuoteWizard's id) or rejected (with a reason).
 */
export const quoteWizardReplySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('accepted'), lead_id: z.string().min(1).max(128) }),
  z.object({ status: z.literal('rejected'), lead_id: z.string().max(128).nullish(), reason: z.string().max(500) }),
]);
export type QuoteWizardReply = z.infer<typeof quoteWizardReplySchema>;

export type QuoteWizardEnv = Pick<Env, 'QUOTEWIZARD_BASE_URL' | 'QUOTEWIZARD_API_KEY' | 'QUOTEWIZARD_TIMEOUT_MS'>;

/** A stored lead as the delivery reads it from D1. */
export interface QuoteWizardLead {
  submissionId: string;
  product: Product;
  /** The lead fields as stored (JSON of the product's lead schema). */
  values: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  consent: { version: string | null; sha256: string | null; at: string | null };
  /** The lead's signed certificate, so the buyer can check the consent themselves. */
  certificate?: { id: string; url: string } | null;
  /** The visit's opaque ref (src/worker/revenue/visit-value.ts): QuoteWizard's payout postback names it. */
  ref?: string | null;
}

/** The request body; a Medicare (or life) lead throws the spec's error (spec section 8). */
export function quoteWizardRequest(lead: QuoteWizardLead) {
  const mapped = mapQuoteWizardLead(lead.product, parseLeadValues('auto', lead.values));
  return {
    external_id: lead.submissionId,
    ip_address: lead.ip ?? '',
    user_agent: lead.userAgent ?? '',
    landing_page_url: lead.pageUrl ?? '',
    tcpa: {
      consented: lead.consent.at !== null,
      ...(lead.consent.at ? { consented_at: lead.consent.at } : {}),
      ...(lead.consent.version ? { disclosure_version: lead.consent.version } : {}),
      ...(lead.consent.sha256 ? { disclosure_sha256: lead.consent.sha256 } : {}),
      ...(lead.certificate ? { certificate_id: lead.certificate.id, certificate_url: lead.certificate.url } : {}),
    },
    ...mapped,
    ...(lead.ref ? { tracking_ref: lead.ref } : {}),
  };
}
export type QuoteWizardRequest = ReturnType<typeof quoteWizardRequest>;

/** QUOTEWIZARD_TIMEOUT_MS: the delivery runs in the queue consumer, not in front of a visitor, so it may wait longer than PARTNER_TIMEOUT_MS. */
export function quoteWizardTimeoutMs(env: Pick<Env, 'QUOTEWIZARD_TIMEOUT_MS'>): number {
  const ms = Number(env.QUOTEWIZARD_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 30_000) : 8000;
}

export function quoteWizardClient(env: QuoteWizardEnv) {
  const base = env.QUOTEWIZARD_BASE_URL.replace(/\/+$/, '');
  return {
    postAutoLead: (body: QuoteWizardRequest) =>
      partnerJson(
        {
          partner: 'quotewizard',
          url: `${base}/v1/leads/auto`,
          method: 'POST',
          headers: { authorization: `Bearer ${env.QUOTEWIZARD_API_KEY}`, 'idempotency-key': body.external_id },
          json: body,
          timeoutMs: quoteWizardTimeoutMs(env),
        },
        quoteWizardReplySchema,
      ),
  };
}
