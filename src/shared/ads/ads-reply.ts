import type { AdsReply, ListingAd } from './listing-ad';

/**
 * The browser's reading of our own POST /api/mediaalpha/ads and /finish-offers replies, without
 * zod (zod core was about 7 KB gzip of every form page). The Worker parsed the
 * partner's offers with `listingAdSchema` before answering; this checks the same shape again,
 * rule for rule (ads-reply.unit.test.ts holds it to the schema), above all that every link is
 * http(s), so a `javascript:` URL never reaches an href.
 */
const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);
const maxLength = (max: number) => (value: unknown) => isString(value) && value.length <= max;

/** An absolute URL whose scheme is http or https (what `z.url({ protocol: /^https?$/ })` accepts). */
function isHttpUrl(value: unknown): value is string {
  if (!isString(value)) return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isListingAd(value: unknown): value is ListingAd {
  if (!isObject(value)) return false;
  const ad = value;
  return (
    (ad.type === 'click' || ad.type === 'call') &&
    isHttpUrl(ad.click_url) &&
    isHttpUrl(ad.logo_url) &&
    isString(ad.ref) &&
    optional(ad.price, (v) => typeof v === 'number' && Number.isFinite(v)) &&
    optional(ad.pixels, (v) => Array.isArray(v) && v.every(isHttpUrl)) &&
    optional(ad.headline, maxLength(200)) &&
    optional(ad.description, maxLength(600)) &&
    optional(ad.phone_number, (v) => isString(v) && /^\+?\d{10,15}$/.test(v)) &&
    optional(ad.vertical, maxLength(40)) &&
    optional(ad.language, maxLength(8))
  );
}

/** The reply, or a TypeError when it is not the shape the Worker sends. */
export function readAdsReply(data: unknown): AdsReply {
  if (
    isObject(data) &&
    Array.isArray(data.ads) &&
    data.ads.every(isListingAd) &&
    (data.requestId === null || isString(data.requestId))
  )
    return { ads: data.ads, requestId: data.requestId };
  throw new TypeError('unexpected ads reply');
}
