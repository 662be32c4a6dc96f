import { z } from 'zod';
import { listingAdSchema } from '../../shared/ads/listing-ad';

/**
 * What MediaAlpha answers, parsed with zod before anything reads it. Unknown fields are
 * kept (loose objects) because the partner adds fields without notice; the fields we read
 * are checked strictly.
 */

/** Spec section 3, partner ad response, first shape: validated, not used for rendering. */
export const adResponseV1Schema = z.looseObject({
  ads: z.array(
    z.looseObject({
      carrier: z.string(),
      bid: z.number(),
      headline: z.string(),
      description: z.string(),
      display_url: z.string(),
      impr_html: z.string().optional(),
      ad_id: z.union([z.string(), z.number()]),
      click_url: z.string(),
      call_url: z.string().nullable().optional(),
      image_url: z.string().nullable().optional(),
      large_image_url: z.string().nullable().optional(),
      position: z.number().int(),
    }),
  ),
  num_ads: z.number().int().min(0),
  request_id: z.string(),
  time: z.number(),
});

export { listingAdSchema, type ListingAd } from '../../shared/ads/listing-ad';

/** Spec section 3, partner ad response, second shape: what the clicks pages render. */
export const adResponseV2Schema = z.looseObject({
  status: z.enum(['SUCCESS', 'ERROR']),
  errors: z.array(z.unknown()),
  response: z.looseObject({ ads: z.array(listingAdSchema) }),
  requestid: z.string(),
  wizsid: z.string(),
});

/**
 * The second shape with each ad left unread: the listing is filtered ad by ad
 * (`validListingAds`), so one malformed ad is dropped, not the whole listing.
 */
export const adListingEnvelopeSchema = adResponseV2Schema.extend({
  response: z.looseObject({ ads: z.array(z.unknown()) }),
});

/** The ads of a listing that pass the listing schema, and how many did not. */
export function validListingAds(ads: readonly unknown[]): { ads: z.infer<typeof listingAdSchema>[]; dropped: number } {
  const valid = ads.flatMap((ad) => {
    const parsed = listingAdSchema.safeParse(ad);
    return parsed.success ? [parsed.data] : [];
  });
  return { ads: valid, dropped: ads.length - valid.length };
}

/** Either shape; the first is recognized (and logged as unused), the second is rendered. */
export const adResponseSchema = z.union([adListingEnvelopeSchema, adResponseV1Schema]);

/** Spec section 7.1: the demand check is read from ctc.ev (expected value of a call). */
export const demandCheckResponseSchema = z.looseObject({
  ctc: z.looseObject({ ev: z.number().finite() }),
});

/**
 * Get-phone reply (spec: "not shown"; our design, see docs/decisions/0011-mediaalpha-get-phone-reply-spec-not-shown.md): SUCCESS with the
 * leased number and how long the lease lasts in seconds, or ERROR with reasons and no number
 * (no buyer for this caller right now).
 */
export const getPhoneResponseSchema = z.discriminatedUnion('status', [
  z.looseObject({
    status: z.literal('SUCCESS'),
    phone_number: z.string().regex(/^\+?1?\d{10}$/),
    lease_time: z.number().int().positive().max(86_400),
    request_id: z.string(),
  }),
  z.looseObject({
    status: z.literal('ERROR'),
    errors: z.array(z.string()),
    request_id: z.string().optional(),
  }),
]);
export type GetPhoneResponse = z.infer<typeof getPhoneResponseSchema>;

/** A MediaAlpha number as stored: digits with country prefix 1. */
export function leasedDigits(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, '');
  return digits.length === 10 ? `1${digits}` : digits;
}
