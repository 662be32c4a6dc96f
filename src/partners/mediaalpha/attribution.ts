import { z } from 'zod';

/**
 * Who sent the visitor, for the MediaAlpha sub ids and source list. The affiliate id is the
 * `afid` address parameter (spec section 3); the publisher id is the `pid` address parameter
 * (or its long form `publisher_id`), which affiliate networks append to their links. Both
 * are read by the Worker from the landing address (the Referer of the page's same-origin API
 * calls), kept on the visitor, and never taken from a request body.
 */
export const attributionSchema = z.object({
  afid: z.string().optional(),
  publisherId: z.string().optional(),
});
export type Attribution = z.infer<typeof attributionSchema>;

const idValue = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._~-]+$/);

function pick(search: URLSearchParams, ...names: string[]): string | undefined {
  for (const name of names) {
    const parsed = idValue.safeParse(search.get(name));
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** The attribution an address carries; malformed values are ignored like absent ones. */
export function attributionFromAddress(address: string | null | undefined): Attribution {
  if (!address) return {};
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return {};
  }
  return attributionFromSearch(url.searchParams);
}

/** The attribution of an address's parameters (a page reads its own, without parsing its address again). */
export function attributionFromSearch(search: URLSearchParams): Attribution {
  const found: Attribution = {};
  // Most addresses carry neither: no schema run then (a page view's hot path).
  if (!search.has('afid') && !search.has('pid') && !search.has('publisher_id')) return found;
  const afid = pick(search, 'afid');
  const publisherId = pick(search, 'pid', 'publisher_id');
  if (afid) found.afid = afid;
  if (publisherId) found.publisherId = publisherId;
  return found;
}

/** Last touch wins per field: a new ad click with a new afid is a new attribution. */
export function mergeAttribution(stored: Attribution, seen: Attribution): Attribution {
  return { ...stored, ...seen };
}
