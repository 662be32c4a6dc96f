/**
 * The visitor's location on the page (spec 5 "zip resolution", 7.5;).
 * The resolved zip is the form value, then the `zip_code` address parameter, then the
 * postal code of the ip lookup, each only when exactly 5 digits. The browser looks the
 * resolved zip up (GET /api/location, src/ui/client/location.ts) whenever it changes; a page
 * render shows the stored location ("Plans in Miami, FL") on the steps after the zip, and
 * looks the zip up itself when it differs from the stored one (a form posted without
 * JavaScript), storing the answer for partner calls. Only the edge's own ip postal code
 * (request.cf) is used at render: a render never waits on the geo service.
 */
import type { Context } from 'hono';
import { clientIp, isLocalAddress, postalCodeFromCf, resolveZip } from '../../partners/geo';
import { lookupZip } from '../../partners/location';
import type { FormValues } from '../../shared/json';
import { remember } from '../api/partner-context';
import { storedLocationSchema, type StoredLocation } from '../api/visitor-place';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';

/** The ip's postal code as the edge reports it (no network); null for local and private ips. */
export function edgePostalCode(request: Request): string | null {
  if (isLocalAddress(clientIp(request))) return null;
  return postalCodeFromCf(request);
}

/**
 * Stored locations already parsed in this isolate, by their JSON text. A stored location is the
 * ZIP data's place of one zip, the same text for every visitor of that zip; parsing it with its
 * schema was a visible part of each page view of a visitor with answers (docs/performance.md,
 * "The stored-answers visit"). Past LOCATIONS_KEPT texts the memo starts over, so it never grows
 * without bound. Kept frozen: every page of the isolate shares one object.
 */
const parsedLocations = new Map<string, StoredLocation | null>();
const LOCATIONS_KEPT = 512;

/** The stored location as the Durable Object returns it (JSON text), or null. */
export function parseStoredLocation(text: string | null | undefined): StoredLocation | null {
  if (!text) return null;
  const known = parsedLocations.get(text);
  if (known !== undefined) return known;
  let location: StoredLocation | null;
  try {
    const parsed = storedLocationSchema.safeParse(JSON.parse(text) as unknown);
    location = parsed.success ? Object.freeze(parsed.data) : null;
  } catch {
    location = null;
  }
  if (parsedLocations.size >= LOCATIONS_KEPT) parsedLocations.clear();
  parsedLocations.set(text, location);
  return location;
}

export interface PagePlace {
  /** The zip the server resolved for this request (spec order), for the browser to compare. */
  zip: string | null;
  /** The location matching that zip (stored, or looked up by this render), else null. */
  location: StoredLocation | null;
}

/** The address's zip_code when it is a zip: the page needs no edge zip then. */
export function addressZip(url: URL): string | null {
  return resolveZip(url.searchParams.get('zip_code'));
}

/** The edge's postal code as a zip (5 digits), or null. */
export function edgeZipOf(request: Request): string | null {
  return resolveZip(edgePostalCode(request));
}

/** Spec order: the form's zip, the address's zip_code, then the edge's (the session's, src/worker/visit). */
export function resolvedZipOf(values: FormValues, url: URL, edgeZip: string | null | undefined): string | null {
  const formZip = typeof values.zipcode === 'string' ? values.zipcode : null;
  return resolveZip(formZip, url.searchParams.get('zip_code')) ?? edgeZip ?? null;
}

/** A zip's location from the shipped ZIP data behind the KV cache; null for a zip it does not hold. Throws when the data cannot be read. */
export function lookupZipFor(c: Context<AppEnv>, zip: string): ReturnType<typeof lookupZip> {
  return lookupZip(zip, {
    assets: c.env.ASSETS,
    cache: c.env.CACHE,
    waitUntil: (p) => c.executionCtx.waitUntil(p),
  });
}

/**
 * The names of a step's ZIP fields whose 5-digit value the shipped ZIP data does
 * not hold (00000, 99999). When the data cannot be read the ZIP is given the benefit of the
 * doubt: a visitor is never stopped by our outage.
 */
export async function unknownZipFields(
  c: Context<AppEnv>,
  names: readonly string[],
  values: FormValues,
  /** Told each field's location when the data holds its zip. */
  located?: (name: string, location: StoredLocation) => void,
): Promise<string[]> {
  const unknown: string[] = [];
  for (const name of names) {
    const zip = values[name];
    if (typeof zip !== 'string') continue;
    const found = await lookupZipFor(c, zip).catch((error: unknown) => {
      logJson('warn', 'zip data unavailable for a step check', {
        where: 'funnel.zip',
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    });
    if (found === null) unknown.push(name);
    else if (found) located?.(name, found);
  }
  return unknown;
}

/**
 * The page's place. With `lookup` (a form step after the first), a resolved zip that is not
 * the stored one is looked up (KV, then the zip data set) and stored on the visitor.
 */
export async function pagePlace(
  c: Context<AppEnv>,
  input: {
    values: FormValues;
    stored: string | null | undefined;
    url: URL;
    /** The session's edge zip (undefined when this page did not need it: the address has a zip). */
    edgeZip: string | null | undefined;
    lookup: boolean;
  },
): Promise<PagePlace> {
  const zip = resolvedZipOf(input.values, input.url, input.edgeZip);
  const stored = parseStoredLocation(input.stored);
  if (!zip) return { zip, location: null };
  if (stored?.zip === zip) return { zip, location: stored };
  if (!input.lookup) return { zip, location: null };
  try {
    const found = await lookupZipFor(c, zip);
    if (found) c.executionCtx.waitUntil(remember(c, 'location', found).catch(() => undefined));
    return { zip, location: found };
  } catch (error) {
    // The page renders without the place; the browser's lookup reports a lasting failure.
    logJson('warn', 'zip location unavailable during render', {
      where: 'page.location',
      error: error instanceof Error ? error.message : String(error),
    });
    return { zip, location: null };
  }
}
