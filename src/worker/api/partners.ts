import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { productSchema } from '../../../brands';
import { checkIp } from '../../partners/ipqs';
import { mediaAlphaClient } from '../../partners/mediaalpha/client';
import { hasPlacement } from '../../partners/mediaalpha/call-context';
import { demandCheckRequest, isLowBid, LOW_BID_THRESHOLD } from '../../partners/mediaalpha/demand-check';
import { logPartnerFailure } from '../../partners/partner-fetch';
import { issueQuoteToken, verifyQuoteToken } from '../../partners/quote-token/token';
import { phoneSeed } from '../../shared/phone/lease';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { logJson } from '../observability/log';
import { reportError } from '../observability/report-error';
import { trackFromServer } from '../tracking/enqueue';
import { sessionFromCookie } from '../tracking/session';
import { storedIpQualitySchema } from '../tracking/session-ip-quality';
import { locationApi } from './location';
import { partnerCallContext, recall, remember, requestIp, requestUa } from './partner-context';
import { visitorPlace } from './visitor-place';
import { leaseVisitorPhone, leaseWithin } from './visitor-phone';
import { partnerVisit } from '../visit';
import { throughBreaker } from '../defence/partner-guard';
import { EMPTY_LISTING, fetchListing } from '../listing';
import { finishOffers } from '../listing/finish-offers';
import { routeByName } from '../../routes/registry';
import { visitorStub } from '../visitor';
import { optedOut } from '../consent/opt-out';
import { noteVisitValue } from '../revenue';

/**
 * The partner calls the browser makes (spec section 7, calls 1, 2, 5, 6 and 7), fronted
 * by the Worker so the browser talks to one origin and never decides ip, user agent,
 * placement, publisher or credentials. Mounted at /api. Every body and query is parsed
 * with zod; bad input is a 400 JSON error.
 */
export const partnerApi = new Hono<AppEnv>();

/** The page's answer for a failed zod parse: 400 `{ error: { code, message, issues } }`. */
function invalid(result: { success: true } | { success: false; error: z.core.$ZodError }): void {
  if (!result.success)
    throw new ApiError(400, 'invalid_request', 'The request does not match the schema', z.treeifyError(result.error));
}

const pageName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,127}$/);
const hour = z.number().int().min(0).max(23);
const partnerCall = z.object({
  product: productSchema.optional(),
  page: pageName.optional(),
  localHour: hour.optional(),
});
const getPhoneBody = partnerCall.extend({
  zip: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
});

partnerApi.use(
  '/mediaalpha/*',
  bodyLimit({
    maxSize: 16 * 1024,
    onError: () => {
      throw new ApiError(413, 'body_too_large', 'Body is larger than 16 KB');
    },
  }),
);
partnerApi.use(
  '/ipqs/*',
  bodyLimit({
    maxSize: 4 * 1024,
    onError: () => {
      throw new ApiError(413, 'body_too_large', 'Body is larger than 4 KB');
    },
  }),
);
partnerApi.use(
  '/quote-token',
  bodyLimit({
    maxSize: 4 * 1024,
    onError: () => {
      throw new ApiError(413, 'body_too_large', 'Body is larger than 4 KB');
    },
  }),
);

/** A demand check is reused for five minutes for the same placement and place. */
const DEMAND_CHECK_REUSE_MS = 5 * 60 * 1000;
const storedDemandCheck = z.object({ key: z.string(), at: z.number(), ev: z.number(), raw: z.unknown().optional() });

/**
 * Spec 7.1: the page calls this on entering a page (or step) whose config has the
 * `demandCheck` hook (src/ui/client/demand-check.ts). The answer carries `parsed.ctc.ev` and
 * the partner's `raw` reply; zip and state are the visitor's stored location, else the geo lookup.
 */
partnerApi.post('/mediaalpha/demand-check', zValidator('json', partnerCall, invalid), async (c) => {
  const body = c.req.valid('json');
  try {
    // Page and product from the Worker's record of the visit, never the body (src/worker/visit).
    // An opted-out visitor (GPC, do-not-sell) is not priced: the check only informs our own figures,
    // and it would tell the marketplace their ip, agent and place.
    if (optedOut(c)) return c.json({ parsed: null, raw: null, lowBid: null });
    const { product, page } = await partnerVisit(c, body.page);
    const [place, context] = await Promise.all([
      visitorPlace(c),
      partnerCallContext(c, product, page ?? undefined, body.localHour),
    ]);
    if (!hasPlacement(context.placementId)) return c.json({ parsed: null, raw: null, lowBid: null });
    const key = `${context.placementId}|${place.zip ?? ''}|${place.state ?? ''}`;
    const cached = await recall(c, 'demand-check', storedDemandCheck);
    if (cached && cached.key === key && Date.now() - cached.at < DEMAND_CHECK_REUSE_MS) {
      return c.json({
        parsed: { ctc: { ev: cached.ev } },
        raw: cached.raw ?? null,
        lowBid: isLowBid(cached.ev),
        cached: true,
      });
    }
    const reply = await throughBreaker(c, 'mediaalpha', () =>
      mediaAlphaClient(c.env).demandCheck(demandCheckRequest(context, { zip: place.zip, state: place.state })),
    );
    const ev = reply.ctc.ev;
    await remember(c, 'demand-check', { key, at: Date.now(), ev, raw: reply });
    // The visit's expected value until a payout replaces it (src/worker/revenue/).
    void noteVisitValue(c, page, ev);
    const lowBid = isLowBid(ev);
    if (lowBid)
      trackFromServer(
        c,
        'lowBidResult',
        { ev, threshold: LOW_BID_THRESHOLD, placementId: context.placementId, product },
        { page },
      );
    return c.json({ parsed: { ctc: { ev } }, raw: reply, lowBid, cached: false });
  } catch (error) {
    // Spec section 8: a failed demand check is swallowed, no message; logged without personal data.
    logPartnerFailure('mediaalpha.demand-check', error);
    return c.json({ parsed: null, raw: null, lowBid: null });
  }
});

