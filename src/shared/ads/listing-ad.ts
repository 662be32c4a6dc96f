import * as z from 'zod/mini';

/**
 * One offer of the ad listing (spec section 3, partner ad response, second shape). Shared:
 * the Worker parses MediaAlpha's reply with it and the ad-listing island parses the
 * Worker's answer with it. Links must be http(s), so a `javascript:` URL never reaches an
 * href. headline, description and phone_number are optional extras shown when present.
 * Written with zod/mini because it ships to the browser: the full zod would add ~100 KB gzip
 * to the clicks pages, mini adds a few.
 */
const httpUrl = z.url({ protocol: /^https?$/ });

export const listingAdSchema = z.looseObject({
  type: z.enum(['click', 'call']),
  click_url: httpUrl,
  logo_url: httpUrl,
  ref: z.string(),
  price: z.optional(z.number()),
  pixels: z.optional(z.array(httpUrl)),
  headline: z.optional(z.string().check(z.maxLength(200))),
  description: z.optional(z.string().check(z.maxLength(600))),
  /** Call ads: the number to dial (digits, optionally with +). */
  phone_number: z.optional(z.string().check(z.regex(/^\+?\d{10,15}$/))),
  /** The product line the offer is for ('auto', 'medicare', …), when the marketplace says so. */
  vertical: z.optional(z.string().check(z.maxLength(40))),
});
export type ListingAd = z.infer<typeof listingAdSchema>;

/**
 * Issue 15: a listing shows only offers for the page's product. A marketplace listing can mix
 * product lines; an offer that names another one is dropped, one that names none is kept (the
 * placement it was asked for is the product's own).
 */
export function offersForProduct(ads: readonly ListingAd[], product: string): ListingAd[] {
  return ads.filter((ad) => ad.vertical === undefined || ad.vertical === product);
}

/** What POST /api/mediaalpha/ads answers. */
export const adsReplySchema = z.object({ ads: z.array(listingAdSchema), requestId: z.nullable(z.string()) });
export type AdsReply = z.infer<typeof adsReplySchema>;
