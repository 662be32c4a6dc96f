import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { toHex } from '../../src/shared/hex';
import type { visitor } from '../support/funnel';
import { hmacSha256 } from '../support/hmac-sync';
import { pastPhoneDeadline } from '../support/poll';
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
  return env.REVENUE_DB.prepare(
    `SELECT r.visits, r.expected_cents, r.realized_cents, r.realized_call_cents, r.realized_click_cents, r.blended_cents, r.payouts
     FROM revenue_rollups r JOIN visit_values v ON r.day = v.day AND r.brand = v.brand AND r.page = v.page
       AND r.traffic_source = v.traffic_source AND r.campaign = v.campaign AND r.paid = v.paid AND r.variant = v.variant
     WHERE v.session_id = ?`,
  )
    .bind(sessionId)
    .first<RollupMoney>();
}

/**
 * The ref a partner reports a payout by, once the visit's value row is stored. The Worker writes
 * that row after its reply (waitUntil), and a real payout comes minutes later; on a loaded run a
 * test's postback right after the finish could otherwise arrive first and find no visit.
 */
export async function refOfRecordedVisit(sessionId: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const row = await env.REVENUE_DB.prepare('SELECT ref FROM visit_values WHERE session_id = ?')
      .bind(sessionId)
      .first<{ ref: string }>();
    if (row) return row.ref;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no visit value row for the session within 20 s`);
}

/**
 * The number the partner leases to a visit that has seen a page, as a browser's get-phone asks for
 * it. On a loaded run the Worker's deadline can answer first; the lease is then stored for the next
 * ask, so this asks again past the deadline. Returns the reply's source and the number ('' if none).
 */
export async function leasedNumber(v: ReturnType<typeof visitor>): Promise<{ source: string; number: string }> {
  const reply = await pastPhoneDeadline(async () => {
    const response = await v.fetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
    });
    return response.json<{ lease: { value: string } | null; source: string }>();
  });
  return { source: reply.source, number: reply.lease?.value ?? '' };
}
