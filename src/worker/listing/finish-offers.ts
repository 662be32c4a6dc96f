/**
 * The offer wall of a finished auto visitor. The spec's ads call with the
 * visitor's mapped lead, as the clicks-auto pages make it, shown in the confirmation, with
 * JavaScript (POST /api/mediaalpha/finish-offers) and without (the page render, within the
 * listing budget). One partner call per lead: the answer is remembered in the visitor's
 * Durable Object under a hash of what was sent (placement and mapped lead), so a reload, the
 * confirmation on another page of the product or the island after a server render reuse it;
 * while that call runs, the same lead's other requests wait for its answer (a claim in the
 * Durable Object) instead of paying a second call; different answers are a different lead and ask again. A miss is counted by the `ads` rate
 * limit and goes through the partner's breaker; only auto click-outs in the page's language are kept.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { validListingAds } from '../../partners/mediaalpha/schemas';
import { offersForPage } from '../../shared/ads/listing-ad';
import { noteVisitValue, withRef } from '../revenue';
import { routeByName } from '../../routes/registry';
import { partnerTimeoutMs } from '../../partners/partner-fetch';
import { sha256Hex } from '../../shared/consent';
import { recall, remember } from '../api/partner-context';
import { visitorStub } from '../visitor';
import { checkLimit } from '../defence/rate-limit';
import type { AppEnv } from '../env';
import { EMPTY_LISTING, listingCall, requestListing, withinBudget, type Listing, type RenderedListing } from './index';

const storedFinishOffers = z.object({
  key: z.string(),
  ads: z.array(z.unknown()),
  requestId: z.string().nullable(),
});

export interface FinishOffersRequest {
  page: string | undefined;
  localHour: number | undefined;
  /** Partner timeout and render budget; absent: the partner timeout. */
  budgetMs?: number;
}

const NONE: RenderedListing = { ...EMPTY_LISTING, retry: false };

/** The finished auto visitor's click-out offers; never throws. */
export async function finishOffers(c: Context<AppEnv>, request: FinishOffersRequest): Promise<RenderedListing> {
  const body = await listingCall(c, { product: 'auto', page: request.page, localHour: request.localHour });
  if (!body) return NONE;
  const key = await sha256Hex(JSON.stringify([body.placement_id, body.data]));
  const cached = await recall(c, 'finish-offers', storedFinishOffers);
  if (cached?.key === key) return rendered(cached);
  const budgetMs = request.budgetMs ?? partnerTimeoutMs(c.env) + 100;
  const stub = visitorStub(c.env, c.var.visitorId);
  if (!(await stub.claimPartnerCall('finish-offers', key, partnerTimeoutMs(c.env) + 1_000))) {
    // Another request of this visitor is asking for the same lead (a reload racing the first render,
    // the island while the page waits): its answer, not a second paid call.
    await stub.awaitPartnerCall('finish-offers', key, budgetMs);
    const shared = await recall(c, 'finish-offers', storedFinishOffers);
    return shared?.key === key ? rendered(shared) : { ...EMPTY_LISTING, retry: true };
  }
  if ((await checkLimit(c, 'ads')).limited) {
    await stub.endPartnerCall('finish-offers', key);
    return NONE;
  }
  const work = requestListing(c, body, request.budgetMs)
    .then(async (listing): Promise<Listing> => {
      const language = (request.page ? routeByName(request.page)?.language : undefined) ?? 'english';
      // Click-outs only: a call offer would put a second number beside the page's one.
      const clicks = offersForPage(listing.ads, 'auto', language).filter((ad) => ad.type === 'click');
      // The visit's ref on each click URL (its click payout names it) and the best price as its expected value.
      const ref =
        clicks.length > 0
          ? await noteVisitValue(c, request.page, Math.max(0, ...clicks.map((ad) => ad.price ?? 0)))
          : null;
      const offers = {
        ads: ref ? clicks.map((ad) => ({ ...ad, click_url: withRef(ad.click_url, ref) })) : clicks,
        requestId: listing.requestId,
      };
      await remember(c, 'finish-offers', { key, ...offers });
      return offers;
    })
    .finally(() => stub.endPartnerCall('finish-offers', key));
  // Past the render budget the call still lands in the visitor's store, for the island's retry or a reload.
  c.executionCtx.waitUntil(work.catch(() => undefined));
  return withinBudget(work, budgetMs);
}

const rendered = (stored: z.infer<typeof storedFinishOffers>): RenderedListing => ({
  ads: validListingAds(stored.ads).ads,
  requestId: stored.requestId,
  retry: false,
});
