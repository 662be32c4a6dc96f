/**
 * A visitor's opt-out of selling or sharing, for the whole visit and later visits: Global
 * Privacy Control (`Sec-GPC: 1` on any request, or a session that carried it) or a do-not-sell
 * request made from this browser. The browser keeps it in a long-lived cookie (it only ever
 * reduces what we do, so it needs no signature: forging it costs the forger their own tracking),
 * and the visitor's Durable Object keeps it for the server-side checks (partner calls, delivery).
 * An opted-out visitor gets no tag manager, no ad script and no data-layer push on any page, and
 * no partner call carries anything about them beyond what prices an offer.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { sessionFromCookie } from '../tracking/session';
import { plainCookie, rawCookie, requestCookies } from '../visitor/visitor-key';
import { gpcRequested } from './gpc';

export const OPT_OUT_COOKIE = '__Host-qf_optout';
/** 400 days, the longest a browser keeps a cookie (RFC 6265bis); each GPC request renews it. */
const OPT_OUT_MAX_AGE = 400 * 24 * 3600;

/** The Set-Cookie value that keeps an opt-out in this browser. */
export function optOutCookieHeader(): string {
  return plainCookie(OPT_OUT_COOKIE, '1', OPT_OUT_MAX_AGE);
}

function cookieSaysOptedOut(c: Context<AppEnv>): boolean {
  return rawCookie(requestCookies(c.req.raw), OPT_OUT_COOKIE) === '1';
}

/** Whether this request's visitor opted out: GPC now, GPC earlier in the session, or the opt-out cookie. */
export function optedOut(c: Context<AppEnv>): boolean {
  return gpcRequested(c.req.raw) || cookieSaysOptedOut(c) || sessionFromCookie(c)?.gpc === true;
}

/**
 * Writes the opt-out cookie on the first response to a request with GPC (and records it on the
 * visitor), so the next page keeps it even when the header does not come again.
 */
export const rememberOptOut = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!gpcRequested(c.req.raw) || cookieSaysOptedOut(c)) return;
  c.res.headers.append('Set-Cookie', optOutCookieHeader());
});
