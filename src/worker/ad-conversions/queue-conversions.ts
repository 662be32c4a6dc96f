/**
 * What the rest of the Worker calls: queueAdConversions where a lead delivery is confirmed,
 * queuePayoutAdjustment where a partner's payout arrives (a paid call becomes its own Google
 * conversion, call-conversions.ts; a click or lead payout restates the lead's). Each writes one
 * `ad_conversions` row per platform (INSERT OR IGNORE on a stable id, so a redelivered lead or
 * a repeated postback queues nothing twice) and sends its id on the AD_CONVERSIONS queue.
 */
import { logJson } from '../observability/log';
import { queueCallConversion } from './call-conversions';
import { whyIneligible, type LeadForAds } from './eligibility';
import { enqueue, type QueueEnv } from './enqueue';
import type { AdPlatform } from './message';
import { clickIdsOfVisit } from './visit-click-ids';
import { recordLeadVisit } from '../revenue/lead-visit';

export interface QueuedConversions {
  queued: AdPlatform[];
  /** Why nothing was queued, when nothing was. */
  skipped?: string;
}

/**
 * The platforms a visit's click ids let us tell (Google: gclid, gbraid or wbraid; Meta: fbclid or
 * _fbp). Meta never hears of a Medicare lead (meta-lead-event.ts says why).
 */
export function platformsFor(clickIds: Record<string, string>, product?: string): AdPlatform[] {
  const platforms: AdPlatform[] = [];
  if (clickIds.gclid || clickIds.gbraid || clickIds.wbraid) platforms.push('google-ads');
  if ((clickIds.fbclid || clickIds.fbp) && product !== 'medicare') platforms.push('meta-capi');
  return platforms;
}

/** The visit's value for the platforms: realized when paid, expected otherwise (cents). */
async function visitValueCents(db: D1Database, sessionId: string): Promise<number> {
  const row = await db
    .prepare(
      `SELECT CASE WHEN payouts > 0 THEN realized_call_cents + realized_click_cents + realized_lead_cents ELSE expected_cents END AS cents
       FROM visit_values WHERE session_id = ?`,
    )
    .bind(sessionId)
    .first<{ cents: number }>();
  return row?.cents ?? 0;
}

/**
 * A lead reached a buyer: tell the ad platforms that sent its visit. Never throws (the delivery
 * it follows is already done); a failure is logged without personal data.
 */
export async function queueAdConversions(env: QueueEnv, leadId: string): Promise<QueuedConversions> {
  try {
    const lead = await env.DB.prepare(
      `SELECT id, session_id, visitor_id, submission_id, product, status, delivery, gpc, trust_verdict, "values", ad_sharing, created_at FROM leads WHERE id = ?`,
    )
      .bind(leadId)
      .first<LeadForAds & { created_at: string }>();
    if (!lead) return { queued: [], skipped: 'missing' };
    // Whatever the platforms are told, the visit gets its value row (a lead payout lands there by ref).
    await recordLeadVisit(env, lead.id);
    const why = await whyIneligible(env, lead);
    if (why || !lead.session_id) return { queued: [], skipped: why ?? 'no_session' };
    const platforms = platformsFor(await clickIdsOfVisit(env, lead.session_id), lead.product);
    if (platforms.length === 0) return { queued: [], skipped: 'no_click_id' };
    const valueCents = await visitValueCents(env.REVENUE_DB, lead.session_id);
    const queued: AdPlatform[] = [];
    for (const platform of platforms) {
      const id = `${platform}:lead:${lead.id}`;
      const row = {
        id,
        platform,
        kind: 'lead' as const,
        sessionId: lead.session_id,
        leadId: lead.id,
        valueCents,
        transactionId: lead.submission_id,
        eventAt: lead.created_at,
      };
      if (await enqueue(env, row)) queued.push(platform);
    }
    return { queued };
  } catch (error) {
    logJson('error', 'ad conversions not queued', {
      where: 'ad-conversions.queue',
      lead: leadId,
      error: error instanceof Error ? error.message : 'unknown',
    });
    return { queued: [], skipped: 'error' };
  }
}

/** The part of a visit's realized value that its lead conversion stands for: click and lead payouts (cents). */
async function leadPayoutCents(db: D1Database, sessionId: string): Promise<number> {
  const row = await db
    .prepare('SELECT realized_click_cents + realized_lead_cents AS cents FROM visit_values WHERE session_id = ?')
    .bind(sessionId)
    .first<{ cents: number }>();
  return row?.cents ?? 0;
}

/**
 * A payout arrived (new or adjusted) for a visit. A call is its own conversion of the visit's click
 * (call-conversions.ts). A click or lead payout restates the value of the Google conversion of the
 * visit's lead, when Google was told of one, to what click and lead payouts realized (a call's
 * payout is counted by the call's own conversion, not twice). Meta's Conversions API has no
 * restatement; an event is final once sent. Never throws.
 */
export async function queuePayoutAdjustment(
  env: QueueEnv,
  sessionId: string,
  partner: string,
  conversionId: string,
): Promise<void> {
  try {
    const payout = await env.REVENUE_DB.prepare(
      'SELECT type, at, payout_cents FROM payouts WHERE partner = ? AND conversion_id = ? AND session_id = ?',
    )
      .bind(partner, conversionId, sessionId)
      .first<{ type: string; at: string; payout_cents: number }>();
    if (!payout) return;
    if (payout.type === 'call') {
      await queueCallConversion(env, {
        sessionId,
        partner,
        conversionId,
        at: payout.at,
        payoutCents: payout.payout_cents,
      });
      return;
    }
    const told = await env.ADS_DB.prepare(
      `SELECT id, lead_id FROM ad_conversions WHERE session_id = ? AND platform = 'google-ads' AND kind = 'lead' AND lead_id IS NOT NULL LIMIT 1`,
    )
      .bind(sessionId)
      .first<{ id: string; lead_id: string }>();
    if (!told) return;
    const valueCents = await leadPayoutCents(env.REVENUE_DB, sessionId);
    await enqueue(env, {
      id: `google-ads:adjustment:${partner}:${conversionId}:${valueCents}`,
      platform: 'google-ads',
      kind: 'adjustment',
      sessionId,
      leadId: told.lead_id,
      valueCents,
      adjusts: told.id,
    });
  } catch (error) {
    logJson('error', 'ad value adjustment not queued', {
      where: 'ad-conversions.adjustment',
      error: error instanceof Error ? error.message : 'unknown',
    });
  }
}