/**
 * The visitor sees a number within 1.5 s at p99 whatever the partner does; the
 * deadline leaves room for the request's own work around the race (was 1400: p99 1.57 s).
 */
const GET_PHONE_DEADLINE_MS = 1000;

partnerApi.post('/mediaalpha/get-phone', zValidator('json', getPhoneBody, invalid), async (c) => {
  const body = c.req.valid('json');
  const brand = c.var.brand;
  const { product, page } = await partnerVisit(c, body.page);
  // The lease call keeps running after the deadline so its result is stored for the next page.
  const result = await leaseWithin(
    c,
    leaseVisitorPhone(c, { product, page: page ?? undefined, zip: body.zip ?? null, localHour: body.localHour }),
    GET_PHONE_DEADLINE_MS,
  );
  // The lease's lifetime too, so the page ends it on its own clock (which may be wrong).
  const seed = phoneSeed(result.lease, brand.defaultPhone);
  return c.json({ phone: seed.phone, expiresInMs: seed.expiresInMs, lease: result.lease, source: result.source }, 200, {
    'cache-control': 'no-store',
  });
});

partnerApi.post('/mediaalpha/ads', zValidator('json', partnerCall, invalid), async (c) => {
  const body = c.req.valid('json');
  try {
    const { product, page } = await partnerVisit(c, body.page);
    const listing = await fetchListing(c, { product, page: page ?? undefined, localHour: body.localHour });
    return c.json(listing, 200, { 'cache-control': 'no-store' });
  } catch (error) {
    logPartnerFailure('mediaalpha.ads', error);
    return c.json(EMPTY_LISTING);
  }
});

/**
 * The offers of a finished auto visitor's confirmation (src/worker/listing/finish-offers.ts).
 * Only for a visitor who finished an auto form; one partner call per lead, reused afterwards.
 */
partnerApi.post('/mediaalpha/finish-offers', zValidator('json', partnerCall, invalid), async (c) => {
  const body = c.req.valid('json');
  const { product, page } = await partnerVisit(c, body.page);
  const form = page ? routeByName(page)?.config.form : null;
  const finished =
    product === 'auto' && form
      ? (await visitorStub(c.env, c.var.visitorId).getFunnelState(form, null)).completed
      : false;
  const listing = finished
    ? await finishOffers(c, { page: page ?? undefined, localHour: body.localHour })
    : { ...EMPTY_LISTING, retry: false };
  return c.json(listing, 200, { 'cache-control': 'no-store' });
});

/** Spec 7.6: the body names the user and session; ip and agent come from the request. */
const checkIpBody = z.object({ userId: z.string().max(64).optional(), sessionId: z.string().max(64).optional() });

partnerApi.post('/ipqs/check-ip', zValidator('json', checkIpBody, invalid), async (c) => {
  const ip = requestIp(c);
  if (ip === '') throw new ApiError(400, 'no_ip', 'The request carries no client ip');
  // The session the Worker issued (cookie) names the check; the body's id only when there is none.
  const sessionId = sessionFromCookie(c)?.id ?? c.req.valid('json').sessionId ?? null;
  const stored = await recall(c, 'ip-quality', storedIpQualitySchema);
  if (stored && stored.sessionId === sessionId) return c.json({ result: stored.result, cached: true });
  try {
    const { result, cached } = await throughBreaker(c, 'ipqs', () => checkIp(c.env, ip, requestUa(c)));
    await remember(c, 'ip-quality', { sessionId, result });
    return c.json({ result, cached });
  } catch (error) {
    c.executionCtx.waitUntil(reportError(c.env, error, { where: 'partner.ipqs' }));
    throw new ApiError(502, 'partner_unavailable', 'The ip-quality service did not answer');
  }
});

const quoteTokenBody = z.object({ token: z.string().max(1024).optional() });

/**
 * Spec 7.7: quote-token renewal, bound to the visitor and the ip. The page calls it when it
 * has no token or its token expires within 20 s; the answer says what became of the old one.
 */
partnerApi.post('/quote-token', zValidator('json', quoteTokenBody, invalid), async (c) => {
  const { token } = c.req.valid('json');
  if (!c.env.QUOTE_TOKEN_SECRET) {
    // A deployment without `wrangler secret put QUOTE_TOKEN_SECRET`: say so, never a 500.
    logJson('error', 'QUOTE_TOKEN_SECRET is not set; quote tokens are unavailable', { where: 'api.quote-token' });
    throw new ApiError(503, 'not_configured', 'Quote tokens are not configured on this deployment');
  }
  const binding = { visitorId: c.var.anonymousId, ip: requestIp(c) };
  const previous = token ? await verifyQuoteToken(c.env.QUOTE_TOKEN_SECRET, token, binding) : null;
  const issued = await issueQuoteToken(c.env.QUOTE_TOKEN_SECRET, binding);
  // The lifetime too: the page places the expiry on its own clock, which may be wrong.
  const expiresInMs = Math.max(0, Date.parse(issued.expiresAt) - Date.now());
  return c.json(
    { ...issued, expiresInMs, previous: previous === null ? 'absent' : previous.valid ? 'valid' : previous.reason },
    200,
    { 'cache-control': 'no-store' },
  );
});

partnerApi.route('/', locationApi);
