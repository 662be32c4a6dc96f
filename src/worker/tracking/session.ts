import type { Context } from 'hono';
import { z } from 'zod';
import { isPaidTraffic } from '../../shared/tracking/paid-traffic';
import {
  CONTEXT_PARAMS,
  MAX_PARAM_LENGTH,
  pickUrlParams,
  TRACKED_PARAMS,
  type UrlParams,
} from '../../shared/tracking/session-params';
import type { TrackingSession } from '../../shared/tracking/event-context';
import type { AppEnv } from '../env';
import { gpcRequested } from '../consent/gpc';
import { currentCookie, HOST_PREFIX, signedCookie, verifySignedValue, type Cookies } from '../visitor/visitor-key';
import { base64UrlToText, textToBase64Url } from '../../shared/base64url';
import { sharedMemo } from '../../shared/memo';

export const SESSION_COOKIE = `${HOST_PREFIX}qf_sid`;
/** A session ends after 30 minutes without a page request (the common analytics convention). */
export const SESSION_IDLE_SECONDS = 30 * 60;

const cookieSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  paid: z.boolean(),
  p: z.partialRecord(z.enum(CONTEXT_PARAMS), z.string().max(MAX_PARAM_LENGTH)),
  /** The browser sent Sec-GPC: 1 during this session. */
  g: z.literal(1).optional(),
});

/** The cookie value: base64url JSON, so every character is RFC 6265-safe whatever the parameters hold. */
export function encodeSession(session: TrackingSession): string {
  return textToBase64Url(
    JSON.stringify({
      v: 1,
      id: session.id,
      paid: session.paid,
      p: session.urlParams,
      ...(session.gpc ? { g: 1 } : {}),
    }),
  );
}

/**
 * Sessions decoded in this isolate, by cookie value (a returning visitor's session was
 * decoded and checked by its schema on every page). Frozen: every request shares the object.
 */
const decoded = sharedMemo(1024, decodeSessionOnce);

/** A session from its cookie value; undefined when missing, tampered into garbage or from an older format. */
export function decodeSession(value: string | undefined): TrackingSession | undefined {
  return value ? decoded(value) : undefined;
}

function decodeSessionOnce(value: string): TrackingSession | undefined {
  const json = base64UrlToText(value);
  if (json === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = cookieSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  // The flag is re-derived, never read: a hand-edited cookie cannot mark itself paid.
  return {
    id: parsed.data.id,
    paid: isPaidTraffic(parsed.data.p),
    urlParams: parsed.data.p,
    ...(parsed.data.g ? { gpc: true as const } : {}),
  };
}

function sameTrackedParams(a: UrlParams, b: UrlParams): boolean {
  return TRACKED_PARAMS.every((name) => a[name] === b[name]);
}

/**
 * The session for this address and existing cookie (pure; the cookie handling is below).
 * - No live session: a new one from this address.
 * - A live session and an address with no tracked parameters (a later step, a cleaned
 *   address): the session as it was, first-request parameters kept.
 * - A live session and an address with different tracked parameters (a new ad click):
 *   a new session, so paid share and campaign attribution follow the click.
 */
export function resolveSession(
  existing: TrackingSession | undefined,
  url: URL,
  newId: () => string = () => crypto.randomUUID(),
): { session: TrackingSession; started: boolean } {
  const current = pickUrlParams(url.searchParams);
  const tracked = TRACKED_PARAMS.some((name) => current[name] !== undefined);
  if (existing && (!tracked || sameTrackedParams(existing.urlParams, current))) {
    return { session: existing, started: false };
  }
  return { session: { id: newId(), paid: isPaidTraffic(current), urlParams: current }, started: true };
}

/**
 * The tracking session of this request, resolved once per request from the signed __Host-qf_sid
 * cookie the visitor middleware verified. The middleware sets (or refreshes, for the idle
 * expiry) the signed cookie on the response (sessionToIssue). HttpOnly: the browser learns
 * the session from the page context, never by reading the cookie. `url`: the request's address,
 * when the caller parsed it already.
 */
export function sessionFromRequest(c: Context<AppEnv>, url: URL = new URL(c.req.url)): TrackingSession {
  const memo = c.get('trackingSession');
  if (memo) return memo;
  const resolvedSession = resolveSession(c.get('signedSession'), url).session;
  // A Global Privacy Control signal marks the session for good.
  const session = gpcRequested(c.req.raw) ? { ...resolvedSession, gpc: true as const } : resolvedSession;
  c.set('trackingSession', session);
  return session;
}

/** The session this request resolved for a page (to be set as the signed cookie), if any. */
export function sessionToIssue(c: Context<AppEnv>): TrackingSession | undefined {
  return c.get('trackingSession');
}

/**
 * The session named by the request's signed cookie, without starting or refreshing one (for
 * /api/*). Undefined when there is none or its signature is not this Worker's (a
 * session the Worker did not issue counts for nothing).
 */
export function sessionFromCookie(c: Context<AppEnv>): TrackingSession | undefined {
  return c.get('signedSession');
}

/** The signed Set-Cookie value of a session. */
export function sessionCookieHeader(session: TrackingSession, secret: string, keep = true): Promise<string> {
  return signedCookie(SESSION_COOKIE, encodeSession(session), secret, 'session', SESSION_IDLE_SECONDS, keep);
}

/** The session of a Cookie header when this Worker signed it; undefined otherwise. */
export async function verifiedSession(cookies: Cookies, secret: string): Promise<TrackingSession | undefined> {
  // Under its old name (qf_sid) too, once: the visitor middleware moves it to the new one.
  return decodeSession(await verifySignedValue(currentCookie(cookies, SESSION_COOKIE).raw, secret, 'session'));
}
