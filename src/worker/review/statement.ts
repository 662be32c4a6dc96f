/**
 * A released lead's signed release statement, public beside its certificate: the certificate was
 * signed when the lead was withheld and names no recipient; the statement (record.ts), signed with
 * the same key and verified against the same published keys, names the companies that received
 * it after the operator's release. No personal data and no operator name is in it.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';

export const releaseStatements = new Hono<AppEnv>();

const CERTIFICATE_ID = /^[0-9a-f-]{36}$/;

releaseStatements.get('/certificates/:id/release', async (c) => {
  const id = c.req.param('id').toLowerCase();
  const row = CERTIFICATE_ID.test(id)
    ? await c.env.DB.prepare(
        `SELECT statement FROM lead_reviews WHERE certificate_id = ? AND action = 'released' AND statement IS NOT NULL`,
      )
        .bind(id)
        .first<{ statement: string }>()
    : null;
  const headers = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };
  if (!row) throw new ApiError(404, 'not_found', 'No release statement follows this certificate', undefined, headers);
  return c.json({ jws: row.statement }, 200, headers);
});
