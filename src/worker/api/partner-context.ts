import type { Context } from 'hono';
import { formatInTimeZone } from 'date-fns-tz';
import { type z } from 'zod';
import type { Product } from '../../../brands';
import { attributionFromAddress, mergeAttribution, type Attribution } from '../../partners/mediaalpha/attribution';
import { buildCallContext, type CallContext } from '../../partners/mediaalpha/call-context';
import { lookupGeo } from '../../partners/geo';
import type { VisitorResultKind } from '../../partners/visitor-results';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';
import { partnerVisit } from '../visit';

/**
 * What the partner API takes from the request rather than the browser's body: the ip
 * (CF-Connecting-IP), the user agent, the site origin, the placement (brand config) and the
 * attribution (address parameters of the page, kept on the visitor).
 */
type PartnerContext = Context<AppEnv>;

export function requestIp(c: PartnerContext): string {
  return c.req.header('cf-connecting-ip')?.trim() ?? '';
}

export function requestUa(c: PartnerContext): string {
  return (c.req.header('user-agent') ?? '').slice(0, 512);
}

/**
 * The hour (0-23) in an IANA time zone; Eastern time when the zone is unknown (most US
 * visitors), UTC when the zone name is not one the runtime knows.
 */
export function localHourIn(timeZone: string | null, now = new Date()): number {
  try {
    return Number(formatInTimeZone(now, timeZone ?? 'America/New_York', 'H'));
  } catch {
    return now.getUTCHours();
  }
}

/**
 * The visitor's local hour sent to partners: computed by the Worker from the geo
 * lookup's time zone (request.cf.timezone at the edge, the geo service locally), never taken
 * from the page, whose clock and claim a script controls.
 */
export async function localHour(c: PartnerContext, now = new Date()): Promise<number> {
  const geo = await lookupGeo(c.req.raw, c.env);
  return localHourIn(geo.timeZone, now);
}

/** A remembered partner result, parsed with its schema; anything unreadable counts as absent. */
export async function recall<S extends z.ZodType>(
  c: PartnerContext,
  kind: VisitorResultKind,
  schema: S,
): Promise<z.infer<S> | null> {
  const text = await visitorStub(c.env, c.var.visitorId).recallPartnerResult(kind);
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text) as unknown);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function remember(c: PartnerContext, kind: VisitorResultKind, value: unknown): Promise<void> {
  await visitorStub(c.env, c.var.visitorId).rememberPartnerResult(kind, JSON.stringify(value));
}

/**
 * The visit's attribution: the afid and publisher id the Worker recorded
 * when it served the session's pages (src/worker/visit), plus the address of this request
 * when it is a page being rendered (a landing page's own offers). Never the Referer or a body.
 */
export async function visitorAttribution(c: PartnerContext): Promise<Attribution> {
  const { attribution } = await partnerVisit(c, undefined);
  return mergeAttribution(attribution, attributionFromAddress(c.req.url));
}

/** `_clientHour` (the page's `localHour`) is accepted for old pages and ignored: see localHour. */
export async function partnerCallContext(
  c: PartnerContext,
  product: Product,
  page: string | undefined,
  _clientHour?: number,
): Promise<CallContext> {
  const [attribution, hour] = await Promise.all([visitorAttribution(c), localHour(c)]);
  return buildCallContext({
    brand: c.var.brand,
    product,
    attribution,
    ip: requestIp(c),
    ua: requestUa(c),
    origin: new URL(c.req.url).origin,
    localHour: hour,
    page: page ?? null,
  });
}
