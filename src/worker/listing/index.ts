/**
 * The ad listing of the clicks pages (spec section 3, second ad-response shape), for both
 * POST /api/mediaalpha/ads and the page render (listings render their offers on
 * the server, so a visitor without JavaScript sees them). Each ad is checked on its own: a
 * malformed ad is dropped and logged, the rest are shown.
 */
import type { Context } from 'hono';
import type { Product } from '../../../brands';
import { hasPlacement } from '../../partners/mediaalpha/call-context';
import { mediaAlphaClient } from '../../partners/mediaalpha/client';
import { adsRequest, type AdsRequest } from '../../partners/mediaalpha/get-phone';
import { mappedLeadData } from '../../partners/mediaalpha/phone-lease';
import { adListingEnvelopeSchema, validListingAds, type ListingAd } from '../../partners/mediaalpha/schemas';
import { logPartnerFailure, partnerTimeoutMs } from '../../partners/partner-fetch';
import { isWorkingHours } from '../../shared/phone/working-hours';
import { partnerCallContext } from '../api/partner-context';
import { visitorPlace } from '../api/visitor-place';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { visitorStub } from '../visitor';
import { throughBreaker } from '../defence/partner-guard';
import { offersForPage } from '../../shared/ads/listing-ad';
import { routeByName } from '../../routes/registry';
import { noteVisitValue, withRef } from '../revenue';

export interface Listing {
  ads: ListingAd[];
  requestId: string | null;
}

export const EMPTY_LISTING: Listing = { ads: [], requestId: null };

export interface ListingRequest {
  product: Product;
  page: string | undefined;
  localHour: number | undefined;
  /** Partner timeout; the page render passes its own short budget. */
  timeoutMs?: number;
}

/**
 * What a listing call sends for this visitor: the call context and the mapped lead (contact
 * fields only after consent, src/worker/consent/sharing.ts); null without a placement.
 */
export async function listingCall(c: Context<AppEnv>, request: ListingRequest): Promise<AdsRequest | null> {
  const [place, context, state] = await Promise.all([
    visitorPlace(c),
    partnerCallContext(c, request.product, request.page, request.localHour),
    visitorStub(c.env, c.var.visitorId).partnerValues('mediaalpha'),
  ]);
  if (!hasPlacement(context.placementId)) return null;
  return adsRequest(context, mappedLeadData(request.product, state, null, place.zip));
}

/** One ads call through the partner's breaker. Throws when the partner fails (callers decide the fallback). */
export async function requestListing(c: Context<AppEnv>, body: AdsRequest, timeoutMs?: number): Promise<Listing> {
  const client = mediaAlphaClient(c.env, timeoutMs ?? partnerTimeoutMs(c.env));
  const reply = await throughBreaker(c, 'mediaalpha', () => client.ads(body));
  const listing = adListingEnvelopeSchema.safeParse(reply);
  if (!listing.success) {
    // The first shape is valid but carries no listing data we render (spec section 3).
    logPartnerFailure('mediaalpha.ads', new Error('first ad-response shape: unused'));
    return EMPTY_LISTING;
  }
  if (listing.data.status !== 'SUCCESS') return { ads: [], requestId: listing.data.requestid };
  const { ads, dropped } = validListingAds(listing.data.response.ads);
  if (dropped > 0)
    logJson('warn', 'malformed ads dropped from a listing', {
      where: 'mediaalpha.ads',
      dropped,
      kept: ads.length,
      requestId: listing.data.requestid,
    });
  return { ads, requestId: listing.data.requestid };
}

/**
 * The visitor's listing from MediaAlpha, only offers for the page's product and language
 * (a marketplace listing may mix them). Throws when the partner fails (callers decide the fallback).
 */
export async function fetchListing(c: Context<AppEnv>, request: ListingRequest): Promise<Listing> {
  const body = await listingCall(c, request);
  if (!body) return EMPTY_LISTING;
  const listing = await requestListing(c, body, request.timeoutMs);
  const language = (request.page ? routeByName(request.page)?.language : undefined) ?? 'english';
  const ads = offersForPage(listing.ads, request.product, language);
  // The best priced offer is the visit's expected value; the ref on each click URL names the visit in a click payout.
  const prices = ads.map((ad) => ad.price ?? 0);
  const ref =
    ads.length > 0 ? await noteVisitValue(c, request.page, prices.length > 0 ? Math.max(...prices) : null) : null;
  return { ...listing, ads: ref ? ads.map((ad) => ({ ...ad, click_url: withRef(ad.click_url, ref) })) : ads };
}

/**
 * How long a page render waits for the listing. A first visit to a clicks page pays at most
 * this much over a page without a listing; past it the page shows "no offers right now" and,
 * with JavaScript, the island asks again after load.
 */
export const LISTING_RENDER_BUDGET_MS = 600;

/** The budget from the LISTING_RENDER_BUDGET_MS var (100 ms to 5 s), else the default. */
export function listingBudgetMs(env: { LISTING_RENDER_BUDGET_MS?: string }): number {
  const value = Number(env.LISTING_RENDER_BUDGET_MS);
  return Number.isInteger(value) && value >= 100 && value <= 5000 ? value : LISTING_RENDER_BUDGET_MS;
}

/** What a server-rendered listing carries: `retry` when the server gave up (timeout or failure). */
export interface RenderedListing extends Listing {
  retry: boolean;
}

/**
 * Spec section 4 (working hours) as the island applies it: call offers only while agents
 * answer. Applied on the server too so the first paint and the hydrated listing agree.
 */
export function offersForNow(ads: ListingAd[], utmMedium: string | null, now = new Date()): ListingAd[] {
  return isWorkingHours(now, utmMedium) ? ads : ads.filter((ad) => ad.type === 'click');
}

/** The listing for a page render, bounded by the listing budget (listingBudgetMs); never throws. */
export function listingForPage(
  c: Context<AppEnv>,
  product: Product,
  page: string,
  budgetMs = listingBudgetMs(c.env),
): Promise<RenderedListing> {
  const utmMedium = new URL(c.req.url).searchParams.get('utm_medium');
  return withinBudget(
    fetchListing(c, { product, page, localHour: undefined, timeoutMs: budgetMs }).then((listing) => ({
      ...listing,
      ads: offersForNow(listing.ads, utmMedium),
    })),
    budgetMs,
  );
}

/** A listing for a page render: `retry` when it failed or did not come within `budgetMs`; never throws. */
export async function withinBudget(work: Promise<Listing>, budgetMs: number): Promise<RenderedListing> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp: RenderedListing = { ...EMPTY_LISTING, retry: true };
  const deadline = new Promise<RenderedListing>((resolve) => {
    timer = setTimeout(() => resolve(gaveUp), budgetMs);
  });
  const done = work
    .then((listing): RenderedListing => ({ ...listing, retry: false }))
    .catch((error: unknown) => {
      logPartnerFailure('mediaalpha.ads', error);
      return gaveUp;
    });
  try {
    return await Promise.race([done, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
