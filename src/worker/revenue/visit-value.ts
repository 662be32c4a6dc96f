/**
 * The visit's money record (D1 `visit_values`, migrations/0030_revenue.sql): written when a visit
 * is first priced or may earn (a demand check's ev, a leased number, a listing shown, a lead sent).
 * The first write fixes its dimensions; later writes only raise its expected value. The
 * request path never waits for it: callers hand the promise to waitUntil.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { cookieSecret } from '../visitor/visitor-key';
import { experimentOfPage } from '../tracking/experiments';
import { logJson } from '../observability/log';
import { hmacHex } from './hmac';
import { toCents } from './money';

export interface VisitDimensions {
  sessionId: string;
  visitorId: string;
  brand: string;
  page: string;
  trafficSource: string;
  campaign: string;
  paid: boolean;
  variant: string;
  /** Ad click ids of the session (for the ad platforms' conversions), never personal data. */
  clickIds: Record<string, string>;
}

/** Click ids the ad platforms take back (Google Ads: gclid, gbraid, wbraid; Meta: fbclid and the _fbp cookie). */
export const AD_CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'fbclid'] as const;

/** utm_source as the events rollups key it: trimmed, lower case, 64 characters, '(direct)' when absent. */
export function trafficSourceOf(utmSource: string | undefined): string {
  const value = (utmSource ?? '').trim().toLowerCase().slice(0, 64);
  return value === '' ? '(direct)' : value;
}

export function campaignOf(utmCampaign: string | undefined): string {
  return (utmCampaign ?? '').trim().slice(0, 128);
}

/**
 * The opaque id of a visit in click URLs and lead deliveries: an HMAC of the session id under
 * the cookie secret's own purpose, so a partner learns nothing it could turn into a session,
 * and the same visit always gets the same ref without storing a mapping first.
 */
export async function visitRef(env: { VISITOR_COOKIE_SECRET?: string }, sessionId: string): Promise<string> {
  return `r${(await hmacHex(`${cookieSecret(env)}\u0000visit-ref`, sessionId)).slice(0, 31)}`;
}

/** The dimensions of this request's visit, or null when the request has no tracking session. */
export function visitDimensions(c: Context<AppEnv>, page: string | null | undefined): VisitDimensions | null {
  const session = c.get('trackingSession') ?? c.get('signedSession');
  if (!session) return null;
  const params = session.urlParams;
  const assignment = experimentOfPage(c, page);
  const clickIds: Record<string, string> = {};
  // A GPC visit is never told to an ad platform, so its click ids are not kept for one either.
  if (!session.gpc) {
    for (const name of AD_CLICK_IDS) {
      const value = params[name];
      if (value) clickIds[name] = value;
    }
    const fbp = /(?:^|;\s*)_fbp=([^;]{1,200})/.exec(c.req.header('cookie') ?? '')?.[1];
    if (fbp) clickIds.fbp = fbp;
  }
  return {
    sessionId: session.id,
    visitorId: c.var.anonymousId,
    brand: c.var.brand.id,
    page: page ?? '',
    trafficSource: trafficSourceOf(params.utm_source),
    campaign: campaignOf(params.utm_campaign),
    paid: session.paid,
    variant: 'experimentId' in assignment ? `${assignment.experimentId}:${assignment.variantId}` : '',
    clickIds,
  };
}

/**
 * Upserts the visit's row: a new visit with these dimensions, or an existing one whose expected
 * value rises to `expectedUsd` when that is higher. Returns the visit's ref. Never throws: a
 * failed write costs the expected value of one visit, never the visitor's request.
 */
export async function recordVisitValue(
  env: Pick<Env, 'REVENUE_DB'> & { VISITOR_COOKIE_SECRET?: string },
  visit: VisitDimensions,
  expectedUsd: number | null,
  now = new Date(),
): Promise<string> {
  const ref = await visitRef(env, visit.sessionId);
  const expected = expectedUsd !== null && Number.isFinite(expectedUsd) && expectedUsd > 0 ? toCents(expectedUsd) : 0;
  const at = now.toISOString();
  try {
    await env.REVENUE_DB.prepare(
      `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant,
         click_ids, expected_cents, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (session_id) DO UPDATE SET expected_cents = excluded.expected_cents, updated_at = excluded.updated_at
       WHERE excluded.expected_cents > visit_values.expected_cents`,
    )
      .bind(
        visit.sessionId,
        ref,
        visit.visitorId,
        at.slice(0, 10),
        visit.brand,
        visit.page,
        visit.trafficSource,
        visit.campaign,
        visit.paid ? 1 : 0,
        visit.variant,
        JSON.stringify(visit.clickIds),
        expected,
        at,
        at,
      )
      .run();
  } catch (error) {
    logJson('warn', 'visit value not recorded', {
      where: 'revenue.visit-value',
      error: error instanceof Error ? error.message : 'unknown',
    });
  }
  return ref;
}

/**
 * Schedules recordVisitValue for this request's visit (waitUntil: the request never waits for D1)
 * and returns the visit's ref (an HMAC away), or null without a tracking session.
 */
export async function noteVisitValue(
  c: Context<AppEnv>,
  page: string | null | undefined,
  expectedUsd: number | null,
): Promise<string | null> {
  const visit = visitDimensions(c, page);
  if (!visit) return null;
  c.executionCtx.waitUntil(recordVisitValue(c.env, visit, expectedUsd));
  return visitRef(c.env, visit.sessionId);
}
