import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { hmacSha256 } from '../support/hmac-sync';
import { freshIp } from '../support/sandbox';

/** The operator report (or its CSV) as the operator's script fetches it. */
export function report(query: string): Promise<Response> {
  return SELF.fetch(`http://bh.localhost/ops/report?${query}`, {
    headers: { authorization: 'Bearer test-report-token', 'cf-connecting-ip': freshIp() },
  });
}

/** A postback as the partner sends it: the raw body signed with HMAC-SHA256 under its secret. */
export function signed(body: string, secret: string): string {
  return `sha256=${[...hmacSha256(secret, body)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function secretOf(partner: 'mediaalpha' | 'quotewizard'): string {
  return partner === 'mediaalpha' ? env.POSTBACK_SECRET_MEDIAALPHA : env.POSTBACK_SECRET_QUOTEWIZARD;
}

/** POSTs a postback the way a partner's server does: no cookies, no Origin, any brand hostname. */
export function postback(
  partner: string,
  body: unknown,
  options: { secret?: string; signature?: string } = {},
): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = options.secret ?? (partner === 'quotewizard' ? secretOf('quotewizard') : secretOf('mediaalpha'));
  return SELF.fetch(`http://bh.localhost/api/postback/${partner}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': options.signature ?? signed(text, secret) },
    body: text,
  });
}

export interface RollupMoney {
  visits: number;
  expected_cents: number;
  realized_cents: number;
  realized_call_cents: number;
  realized_click_cents: number;
  blended_cents: number;
  payouts: number;
}

/** The money of one visit's rollup row (its dimensions as the visit row keeps them). */
export async function rollupOfVisit(sessionId: string): Promise<RollupMoney | null> {
  return env.DB.prepare(
    `SELECT r.visits, r.expected_cents, r.realized_cents, r.realized_call_cents, r.realized_click_cents, r.blended_cents, r.payouts
     FROM revenue_rollups r JOIN visit_values v ON r.day = v.day AND r.brand = v.brand AND r.page = v.page
       AND r.traffic_source = v.traffic_source AND r.campaign = v.campaign AND r.paid = v.paid AND r.variant = v.variant
     WHERE v.session_id = ?`,
  )
    .bind(sessionId)
    .first<RollupMoney>();
}
