/**
 * The one place the Meta Graph / Marketing API version lives. Meta's Marketing API version history
 * (developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions)
 * lists each version's release and expiry: the Conversions API is a Marketing API endpoint, and its
 * versions have expired 12 to 13 months after release (v22.0: 2025-01-21 to 2026-02-19; v23.0:
 * 2025-05-29 to 2026-06-09; v24.0: 2025-10-08 to 2026-11-10), much sooner than the Graph API's
 * two years. So the window we hold ourselves to is 365 days from release: a test compares it with
 * today and fails before Meta starts refusing (or silently upgrading) our calls.
 */
export const META_API = {
  version: 'v27.0',
  /** Release date in Meta's version history (Graph API and Marketing API v27.0). */
  releasedOn: '2026-11-04',
} as const;

/** Days a Marketing API version is safe to call after its release (see above). */
export const MARKETING_API_SUPPORT_DAYS = 365;

export const META_API_VERSION = META_API.version;

/** The last day the pinned version is inside its support window. */
export function metaApiSupportedUntil(): Date {
  return new Date(Date.parse(`${META_API.releasedOn}T00:00:00Z`) + MARKETING_API_SUPPORT_DAYS * 86_400_000);
}

export function metaApiVersionSupported(now: Date): boolean {
  return now.getTime() < metaApiSupportedUntil().getTime();
}
