/**
 * POST /certificates/{id}/match `{ phone?, email? }`: does this phone or email belong to the
 * certificate's lead? The way TrustedForm buyers check a lead: the buyer holds the contact, we
 * hold the keyed fingerprints, and the answer is yes or no per value, never the value. The
 * fingerprints compared are the lead's (leads.phone_fingerprint, email_fingerprint), not the
 * certificate's: once the lead is deleted nothing matches, while the certificate itself stays
 * verifiable.
 *
 * Each answer is an oracle on one guess, so it is rate-limited twice on RATE_LIMIT_MATCH: per
 * client (ip and visitor, the house rules of src/worker/defence/limit-rules.ts) and per
 * certificate, so guessing a certificate's phone from many addresses is bounded too. Called by
 * buyers' servers: the write guard lets it through without Origin (it stores nothing).
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { checkLimit } from '../defence/rate-limit';
import { LIMIT_RULES } from '../defence/limit-rules';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { archivedCertificate } from '../lead-archive/read';
import { logJson } from '../observability/log';
import { contactFingerprint } from './contact-hash';
import { leadFingerprints } from './privacy-subject';

export const certificateMatch = new Hono<AppEnv>();

const CERTIFICATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const matchSchema = z
  .strictObject({ phone: z.string().max(32).optional(), email: z.string().max(256).optional() })
  .refine((b) => b.phone !== undefined || b.email !== undefined, 'a phone or an email to match is required');

/**
 * The contact fingerprints a certificate's lead holds, or null when no certificate has this id. A
 * hot lead's come from its row; a lead moved to R2 after its delivery window kept them in its
 * certificate's object. A deleted lead leaves nothing to match: both are null.
 */
export async function heldFingerprints(
  env: Env,
  secret: string,
  id: string,
): Promise<{ phone: string | null; email: string | null } | null> {
  const certificate = await env.DB.prepare('SELECT lead_id FROM lead_certificates WHERE id = ?')
    .bind(id)
    .first<{ lead_id: string }>();
  if (!certificate) {
    const moved = await archivedCertificate(env.ARCHIVE, id);
    return moved ? { phone: moved.phone_fingerprint, email: moved.email_fingerprint } : null;
  }
  const lead = await env.DB.prepare('SELECT "values", phone_fingerprint, email_fingerprint FROM leads WHERE id = ?')
    .bind(certificate.lead_id)
    .first<{ values: string; phone_fingerprint: string | null; email_fingerprint: string | null }>();
  return lead ? await leadFingerprints(secret, lead) : { phone: null, email: null };
}

const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

/** The keyed fingerprints of the phone and email a buyer posted (null where absent or not valid). */
export function postedFingerprints(
  secret: string,
  body: { phone?: string | undefined; email?: string | undefined },
): Promise<[string | null, string | null]> {
  return Promise.all([
    body.phone === undefined ? null : contactFingerprint(secret, 'phone', body.phone),
    body.email === undefined ? null : contactFingerprint(secret, 'email', body.email),
  ]);
}

export function tooMany(): ApiError {
  const retry = String(LIMIT_RULES['certificate-match'].periodSeconds);
  return new ApiError(429, 'rate_limited', `Too many match requests; retry after ${retry} s`, undefined, {
    'Retry-After': retry,
    ...noStore,
  });
}

/** The per-certificate count; a limiter that fails lets the request through, as the house rule says. */
export async function certificateLimited(env: Env, id: string): Promise<boolean> {
  try {
    return !(await env.RATE_LIMIT_MATCH.limit({ key: `certificate-match:cert:${id}` })).success;
  } catch (error) {
    logJson('error', 'rate limiter unavailable; request let through', {
      where: 'consent.certificate-match',
      error: error instanceof Error ? error.message : 'unknown',
    });
    return false;
  }
}

certificateMatch.post(
  '/certificates/:id/match',
  zValidator('json', matchSchema, (result) => {
    if (!result.success)
      throw new ApiError(
        400,
        'invalid_request',
        'The body must be { phone?, email? } with at least one',
        z.treeifyError(result.error),
      );
  }),
  async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!CERTIFICATE_ID.test(id)) throw new ApiError(400, 'invalid_id', 'A certificate id is a UUID');
    if ((await checkLimit(c, 'certificate-match')).limited || (await certificateLimited(c.env, id))) throw tooMany();
    const body = c.req.valid('json');
    const secret = c.env.LEAD_HASH_SALT;
    const [phone, email] = await postedFingerprints(secret, body);
    const issues: string[] = [];
    if (body.phone !== undefined && !phone) issues.push('phone: not a valid US phone number');
    if (body.email !== undefined && !email) issues.push('email: not a valid email address');
    if (issues.length > 0) {
      if (!secret) throw new ApiError(503, 'not_configured', 'Contact fingerprints are not configured');
      throw new ApiError(400, 'invalid_contact', 'A value to match is not valid', { errors: issues });
    }
    const held = await heldFingerprints(c.env, secret, id);
    if (!held) throw new ApiError(404, 'not_found', 'No certificate has this id');
    return c.json(
      {
        certificate_id: id,
        ...(body.phone !== undefined ? { phone: held.phone !== null && held.phone === phone } : {}),
        ...(body.email !== undefined ? { email: held.email !== null && held.email === email } : {}),
      },
      200,
      noStore,
    );
  },
);
