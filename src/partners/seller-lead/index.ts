import { z } from 'zod';
import { parseLeadValues } from '../../shared/lead';
import { partnerJson } from '../partner-fetch';

/**
 * The plain lead post to a Medicare company the visitor ticked on the consent step: one
 * `POST {SELLER_DELIVERY_BASE_URL}/{company id}/leads` per company, with our lead id and the
 * company as Idempotency-Key, so a retry after a timeout the company did receive is one lead
 * there. The body is what an agent needs to call back (name, phone, email, zip, the Medicare
 * and Medicaid answers), the consent proof with the certificate a buyer can check, and the
 * consumer's ip and user agent (TCPA). The reply says accepted (with the company's id) or rejected.
 */
export const sellerLeadReplySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('accepted'), id: z.string().min(1).max(128) }),
  z.object({ status: z.literal('rejected'), id: z.string().max(128).nullish(), reason: z.string().max(500) }),
]);
export type SellerLeadReply = z.infer<typeof sellerLeadReplySchema>;

export interface SellerLead {
  leadId: string;
  createdAt: string;
  brand: string;
  seller: { id: string; name: string };
  values: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  consent: { version: string | null; sha256: string | null; at: string | null };
  certificate: { id: string; url: string } | null;
  /** A call-back time the visitor asked for, when agents were away. */
  callbackAt?: string | null;
}

/** The fields a company receives, named as a lead post names them. */
export function sellerLeadRequest(lead: SellerLead) {
  const v = parseLeadValues('medicare', lead.values);
  const contact = {
    first_name: v.firstName,
    last_name: v.lastName,
    phone: v.phone?.replace(/\D/g, ''),
    email: v.email,
    zip: v.zipcode,
  };
  return {
    lead_id: lead.leadId,
    created_at: lead.createdAt,
    brand: lead.brand,
    product: 'medicare' as const,
    recipient: lead.seller,
    contact: Object.fromEntries(Object.entries(contact).filter(([, value]) => value !== undefined)),
    answers: {
      ...(v.haveMedicare !== undefined ? { has_medicare: v.haveMedicare } : {}),
      ...(v.haveMedicaid !== undefined ? { has_medicaid: v.haveMedicaid } : {}),
    },
    ...(lead.callbackAt ? { callback_at: lead.callbackAt } : {}),
    // Our consent evidence where a buyer's lead tools look for it: a flat field of its own name
    // beside the post's other flat fields. Not `trusted_form_cert_url` or `jornaya_leadid`:
    // those name other companies' certificates, which a buyer's tools would fetch from them
    // (docs/buyers/verify-a-lead.md; docs/decisions/0307-our-own-certificate-field.md).
    lead_certificate_url: lead.certificate?.url ?? null,
    lead_certificate_inclusion_url: lead.certificate ? `${lead.certificate.url}/inclusion` : null,
    ip_address: lead.ip ?? '',
    user_agent: lead.userAgent ?? '',
    landing_page_url: lead.pageUrl ?? '',
    consent: {
      consented_at: lead.consent.at,
      disclosure_version: lead.consent.version,
      disclosure_sha256: lead.consent.sha256,
      certificate_id: lead.certificate?.id ?? null,
      certificate_url: lead.certificate?.url ?? null,
    },
  };
}
export type SellerLeadRequest = ReturnType<typeof sellerLeadRequest>;

export type SellerLeadEnv = Pick<Env, 'SELLER_DELIVERY_BASE_URL' | 'QUOTEWIZARD_TIMEOUT_MS'>;

export function postSellerLead(env: SellerLeadEnv, body: SellerLeadRequest): Promise<SellerLeadReply> {
  const base = env.SELLER_DELIVERY_BASE_URL.replace(/\/+$/, '');
  const ms = Number(env.QUOTEWIZARD_TIMEOUT_MS);
  return partnerJson(
    {
      partner: 'seller',
      url: `${base}/${encodeURIComponent(body.recipient.id)}/leads`,
      method: 'POST',
      headers: { 'idempotency-key': `${body.lead_id}:${body.recipient.id}` },
      json: body,
      // A delivery runs in the queue consumer, never in front of a visitor: the lead-post timeout.
      timeoutMs: Number.isFinite(ms) && ms > 0 ? Math.min(ms, 30_000) : 8000,
    },
    sellerLeadReplySchema,
  );
}
