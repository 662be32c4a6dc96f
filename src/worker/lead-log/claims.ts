/**
 * POST /certificates/{id}/claim `{ phone? , email?, retain_days?, claimant? }`: a buyer that holds
 * the lead's contact keeps its certificate for the period it names (three years by default, at
 * most five: retention.ts) instead of the unclaimed window. The proof is the one a match asks for
 * (certificate-match.ts): the phone or email must be the lead's, compared as keyed fingerprints,
 * under the same two rate limits, since a claim is an oracle on a guess as a match is. The claim
 * is recorded in R2 beside the log (who said they hold which contact kind, when, until when; never
 * the value), so D1 does not grow with three years of claims; the log object keeps the date.
 * Called by buyers' servers: the write guard lets it through without Origin.
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { checkLimit } from '../defence/rate-limit';
import { certificateLimited, heldFingerprints, tooMany, postedFingerprints } from '../consent/certificate-match';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { leadLog } from './log-stub';
import { CLAIM_DEFAULT_DAYS, CLAIM_MAX_DAYS, claimPrefix, DAY_MS } from './retention';

export const certificateClaims = new Hono<AppEnv>();

const CERTIFICATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

const claimSchema = z
  .strictObject({
    phone: z.string().max(32).optional(),
    email: z.string().max(256).optional(),
    retain_days: z.number().int().min(1).max(CLAIM_MAX_DAYS).optional(),
    /** The buyer's own name for itself, kept with the claim (not checked: the contact is the proof). */
    claimant: z.string().min(1).max(100).optional(),
  })
  .refine((b) => b.phone !== undefined || b.email !== undefined, 'a phone or an email of the lead is required');

certificateClaims.post(
  '/certificates/:id/claim',
  zValidator('json', claimSchema, (result) => {
    if (!result.success)
      throw new ApiError(
        400,
        'invalid_request',
        `The body must be { phone?, email?, retain_days? (1 to ${CLAIM_MAX_DAYS}), claimant? } with a phone or an email`,
        z.treeifyError(result.error),
      );
  }),
  async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!CERTIFICATE_ID.test(id)) throw new ApiError(400, 'invalid_id', 'A certificate id is a UUID');
    if ((await checkLimit(c, 'certificate-match')).limited || (await certificateLimited(c.env, id))) throw tooMany();
    const body = c.req.valid('json');
    const secret = c.env.LEAD_HASH_SALT;
    if (!secret) throw new ApiError(503, 'not_configured', 'Contact fingerprints are not configured');
    const [phone, email] = await postedFingerprints(secret, body);
    const issues: string[] = [];
    if (body.phone !== undefined && !phone) issues.push('phone: not a valid US phone number');
    if (body.email !== undefined && !email) issues.push('email: not a valid email address');
    if (issues.length > 0)
      throw new ApiError(400, 'invalid_contact', 'A value to prove is not valid', { errors: issues });
    const held = await heldFingerprints(c.env, secret, id);
    if (!held) throw new ApiError(404, 'not_found', 'No certificate has this id', undefined, noStore);
    // Every value given must be the lead's: one right phone does not carry a wrong email.
    const proven: string[] = [];
    if (phone) proven.push(held.phone !== null && held.phone === phone ? 'phone' : '');
    if (email) proven.push(held.email !== null && held.email === email ? 'email' : '');
    if (proven.includes(''))
      throw new ApiError(403, 'not_proven', 'The contact given is not this lead’s', undefined, noStore);
    const now = Date.now();
    const wanted = now + (body.retain_days ?? CLAIM_DEFAULT_DAYS) * DAY_MS;
    const log = leadLog(c.env);
    // A certificate issued moments ago may still be queued for the log: append it first.
    let until = await log.claim(id, wanted);
    if (until === null) {
      await log.poke();
      until = await log.claim(id, wanted);
    }
    if (until === null)
      throw new ApiError(
        503,
        'pending_inclusion',
        'The certificate is pending inclusion in the log; retry shortly',
        undefined,
        {
          ...noStore,
          'Retry-After': '60',
        },
      );
    const claim = {
      certificate_id: id,
      claimed_at: new Date(now).toISOString(),
      retain_until: new Date(until).toISOString(),
      requested_until: new Date(wanted).toISOString(),
      proof: proven,
      ...(body.claimant ? { claimant: body.claimant } : {}),
    };
    await c.env.ARCHIVE.put(
      `${claimPrefix(id)}${claim.claimed_at}-${crypto.randomUUID()}.json`,
      JSON.stringify(claim),
      {
        httpMetadata: { contentType: 'application/json' },
      },
    );
    return c.json(claim, 201, noStore);
  },
);
