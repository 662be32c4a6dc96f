/**
 * The operator's review of withheld leads at /ops/review, behind the report token (a bearer
 * token, or the signed-in session cookie), never indexed, never cached:
 * - GET  /ops/review                 the queue (HTML; JSON with `format=json` or Accept: application/json)
 * - POST /ops/review/{lead}/release  the trust verdict set aside: every other rule of the final step
 *                                    judged again (release-rules.ts), then the lead is delivered through
 *                                    the usual queue, once; a broken rule is a 409/422 naming it
 * - POST /ops/review/{lead}/reject   the lead stays withheld, and the queue says who decided
 * A lead is reviewed once. Each post names the operator (`by`): the token is shared and names no
 * one. Posts are same-origin like every write (middleware/write-guard.ts; a command-line client
 * sends `Origin: https://{brand host}`); JSON or a plain form post (the page's buttons).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { enqueueLeadDeliveries } from '../lead-delivery/deliver-lead';
import { requireReportToken } from '../report/auth';
import { productSchema } from '../../../brands';
import { renderQueuePage } from './page';
import { loadQueue, queueFiltersSchema, reviewLead, reviewOf, type ReviewLeadRow } from './queue';
import { AlreadyReviewed, recordRejection, recordRelease } from './record';
import { judgeRelease } from './release-rules';

export { releaseStatements } from './statement';

export const reviewOps = new Hono<AppEnv>();
reviewOps.use('*', requireReportToken);

const NO_STORE = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' };
const LEAD_ID = /^[A-Za-z0-9-]{1,64}$/;
const reviewBodySchema = z.strictObject({ by: z.string().trim().min(1).max(80) });

function invalid(code: string, message: string, error: z.core.$ZodError): never {
  throw new ApiError(400, code, message, z.treeifyError(error), NO_STORE);
}

/** The posted body, JSON or a plain form post, parsed by the one schema. */
async function reviewBody(c: Context<AppEnv>): Promise<{ by: string; form: boolean }> {
  const type = c.req.header('content-type') ?? '';
  const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type);
  let raw: unknown;
  if (form) raw = await c.req.parseBody();
  else {
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiError(400, 'invalid_json', 'The body is not JSON', undefined, NO_STORE);
    }
  }
  const parsed = reviewBodySchema.safeParse(raw);
  if (!parsed.success) invalid('invalid_request', 'The body must be { "by": the operator acting }', parsed.error);
  return { by: parsed.data.by, form };
}

/** The lead under review, still withheld and not reviewed yet; otherwise the error that says why not. */
async function pendingLead(c: Context<AppEnv>): Promise<ReviewLeadRow> {
  const id = c.req.param('id') ?? '';
  if (!LEAD_ID.test(id)) throw new ApiError(400, 'invalid_lead_id', 'The lead id is not valid', undefined, NO_STORE);
  const row = await reviewLead(c.env.DB, id);
  if (!row) throw new ApiError(404, 'not_found', 'No lead has this id', undefined, NO_STORE);
  const review = await reviewOf(c.env.DB, id);
  if (review) throw alreadyReviewed(review);
  if (row.delivery !== 'withheld')
    throw new ApiError(
      409,
      'not_withheld',
      `The lead is ${row.delivery ?? 'undecided'}, not withheld`,
      undefined,
      NO_STORE,
    );
  return row;
}

function alreadyReviewed(review: { action: string; reviewer: string; at: string } | null) {
  return new ApiError(
    409,
    'already_reviewed',
    review ? `The lead was ${review.action} by ${review.reviewer} at ${review.at}` : 'The lead was reviewed already',
    review ? { action: review.action, by: review.reviewer, at: review.at } : undefined,
    NO_STORE,
  );
}

function wantsJson(c: Context<AppEnv>): boolean {
  return c.req.query('format') === 'json' || (c.req.header('accept') ?? '').includes('application/json');
}

reviewOps.get('/', async (c) => {
  const parsed = queueFiltersSchema.safeParse(c.req.query());
  if (!parsed.success) invalid('invalid_filters', 'The queue filters are not valid', parsed.error);
  const entries = await loadQueue(c.env.DB, parsed.data);
  if (wantsJson(c) && parsed.data.format !== 'html') return c.json({ leads: entries }, 200, NO_STORE);
  return c.html(renderQueuePage(entries, parsed.data, c.var.nonce), 200, NO_STORE);
});

reviewOps.post('/:id/release', async (c) => {
  const { by, form } = await reviewBody(c);
  const row = await pendingLead(c);
  const judgement = await judgeRelease(c.env, row);
  if (!judgement.ok)
    throw new ApiError(
      judgement.status,
      'release_refused',
      `Not released: ${judgement.message} (rule ${judgement.rule}); nothing changed`,
      { rule: judgement.rule },
      NO_STORE,
    );
  const withheld = JSON.parse(row.withheld_reasons ?? '[]') as unknown;
  const overrode = Array.isArray(withheld) && withheld.includes('verdict') ? ['verdict'] : [];
  let released: { at: string; statement: string | null };
  try {
    released = await recordRelease(c.env, row, { by, overrode, recipients: judgement.recipients });
  } catch (error) {
    if (error instanceof AlreadyReviewed) throw alreadyReviewed(await reviewOf(c.env.DB, row.id));
    throw error;
  }
  const product = productSchema.parse(row.product);
  // The usual path from here: one lead_deliveries row per company, each sent once by the queue's consumer.
  await enqueueLeadDeliveries(c.env, {
    id: row.id,
    product,
    visitorId: row.visitor_id,
    form: row.form,
    submissionId: row.submission_id,
    recipients: judgement.recipients,
  });
  // The visitor's later pages say what is now true: their details went to the companies they chose.
  if (row.visitor_object)
    await c.env.VISITOR.get(c.env.VISITOR.idFromString(row.visitor_object))
      .completeForm(row.form, true)
      .catch(() => undefined);
  if (form) return c.redirect('/ops/review?state=released', 303);
  return c.json(
    {
      lead: row.id,
      review: {
        action: 'released',
        by,
        at: released.at,
        overrode,
        recipients: judgement.recipients.map((r) => ({ id: r.id, name: r.name, kind: r.kind })),
        certificate_id: row.certificate_id,
        statement: released.statement,
      },
    },
    200,
    NO_STORE,
  );
});

reviewOps.post('/:id/reject', async (c) => {
  const { by, form } = await reviewBody(c);
  const row = await pendingLead(c);
  let at: string;
  try {
    ({ at } = await recordRejection(c.env.DB, row, { by }));
  } catch (error) {
    if (error instanceof AlreadyReviewed) throw alreadyReviewed(await reviewOf(c.env.DB, row.id));
    throw error;
  }
  if (form) return c.redirect('/ops/review?state=rejected', 303);
  return c.json({ lead: row.id, review: { action: 'rejected', by, at } }, 200, NO_STORE);
});
