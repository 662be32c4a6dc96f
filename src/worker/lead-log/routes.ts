/**
 * The log's public addresses (docs/buyers/verify-a-lead.md):
 * - GET /.well-known/lead-log/sth: the latest signed tree head;
 * - GET /.well-known/lead-log/sth/{size}: the head signed at that size (historic heads, from R2);
 * - GET /.well-known/lead-log/consistency?first=&second=: the proof that the tree of `second`
 *   leaves extends the tree of `first`;
 * - GET /certificates/{id}/inclusion: the certificate's audit path to the latest head
 *   (202 while it is pending inclusion);
 * - POST /certificates/{id}/claim: a buyer keeps the certificate (claims.ts).
 * Every answer is open to any origin: buyers' servers and scripts read them.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { certificateClaims } from './claims';
import { logStatus } from './log-status';
import { leadLog } from './log-stub';
import { headKey } from './tree-head';

export const leadLogApp = new Hono<AppEnv>();
leadLogApp.route('/', certificateClaims);

const OPEN = { 'access-control-allow-origin': '*' };
const CERTIFICATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

leadLogApp.get('/.well-known/lead-log/sth', async (c) => {
  const latest = await leadLog(c.env).latestHead();
  if (!latest) throw new ApiError(404, 'not_found', 'The log has signed no head yet');
  return c.json({ jws: latest.jws, ...latest.head }, 200, { ...OPEN, 'cache-control': 'public, max-age=60' });
});

leadLogApp.get('/.well-known/lead-log/sth/:size', async (c) => {
  const size = Number(c.req.param('size'));
  if (!Number.isSafeInteger(size) || size < 0)
    throw new ApiError(400, 'invalid_size', 'A tree size is a whole number, 0 or more');
  const object = await c.env.ARCHIVE.get(headKey(size));
  if (!object) throw new ApiError(404, 'not_found', 'No head was signed at this tree size');
  // A size's head may be signed again later with a newer time (the same root): cache briefly.
  return c.body(await object.text(), 200, {
    ...OPEN,
    'content-type': 'application/json',
    'cache-control': 'public, max-age=300',
  });
});

const sizes = z
  .object({ first: z.coerce.number().int().min(1), second: z.coerce.number().int().min(1) })
  .refine((q) => q.first <= q.second, 'first must not be larger than second');

leadLogApp.get('/.well-known/lead-log/consistency', async (c) => {
  const parsed = sizes.safeParse(c.req.query());
  if (!parsed.success)
    throw new ApiError(
      400,
      'invalid_request',
      'first and second are tree sizes, 1 <= first <= second',
      z.treeifyError(parsed.error),
    );
  const { first, second } = parsed.data;
  const proof = await leadLog(c.env).consistency(first, second);
  if (!proof) throw new ApiError(404, 'not_found', 'The log is not that large yet');
  // A proof between two sizes never changes.
  return c.json({ first, second, proof }, 200, { ...OPEN, 'cache-control': 'public, max-age=86400, immutable' });
});

leadLogApp.get('/certificates/:id/inclusion', async (c) => {
  const id = c.req.param('id').toLowerCase();
  if (!CERTIFICATE_ID.test(id)) throw new ApiError(400, 'invalid_id', 'A certificate id is a UUID');
  const answer = await logStatus(c.env, id);
  const headers = { ...OPEN, 'cache-control': 'no-store' };
  if (answer.status === 'unknown')
    throw new ApiError(404, 'not_found', 'No certificate in the log has this id', undefined, headers);
  return c.json({ certificate_id: id, ...answer }, answer.status === 'included' ? 200 : 202, headers);
});
