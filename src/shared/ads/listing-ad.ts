import * as z from 'zod/mini';
import type { Language } from '../../routes/schema';

/**
 * One offer of the ad listing (spec section 3, partner ad response, second shape). The
 * Worker parses MediaAlpha's reply with it; the ad-listing island reads the Worker's answer
 * with the zod-free `readAdsReply` (ads-reply.ts, held to this schema by its test), so the
 * browser never loads zod. Links must be http(s), so a `javascript:` URL never reaches an
 * href. headline, description and phone_number are optional extras shown when present.
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
  /** The offer's language as an ISO 639-1 code ('en', 'es'), when the marketplace says so. */
  language: z.optional(z.string().check(z.maxLength(8))),
});
export type ListingAd = z.infer<typeof listingAdSchema>;

/**
 * A listing shows only offers for the page's product. A marketplace listing can mix
 * product lines; an offer that names another one is dropped, one that names none is kept (the
 * placement it was asked for is the product's own).
 */
export function offersForProduct(ads: readonly ListingAd[], product: string): ListingAd[] {
  return ads.filter((ad) => ad.vertical === undefined || ad.vertical === product);
}

const ISO_LANGUAGE: Readonly<Record<Language, string>> = { english: 'en', spanish: 'es' };

/**
 * A page's listing shows offers for its product and in its language (an
 * English offer on a Spanish page, or the reverse, is dropped; an offer that names no language
 * is kept, as the placement was asked for the page).
 */
export function offersForPage(ads: readonly ListingAd[], product: string, language: Language): ListingAd[] {
  const code = ISO_LANGUAGE[language];
  return offersForProduct(ads, product).filter((ad) => ad.language === undefined || ad.language === code);
}

/** What POST /api/mediaalpha/ads answers. */
export const adsReplySchema = z.object({ ads: z.array(listingAdSchema), requestId: z.nullable(z.string()) });
export type AdsReply = z.infer<typeof adsReplySchema>;
