import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { toHex } from '../../src/shared/hex';
import { hmacSha256 } from '../support/hmac-sync';
import { freshIp } from '../support/sandbox';

/** The operator report (or its CSV) as the operator's script fetches it. */
export function report(query: string): Promise<Response> {
  return SELF.fetch(`http://bh.localhost/ops/report?${query}`, {
    headers: { authorization: 'Bearer test-report-token', 'cf-connecting-ip': freshIp() },
  });
}

/**
 * A postback's X-Signature as the partner sends it: its time (unix seconds, now unless given) and
 * HMAC-SHA256 under its secret of `<t>.<raw body>`, as Stripe signs webhooks.
 */
export function signed(body: string, secret: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${toHex(hmacSha256(secret, `${t}.${body}`))}`;
}

/** The old form, an HMAC of the body alone (replayable), which the Worker now refuses. */
export function bodyOnlySignature(body: string, secret: string): string {
  return `sha256=${toHex(hmacSha256(secret, body))}`;
}

export function secretOf(partner: 'mediaalpha' | 'quotewizard'): string {
  return partner === 'mediaalpha' ? env.POSTBACK_SECRET_MEDIAALPHA : env.POSTBACK_SECRET_QUOTEWIZARD;
}

/** POSTs a postback the way a partner's server does: no cookies, no Origin, any brand hostname. */
export function postback(
  partner: string,
  body: unknown,
  options: { secret?: string; signature?: string; signedAt?: Date } = {},
): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = options.secret ?? (partner === 'quotewizard' ? secretOf('quotewizard') : secretOf('mediaalpha'));
  return SELF.fetch(`http://bh.localhost/api/postback/${partner}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': options.signature ?? signed(text, secret, options.signedAt),
    },
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
