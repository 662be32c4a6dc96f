import { pickUrlParams, type UrlParams } from './session-params';
import { isPersonalKey } from './strip-personal';
import { isPersonalQueryField } from '../personal-fields';

/**
 * Spec section 3, event context: what every event carries besides its own properties.
 * Built in the browser by the tracker (it knows the address, cookies and bot check) and
 * completed on the server (ip lookup, which the browser must not decide).
 */
export interface EventContext {
  id: string;
  time: string;
  brand: { id: string; name: string };
  /** The user record id: the anonymous visitor id. */
  userId: string;
  session: TrackingSession;
  page: PageInfo;
  /** Phone rule: the affiliate id that picks the number (from the address). */
  phoneRule: { afid: string | null };
  url: { href: string; search: string; pathname: string };
  cookies: Record<string, string>;
  botDetection: BotCheckResult | null;
  ipQuality: Record<string, unknown> | null;
  urlParams: UrlParams;
  userAgent: string;
  /** Filled by the Worker from CF-Connecting-IP and request.cf; whatever the browser sends is replaced. */
  ipLookup?: IpLookup;
}

export interface TrackingSession {
  id: string;
  paid: boolean;
  /** Tracked parameters of the session's first request. */
  urlParams: UrlParams;
  /** The browser sent Sec-GPC: 1 (Global Privacy Control) during the session. */
  gpc?: true;
}

export interface PageInfo {
  name: string;
  smid?: string | null;
  xsmid?: string | null;
  title?: string | null;
  product?: string | null;
  benefits?: string[];
  planTypes?: string[];
  language?: string;
  template?: string | null;
  step?: { name: string; number: number; fallback: boolean } | null;
}

export interface BotCheckResult {
  bot: boolean;
  /** Which signals fired (e.g. 'webdriver', 'headless-ua'); empty for a person. */
  signals: string[];
}

export interface IpLookup {
  value: string;
  geo: { cityName: string | null; stateCode: string | null; postalCode: string | null; isp: string | null };
}

export interface EventContextInput {
  id: string;
  now: Date;
  brand: { id: string; name: string };
  userId: string;
  session: TrackingSession;
  page: PageInfo;
  /** The page address (location.href). */
  href: string;
  /** document.cookie */
  cookieHeader: string;
  botDetection: BotCheckResult | null;
  ipQuality: Record<string, unknown> | null;
  userAgent: string;
}

/**
 * An analytics cookie in a Cookie header: _ga, every GA4 _ga_{measurementId} and _fbp, with a
 * value of RFC 6265 cookie-octets, optionally in double quotes (RFC 6265 4.1.1, as a browser
 * writes them). Matched in the header directly: the tracker ships this one expression, not the parser.
 */
const ANALYTICS_COOKIE =
  /(?:^|;)\s*(_ga|_ga_[A-Za-z0-9]{1,32}|_fbp)\s*=\s*("?)([\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*)\2\s*(?=;|$)/g;

/** Analytics cookies the context carries: Google Analytics (_ga and every GA4 _ga_{measurementId}) and Meta (_fbp); the first of a name wins. */
export function analyticsCookies(cookieHeader: string): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [, name = '', , value = ''] of cookieHeader.matchAll(ANALYTICS_COOKIE)) {
    if (!(name in picked)) picked[name] = value.slice(0, 200);
  }
  return picked;
}

/** The address without personal query fields (spec section 2), so href and search are safe to store. */
export function cleanUrl(href: string): { href: string; search: string; pathname: string } {
  const url = new URL(href);
  for (const key of [...url.searchParams.keys()]) {
    if (isPersonalQueryField(key) || isPersonalKey(key)) url.searchParams.delete(key);
  }
  return { href: url.href, search: url.search, pathname: url.pathname };
}

export function buildEventContext(input: EventContextInput): EventContext {
  const url = cleanUrl(input.href);
  // The session keeps the first request's parameters; the current address may add or refine.
  const urlParams: UrlParams = { ...input.session.urlParams, ...pickUrlParams(new URL(url.href).searchParams) };
  return {
    id: input.id,
    time: input.now.toISOString(),
    brand: { id: input.brand.id, name: input.brand.name },
    userId: input.userId,
    session: input.session,
    page: input.page,
    phoneRule: { afid: urlParams.afid ?? null },
    url,
    cookies: analyticsCookies(input.cookieHeader),
    botDetection: input.botDetection,
    ipQuality: input.ipQuality,
    urlParams,
    userAgent: input.userAgent,
  };
}
