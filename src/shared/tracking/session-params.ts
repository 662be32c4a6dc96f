import { PAID_CLICK_IDS } from './paid-traffic';

/**
 * Spec section 3, session: the address parameters a session keeps from its first request.
 * Plain data (no zod) because the browser tracker imports it too.
 */
export const TRACKED_PARAMS = [...PAID_CLICK_IDS, 'gbraid', 'utm_campaign', 'utm_source'] as const;

/** The event context's url params: the tracked ones plus these; zip_code is read for location. */
export const CONTEXT_PARAMS = [...TRACKED_PARAMS, 'utm_medium', 'utm_content', 'utm_term', 'afid', 'zip_code'] as const;

export type ContextParam = (typeof CONTEXT_PARAMS)[number];
export type UrlParams = Partial<Record<ContextParam, string>>;

/**
 * Longest value kept per parameter. Click ids are well under this; the cap keeps the session
 * cookie (4 KB limit) and the event rows bounded whatever an ad link carries.
 */
export const MAX_PARAM_LENGTH = 256;

/**
 * The session/context parameters present in an address. Names match exactly (ScCid is
 * case-sensitive in the ad platforms' links); empty values count as absent.
 */
export function pickUrlParams(search: URLSearchParams): UrlParams {
  const picked: UrlParams = {};
  for (const name of CONTEXT_PARAMS) {
    const value = search.get(name);
    if (value !== null && value !== '') picked[name] = value.slice(0, MAX_PARAM_LENGTH);
  }
  return picked;
}
