/**
 * The consent step as it looked, for anyone holding a certificate:
 * - GET /api/page-snapshots/{sha256}: the stored HTML, byte for byte (its SHA-256 is the name),
 *   as text so it never runs as a page of this origin;
 * - GET /certificates/{id}/page: the step of the certificate's lead as a page to look at (no
 *   script runs: CSP sandbox), the visitor's answers shown as their field names;
 * - POST /certificates/{id}/page `{ phone?, email? }`: the same page with the lead's own answers,
 *   only for someone who proves they hold the lead (the contact matches the lead's fingerprints,
 *   as /certificates/{id}/match checks it, under the same rate limits).
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { base64UrlToText } from '../../shared/base64url';
import { checkLimit } from '../defence/rate-limit';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { archivedCertificate } from '../lead-archive/read';
import { certificateJws } from './certificate';
import { certificateLimited, heldFingerprints, matchSchema, tooMany, postedFingerprints } from './certificate-match';
import { placeholderOf, snapshotHtml } from './page-snapshot';

export const snapshotRoutes = new Hono<AppEnv>();

const SHA256 = /^[0-9a-f]{64}$/;
const CERTIFICATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A snapshot shown as a page: its own scripts and forms never run (sandbox), styles and images do. */
const VIEW_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'content-security-policy':
    "sandbox; default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
};

snapshotRoutes.get('/api/page-snapshots/:sha256', async (c) => {
  const sha256 = c.req.param('sha256').toLowerCase();
  if (!SHA256.test(sha256))
    throw new ApiError(400, 'invalid_hash', 'A page snapshot is named by the 64 hex characters of its SHA-256');
  const html = await snapshotHtml(c.env.ARCHIVE, sha256);
  if (html === null) throw new ApiError(404, 'not_found', 'No page snapshot has this SHA-256');
  // Content named by its hash never changes.
  return c.body(html, 200, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=86400, immutable',
    'access-control-allow-origin': '*',
  });
});

/** The certificate's lead id and snapshot hash, or null when no certificate has this id. */
async function certificateSnapshot(env: Env, id: string): Promise<{ leadId: string; sha256: string | null } | null> {
  const jws = (await certificateJws(env.DB, id)) ?? (await archivedCertificate(env.ARCHIVE, id))?.jws ?? null;
  if (!jws) return null;
  const payload = z
    .object({
      lead_id: z.string(),
      page: z.object({ snapshot_sha256: z.string().nullable(), status: z.string() }).optional(),
    })
    .safeParse(parseJson(base64UrlToText(jws.split('.')[1] ?? '') ?? ''));
  if (!payload.success) return null;
  const page = payload.data.page;
  // Only a snapshot the Worker vouched for at signing is shown as the lead's step.
  const sha256 =
    page?.status === 'served' && page.snapshot_sha256 && SHA256.test(page.snapshot_sha256)
      ? page.snapshot_sha256
      : null;
  return { leadId: payload.data.lead_id, sha256 };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function snapshotOf(env: Env, rawId: string): Promise<{ leadId: string; html: string }> {
  const id = rawId.toLowerCase();
  if (!CERTIFICATE_ID.test(id)) throw new ApiError(400, 'invalid_id', 'A certificate id is a UUID');
  const found = await certificateSnapshot(env, id);
  if (!found) throw new ApiError(404, 'not_found', 'No certificate has this id');
  if (!found.sha256) throw new ApiError(404, 'no_snapshot', 'This certificate names no snapshot of its consent step');
  const html = await snapshotHtml(env.ARCHIVE, found.sha256);
  if (html === null) throw new ApiError(404, 'not_found', 'The snapshot this certificate names is not stored');
  return { leadId: found.leadId, html };
}

snapshotRoutes.get('/certificates/:id/page', async (c) => {
  const { html } = await snapshotOf(c.env, c.req.param('id'));
  return c.body(html, 200, VIEW_HEADERS);
});

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);

/**
 * The snapshot with the lead's answers: each `{{field}}` replaced by its answer, and the step's
 * own inputs (empty as served: the visitor typed into them) showing what was sent. HTML-escaped.
 */
export function withAnswers(html: string, values: Record<string, unknown>): string {
  let out = html;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const answer = escapeHtml(String(value));
    out = out.replaceAll(placeholderOf(name), answer);
    out = out.replaceAll(`name="${escapeHtml(name)}" value=""`, `name="${escapeHtml(name)}" value="${answer}"`);
  }
  return out;
}

snapshotRoutes.post(
  '/certificates/:id/page',
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
    const held = await heldFingerprints(c.env, secret, id);
    if (!held) throw new ApiError(404, 'not_found', 'No certificate has this id');
    // Every value given must match: one right guess among wrong ones proves nothing.
    const proven =
      (phone !== null || email !== null) &&
      (body.phone === undefined || (phone !== null && held.phone === phone)) &&
      (body.email === undefined || (email !== null && held.email === email));
    if (!proven) throw new ApiError(403, 'not_proven', 'The contact given does not match this certificate’s lead');
    const { leadId, html } = await snapshotOf(c.env, id);
    const lead = await c.env.DB.prepare('SELECT "values" FROM leads WHERE id = ?')
      .bind(leadId)
      .first<{ values: string }>();
    const values = z.record(z.string(), z.unknown()).safeParse(parseJson(lead?.values ?? '{}'));
    return c.body(withAnswers(html, values.success ? values.data : {}), 200, VIEW_HEADERS);
  },
);
