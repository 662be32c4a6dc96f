/**
 * What the rest of the Worker calls: queueAdConversions where a lead delivery is confirmed,
 * queuePayoutAdjustment where a payout for a converted visit arrives. Each writes one
 * `ad_conversions` row per platform (INSERT OR IGNORE on a stable id, so a redelivered lead or
 * a repeated postback queues nothing twice) and sends its id on the AD_CONVERSIONS queue.
 */
import { logJson } from '../observability/log';
import { whyIneligible, type LeadForAds } from './eligibility';
import type { AdPlatform } from './message';
import { clickIdsOfVisit } from './visit-click-ids';
import { recordLeadVisit } from '../revenue/lead-visit';

type QueueEnv = Pick<Env, 'DB' | 'AD_CONVERSIONS' | 'LEAD_HASH_SALT'> & { VISITOR_COOKIE_SECRET?: string };

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

async function enqueue(
  env: QueueEnv,
  row: {
    id: string;
    platform: AdPlatform;
    kind: 'lead' | 'adjustment';
    sessionId: string;
    leadId: string | null;
    valueCents: number;
  },
): Promise<boolean> {
  const inserted = await env.DB.prepare(
    `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'queued', ?) ON CONFLICT (id) DO NOTHING`,
  )
    .bind(row.id, row.platform, row.kind, row.sessionId, row.leadId, row.valueCents, new Date().toISOString())
    .run();
  if ((inserted.meta.changes ?? 0) !== 1) return false;
  // JSON, not the default v8 serialisation: a dead letter must be readable by the HTTP pull API (npm run dlq:replay).
  await env.AD_CONVERSIONS.send({ v: 1, id: row.id }, { contentType: 'json' });
  return true;
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
      `SELECT id, session_id, visitor_id, submission_id, product, status, delivery, gpc, trust_verdict, "values" FROM leads WHERE id = ?`,
    )
      .bind(leadId)
      .first<LeadForAds>();
    if (!lead) return { queued: [], skipped: 'missing' };
    // Whatever the platforms are told, the visit gets its value row (a lead payout lands there by ref).
    await recordLeadVisit(env, lead.id);
    const why = await whyIneligible(env, lead);
    if (why || !lead.session_id) return { queued: [], skipped: why ?? 'no_session' };
    const platforms = platformsFor(await clickIdsOfVisit(env.DB, lead.session_id), lead.product);
    if (platforms.length === 0) return { queued: [], skipped: 'no_click_id' };
    const valueCents = await visitValueCents(env.DB, lead.session_id);
    const queued: AdPlatform[] = [];
    for (const platform of platforms) {
      const id = `${platform}:lead:${lead.id}`;
      if (await enqueue(env, { id, platform, kind: 'lead', sessionId: lead.session_id, leadId: lead.id, valueCents }))
        queued.push(platform);
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

/**
 * A payout arrived for a visit: where Google Ads was told of its lead, restate that conversion's
 * value (Meta's Conversions API has no restatement; an event is final once sent). Never throws.
 */
export async function queuePayoutAdjustment(
  env: QueueEnv,
  sessionId: string,
  partner: string,
  conversionId: string,
): Promise<void> {
  try {
    const told = await env.DB.prepare(
      `SELECT lead_id FROM ad_conversions WHERE session_id = ? AND platform = 'google-ads' AND kind = 'lead' AND lead_id IS NOT NULL LIMIT 1`,
    )
      .bind(sessionId)
      .first<{ lead_id: string }>();
    if (!told) return;
    const valueCents = await visitValueCents(env.DB, sessionId);
    await enqueue(env, {
      id: `google-ads:adjustment:${partner}:${conversionId}:${valueCents}`,
      platform: 'google-ads',
      kind: 'adjustment',
      sessionId,
      leadId: told.lead_id,
      valueCents,
    });
  } catch (error) {
    logJson('error', 'ad value adjustment not queued', {
      where: 'ad-conversions.adjustment',
      error: error instanceof Error ? error.message : 'unknown',
    });
  }
}
