/**
 * POST /api/postback/{partner}: a partner reports what it paid for a call, click or lead.
 * Server to server, so it is mounted before the browser write guard and the visitor cookies: it
 * authenticates by a signature over its time and raw body (postback-signature.ts, as Stripe signs
 * webhooks) under the partner's secret instead, and accepts no personal data. The checks run in
 * order, each refusal a status with a JSON error naming the problem; refused postbacks are stored
 * nowhere, and a report older than the payout stored changes nothing (409).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { logJson } from '../observability/log';
import { fromCents, toCents } from './money';
import { revenuePartners, postbackSecret } from './partners';
import { acceptPostback } from './postback';
import { onPayoutAccepted } from './payout-accepted';
import { postbackDateProblems } from './postback-dates';
import { partnerNameSchema, personalFieldsIn, postbackSchema, secretName } from './postback-schema';
import { checkSignature } from './postback-signature';
import { parseStrictJson } from './strict-json';

export const POSTBACK_MAX_BYTES = 8 * 1024;

export const postbackApi = new Hono<AppEnv>();

postbackApi.post(
  '/:partner',
  bodyLimit({
    maxSize: POSTBACK_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, 'body_too_large', `Body is larger than ${POSTBACK_MAX_BYTES} bytes`);
    },
  }),
  async (c) => {
    const now = new Date();
    const name = partnerNameSchema.safeParse(c.req.param('partner'));
    const partner = name.success ? (await revenuePartners(c.env.DB)).get(name.data) : undefined;
    if (!partner) throw new ApiError(404, 'unknown_partner', 'No partner of that name posts payouts here');
    const secretVar = secretName(partner.name);
    const secret = postbackSecret(c.env, secretVar);
    if (!secret) {
      logJson('error', 'postback secret is not set', { where: 'revenue.postback', partner: partner.name, secretVar });
      throw new ApiError(503, 'not_configured', `${secretVar} is not set on this deployment`);
    }
    const bytes = await c.req.arrayBuffer();
    const signature = await checkSignature(secret, c.req.header('x-signature'), bytes, now);
    if (!signature.ok) throw new ApiError(401, signature.code, signature.message);

    const json = parseStrictJson(new TextDecoder().decode(bytes));
    if (!json.ok && json.code === 'invalid_json') throw new ApiError(400, 'invalid_json', 'The body is not JSON');
    if (!json.ok)
      throw new ApiError(400, 'duplicate_key', 'A key appears more than once in one object of the body', {
        fields: json.keys,
      });
    const personal = personalFieldsIn(json.value);
    if (personal.length > 0)
      throw new ApiError(400, 'personal_data', 'A postback carries no personal data', { fields: personal });
    const parsed = postbackSchema.safeParse(json.value);
    if (!parsed.success)
      throw new ApiError(
        400,
        'invalid_request',
        'The postback does not match the schema',
        z.treeifyError(parsed.error),
      );
    const postback = parsed.data;
    if (!partner.conversionTypes.has(postback.type))
      throw new ApiError(
        400,
        'type_not_handled',
        `${partner.name} does not report ${postback.type} conversions (it reports: ${[...partner.conversionTypes].join(', ')})`,
        { fields: ['type'] },
      );
    if (toCents(postback.payout) > partner.payoutCeilingCents)
      throw new ApiError(
        400,
        'payout_out_of_range',
        `A payout above ${fromCents(partner.payoutCeilingCents)} USD is refused`,
        { fields: ['payout'] },
      );
    const dates = await postbackDateProblems(c.env.REVENUE_DB, postback, now);
    if (dates.length > 0)
      throw new ApiError(400, 'date_out_of_range', 'A date is before the visit began or in the future', {
        fields: dates.map((d) => d.field),
        dates,
      });

    const version = postback.adjusted_at ? new Date(postback.adjusted_at) : signature.signedAt;
    const result = await acceptPostback(c.env, partner.name, postback, version, now);
    if (result.outcome === 'stale')
      throw new ApiError(
        409,
        'stale_adjustment',
        'A report of this conversion at the same or a later time is already applied; this one changes nothing',
        { fields: [postback.adjusted_at ? 'adjusted_at' : 't'], storedPayout: fromCents(result.storedCents) },
      );
    c.executionCtx.waitUntil(onPayoutAccepted(c.env, { partner: partner.name, postback, result }));
    return c.json({ status: result.outcome, attributed: result.attributed });
  },
);
