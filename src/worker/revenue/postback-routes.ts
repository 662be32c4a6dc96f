/**
 * POST /api/postback/{partner}: a partner reports what it paid for a call, click or lead.
 * Server to server, so it is mounted before the browser write guard and the visitor cookies: it
 * authenticates by `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>` under the partner's
 * secret instead, and accepts no personal data. Refused postbacks are stored nowhere.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { logJson } from '../observability/log';
import { queuePayoutAdjustment } from '../ad-conversions/queue-conversions';
import { verifyHmacHex } from './hmac';
import { fromCents, toCents } from './money';
import { revenuePartners, postbackSecret } from './partners';
import { acceptPostback } from './postback';
import { partnerNameSchema, personalFieldsIn, postbackSchema, secretName } from './postback-schema';

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
    const signature = /^sha256=([0-9a-fA-F]{64})$/.exec(c.req.header('x-signature') ?? '')?.[1];
    if (!signature || !(await verifyHmacHex(secret, bytes, signature.toLowerCase())))
      throw new ApiError(
        401,
        'bad_signature',
        'X-Signature is not sha256=<HMAC-SHA256 of the body> under the partner secret',
      );
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    } catch {
      throw new ApiError(400, 'invalid_json', 'The body is not JSON');
    }
    const personal = personalFieldsIn(body);
    if (personal.length > 0)
      throw new ApiError(400, 'personal_data', 'A postback carries no personal data', { fields: personal });
    const parsed = postbackSchema.safeParse(body);
    if (!parsed.success)
      throw new ApiError(
        400,
        'invalid_request',
        'The postback does not match the schema',
        z.treeifyError(parsed.error),
      );
    const postback = parsed.data;
    if (toCents(postback.payout) > partner.payoutCeilingCents)
      throw new ApiError(
        400,
        'payout_out_of_range',
        `A payout above ${fromCents(partner.payoutCeilingCents)} USD is refused`,
        {
          fields: ['payout'],
        },
      );
    const result = await acceptPostback(c.env.DB, partner.name, postback);
    // The ad platforms learn the realized value of a converted visit (never for a repeat).
    if (result.outcome !== 'duplicate' && result.sessionId)
      c.executionCtx.waitUntil(queuePayoutAdjustment(c.env, result.sessionId, partner.name, postback.conversion_id));
    return c.json({ status: result.outcome, attributed: result.attributed });
  },
);
