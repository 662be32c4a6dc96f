import { isLocalAddress, clientIp, lookupGeo, timeZoneFromCf } from '../../partners/geo';
import { WORKING_HOURS_TIME_ZONE } from '../../shared/phone/working-hours';

/**
 * The clock and the visitor's time zone a page's call copy is written with.
 *
 * Time zone: the edge's location (request.cf.timezone) for a real visitor. A loopback or
 * private client address (local development, the tests) carries Miniflare's placeholder
 * location (Austin), not the visitor's: there the agents' own zone (Pacific) is shown, as the
 * spec states the hours.
 *
 * Pinning, for the browser tests only: the page's copy depends on the Worker's clock, and a
 * test must not depend on when it runs. In local development (ENVIRONMENT "development", which
 * no deployed environment has: wrangler.toml sets "staging" and "production") a request may
 * carry DEV_CLOCK_HEADER (an ISO instant) and DEV_TIME_ZONE_HEADER (an IANA zone). Anywhere
 * else both headers are ignored.
 */
export const DEV_CLOCK_HEADER = 'x-dev-clock';
export const DEV_TIME_ZONE_HEADER = 'x-dev-time-zone';

type EnvWithName = { ENVIRONMENT: string };

function isDevelopment(env: EnvWithName): boolean {
  return env.ENVIRONMENT === 'development';
}

/** Now, or the instant a development request pinned. */
export function requestNow(request: Request, env: EnvWithName): Date {
  if (isDevelopment(env)) {
    const pinned = request.headers.get(DEV_CLOCK_HEADER);
    const at = pinned ? Date.parse(pinned) : Number.NaN;
    if (Number.isFinite(at)) return new Date(at);
  }
  return new Date();
}

/**
 * Zone names already checked in this isolate (name as given → the runtime's name, or null when it
 * knows none). Building an Intl.DateTimeFormat to check a name was a quarter of a page view's
 * isolate time (docs/performance.md, "Where a first visit's CPU goes"), and the edge names a few
 * hundred zones at most. A development header can name anything: past ZONES_KEPT names the memo
 * starts over, so it never grows without bound.
 */
const checkedZones = new Map<string, string | null>();
const ZONES_KEPT = 512;

/** A zone name the runtime knows, else null. */
export function knownTimeZone(name: string | null | undefined): string | null {
  if (!name || name.length > 64) return null;
  const checked = checkedZones.get(name);
  if (checked !== undefined) return checked;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  if (checkedZones.size >= ZONES_KEPT) checkedZones.clear();
  checkedZones.set(name, zone);
  return zone;
}

/** The zone the edge gives this request (request.cf.timezone), when the runtime knows it; else null. */
export function edgeTimeZone(request: Request): string | null {
  return knownTimeZone(timeZoneFromCf(request));
}

/**
 * The visitor's IANA time zone, for showing the hours (never for deciding them). `edgeZone`
 * gives the edge's zone when it is wanted: by default read from request.cf; a page passes the
 * one its session's visit record keeps (src/worker/visit), so request.cf is not parsed again.
 */
export function visitorTimeZone(
  request: Request,
  env: EnvWithName,
  edgeZone: () => string | null = () => edgeTimeZone(request),
): string {
  if (isDevelopment(env)) {
    const pinned = knownTimeZone(request.headers.get(DEV_TIME_ZONE_HEADER));
    if (pinned) return pinned;
  }
  if (isLocalAddress(clientIp(request))) return WORKING_HOURS_TIME_ZONE;
  return knownTimeZone(edgeZone()) ?? WORKING_HOURS_TIME_ZONE;
}

/**
 * The visitor's IANA time zone where it decides something: the call-back times offered must
 * fall in the visitor's own waking hours (src/shared/phone/callback-times.ts), so a local
 * address is placed too, by the same lookup the partner calls use (the edge's request.cf at
 * Cloudflare; the geo service of GEO_BASE_URL for the loopback and private addresses of local
 * development and the tests). The development pin still wins; no zone known: the agents' own.
 */
export async function visitorZone(
  request: Request,
  env: EnvWithName & Pick<Env, 'GEO_BASE_URL' | 'PARTNER_TIMEOUT_MS'>,
): Promise<string> {
  if (isDevelopment(env)) {
    const pinned = knownTimeZone(request.headers.get(DEV_TIME_ZONE_HEADER));
    if (pinned) return pinned;
  }
  const edge = knownTimeZone(timeZoneFromCf(request));
  if (edge && !isLocalAddress(clientIp(request))) return edge;
  const found = await lookupGeo(request, env).catch(() => null);
  return knownTimeZone(found?.timeZone) ?? WORKING_HOURS_TIME_ZONE;
}
