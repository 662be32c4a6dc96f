import { z } from 'zod';
import type { IpLookup } from '../shared/tracking/event-context';
import { partnerJson, partnerTimeoutMs, logPartnerFailure } from './partner-fetch';

/**
 * The visitor's ip and rough location for the demand check and the zip fallback. At the
 * edge Cloudflare puts it on `request.cf` (city, regionCode, postalCode) and the ip in
 * CF-Connecting-IP. Locally the ip is a loopback or private address and request.cf holds
 * Miniflare's placeholder, so those requests ask the geo service at GEO_BASE_URL (the
 * sandbox) instead: `GET {GEO_BASE_URL}/lookup?ip=`.
 */
const geoServiceSchema = z.object({
  ip: z.string(),
  cityName: z.string().nullable(),
  stateCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  postalCode: z.string().nullable(),
  isp: z.string().nullable(),
  /** IANA time zone of the place (the visitor's local hour for partners); optional in the protocol. */
  timeZone: z.string().max(64).nullable().optional(),
});

/** The ip lookup plus the place's IANA time zone (request.cf.timezone at the edge), or null. */
export type GeoLookup = IpLookup & { timeZone: string | null };

export function clientIp(request: Request): string {
  return request.headers.get('cf-connecting-ip')?.trim() ?? '';
}

/** Loopback, private and link-local addresses, which the edge never reports for a real visitor. */
export function isLocalAddress(ip: string): boolean {
  if (ip === '' || ip === '::1' || ip === 'localhost') return true;
  if (/^(127\.|10\.|192\.168\.|169\.254\.)/.test(ip)) return true;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(ip)) return true;
  return /^(fc|fd|fe80)/i.test(ip);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value.slice(0, 128) : null;

export function geoFromCf(request: Request): IpLookup {
  const cf = (request as Request<unknown, IncomingRequestCfProperties | undefined>).cf;
  return {
    value: clientIp(request),
    geo: {
      cityName: text(cf?.city),
      stateCode: text(cf?.regionCode),
      postalCode: text(cf?.postalCode),
      isp: text(cf?.asOrganization),
    },
  };
}

/** The postal code Cloudflare puts on the request (request.cf.postalCode), or null: every page view reads it. */
export function postalCodeFromCf(request: Request): string | null {
  return text((request as Request<unknown, IncomingRequestCfProperties | undefined>).cf?.postalCode);
}

/** The time zone Cloudflare puts on the request (request.cf.timezone), or null. */
export function timeZoneFromCf(request: Request): string | null {
  const cf = (request as Request<unknown, IncomingRequestCfProperties | undefined>).cf;
  return text(cf?.timezone);
}

/** One lookup per request: the partner context (local hour) and the visitor's place share it. */
const lookups = new WeakMap<Request, Promise<GeoLookup>>();

export function lookupGeo(request: Request, env: Pick<Env, 'GEO_BASE_URL' | 'PARTNER_TIMEOUT_MS'>): Promise<GeoLookup> {
  const known = lookups.get(request);
  if (known) return known;
  const lookup = lookupGeoOnce(request, env);
  lookups.set(request, lookup);
  return lookup;
}

/**
 * The geo service's answers, kept a few minutes per ip in this isolate: an ip's place does not
 * move, and a client repeating requests (a flood) costs one lookup, not one each.
 */
const serviceAnswers = new Map<string, { at: number; lookup: Promise<GeoLookup> }>();
const SERVICE_ANSWER_TTL_MS = 5 * 60 * 1000;

async function lookupGeoOnce(
  request: Request,
  env: Pick<Env, 'GEO_BASE_URL' | 'PARTNER_TIMEOUT_MS'>,
): Promise<GeoLookup> {
  const ip = clientIp(request);
  const fromEdge = { ...geoFromCf(request), timeZone: timeZoneFromCf(request) };
  if (!isLocalAddress(ip) && fromEdge.geo.postalCode) return fromEdge;
  // No geo service configured (staging and production, where request.cf has the place): the edge's answer.
  if (!env.GEO_BASE_URL) return fromEdge;
  const known = serviceAnswers.get(ip);
  if (known && Date.now() - known.at < SERVICE_ANSWER_TTL_MS) return known.lookup;
  const lookup = askGeoService(ip, env).then(
    (found) => found,
    (error: unknown) => {
      serviceAnswers.delete(ip);
      logPartnerFailure('geo.lookup', error);
      return fromEdge;
    },
  );
  if (serviceAnswers.size >= 2000) serviceAnswers.clear();
  serviceAnswers.set(ip, { at: Date.now(), lookup });
  return lookup;
}

async function askGeoService(ip: string, env: Pick<Env, 'GEO_BASE_URL' | 'PARTNER_TIMEOUT_MS'>): Promise<GeoLookup> {
  const url = `${env.GEO_BASE_URL.replace(/\/+$/, '')}/lookup?ip=${encodeURIComponent(ip || '127.0.0.1')}`;
  const found = await partnerJson({ partner: 'geo', url, timeoutMs: partnerTimeoutMs(env) }, geoServiceSchema);
  return {
    value: ip,
    geo: { cityName: found.cityName, stateCode: found.stateCode, postalCode: found.postalCode, isp: found.isp },
    timeZone: found.timeZone ?? null,
  };
}

const FIVE_DIGITS = /^\d{5}$/;

/**
 * Spec section 5: zip resolution order is the form value, then the zip_code address
 * parameter, then the postal code of the ip lookup; a zip counts only if it is exactly 5 digits.
 */
export function resolveZip(...candidates: (string | null | undefined)[]): string | null {
  for (const candidate of candidates)
    if (typeof candidate === 'string' && FIVE_DIGITS.test(candidate)) return candidate;
  return null;
}
