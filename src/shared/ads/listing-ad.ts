import { z } from 'zod';

/**
 * One offer of the ad listing (spec section 3, partner ad response, second shape). Shared:
 * the Worker parses MediaAlpha's reply with it and the ad-listing island parses the
 * Worker's answer with it. Links must be http(s), so a `javascript:` URL never reaches an
 * href. headline, description and phone_number are optional extras shown when present.
 */
const httpUrl = z.url({ protocol: /^https?$/ });

export const listingAdSchema = z.looseObject({
  type: z.enum(['click', 'call']),
  click_url: httpUrl,
  logo_url: httpUrl,
  ref: z.string(),
  price: z.number().optional(),
  pixels: z.array(httpUrl).optional(),
  headline: z.string().max(200).optional(),
  description: z.string().max(600).optional(),
  /** Call ads: the number to dial (digits, optionally with +). */
  phone_number: z.string().regex(/^\+?\d{10,15}$/).optional(),
});
export type ListingAd = z.infer<typeof listingAdSchema>;

/** What POST /api/mediaalpha/ads answers. */
export const adsReplySchema = z.object({ ads: z.array(listingAdSchema), requestId: z.string().nullable() });
export type AdsReply = z.infer<typeof adsReplySchema>;
