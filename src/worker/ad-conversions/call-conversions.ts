/**
 * A paid call is a conversion: a partner's payout for a call (postback type `call`, attributed to
 * the visit that held the number) becomes an offline conversion of that visit's ad click,
 * at the call's time and for the payout's value, once per (partner, conversion id). A later payout
 * for the same call (the partner's adjustment) restates that conversion: same transactionId, new
 * value (docs/decisions/0246-paid-calls-are-conversions.md).
 *
 * The same gate as a lead's, as far as a call can have it: a Google click id on the visit (a GPC
 * visit keeps none), no opt-out (GPC on the visit's lead, do-not-sell by this browser or by the
 * lead's contact), not a bot. The call carries no contact: a postback never has the caller's.
 * A visit from a Meta click (fbclid, _fbp) becomes a Meta `Contact` event with action_source
 * `phone_call` too, once, never for Medicare (meta-call-event.ts, docs/decisions/0275-paid-calls-on-meta.md).
 */
import { sha256Hex } from '../../shared/consent';
import { doNotSellRequested } from '../consent/do-not-sell';
import { whyIneligible, type LeadForAds } from './eligibility';
import { enqueue, type QueueEnv } from './enqueue';
import type { AdPlatform } from './message';
import { clickIdsOfVisit } from './visit-click-ids';

export interface PaidCall {
  sessionId: string;
  partner: string;
  conversionId: string;
  /** When the call happened (the postback's `at`). */
  at: string;
  payoutCents: number;
}

/** Google's dedupe key for a call: stable, short, and not the partner's raw id. */
export async function callTransactionId(partner: string, conversionId: string): Promise<string> {
  return `call-${(await sha256Hex(`${partner}:${conversionId}`)).slice(0, 40)}`;
}

/** Whether a visit's click ids name a click of this platform (Google: gclid, gbraid, wbraid; Meta: fbclid, _fbp). */
function hasClickOf(platform: AdPlatform, clickIds: Record<string, string>): boolean {
  return platform === 'google-ads'
    ? Boolean(clickIds.gclid || clickIds.gbraid || clickIds.wbraid)
    : Boolean(clickIds.fbclid || clickIds.fbp);
}

export async function whyCallIneligible(
  env: QueueEnv,
  sessionId: string,
  platform: AdPlatform = 'google-ads',
): Promise<string | null> {
  const clickIds = await clickIdsOfVisit(env, sessionId);
  if (!hasClickOf(platform, clickIds)) return 'no_click_id';
  const lead = await env.DB.prepare(
    `SELECT id, session_id, visitor_id, submission_id, product, status, delivery, gpc, trust_verdict, "values", ad_sharing
     FROM leads WHERE session_id = ? ORDER BY created_at DESC LIMIT 1`,
  )
    .bind(sessionId)
    .first<LeadForAds>();
  if (lead) {
    // A call counts whether or not the lead was delivered; an opt-out or a bot verdict still bars it.
    const why = await whyIneligible(env, lead);
    if (why === 'gpc' || why === 'do_not_sell' || why === 'bot' || why === 'no_ad_sharing') return why;
    // Meta never hears of a Medicare visit (meta-call-event.ts says why); checked again when sending.
    if (platform === 'meta-capi' && lead.product === 'medicare') return 'medicare';
    return null;
  }
  const visit = await env.REVENUE_DB.prepare('SELECT visitor_id FROM visit_values WHERE session_id = ?')
    .bind(sessionId)
    .first<{ visitor_id: string }>();
  if (await doNotSellRequested(env, { email: null, phone: null }, visit?.visitor_id ?? null)) return 'do_not_sell';
  return null;
}

/** Google: queues the call, or (queued before) its restatement at the new payout. */
async function queueGoogleCall(env: QueueEnv, call: PaidCall, transactionId: string): Promise<string> {
  const id = `google-ads:call:${call.partner}:${call.conversionId}`;
  const queued = await enqueue(env, {
    id,
    platform: 'google-ads',
    kind: 'call',
    sessionId: call.sessionId,
    leadId: null,
    valueCents: call.payoutCents,
    transactionId,
    eventAt: new Date(call.at).toISOString(),
  });
  if (queued) return 'queued';
  await enqueue(env, {
    id: `google-ads:adjustment:call:${call.partner}:${call.conversionId}:${call.payoutCents}`,
    platform: 'google-ads',
    kind: 'adjustment',
    sessionId: call.sessionId,
    leadId: null,
    valueCents: call.payoutCents,
    adjusts: id,
  });
  return 'restated';
}

/**
 * Meta: queues the call once. A later payout changes nothing at Meta: the Conversions API has no
 * restatement, and an event sent again with the same event_id is dropped as a duplicate within 48
 * hours and counted twice after (docs/decisions/0275-paid-calls-on-meta.md).
 */
async function queueMetaCall(env: QueueEnv, call: PaidCall, transactionId: string): Promise<string> {
  const queued = await enqueue(env, {
    id: `meta-capi:call:${call.partner}:${call.conversionId}`,
    platform: 'meta-capi',
    kind: 'call',
    sessionId: call.sessionId,
    leadId: null,
    valueCents: call.payoutCents,
    transactionId,
    eventAt: new Date(call.at).toISOString(),
  });
  return queued ? 'queued' : 'already sent: Meta has no restatement';
}

/**
 * Queues the call's conversion on each platform whose click brought the visit (Google: the
 * conversion, or its restatement at the new payout; Meta: the event, once). Returns what was done
 * per platform, or why nothing was (the reasons of whyCallIneligible).
 */
export async function queueCallConversion(env: QueueEnv, call: PaidCall): Promise<Record<AdPlatform, string>> {
  const transactionId = await callTransactionId(call.partner, call.conversionId);
  const [google, meta] = await Promise.all(
    (['google-ads', 'meta-capi'] as const).map(async (platform) => {
      const why = await whyCallIneligible(env, call.sessionId, platform);
      if (why) return why;
      return platform === 'google-ads'
        ? queueGoogleCall(env, call, transactionId)
        : queueMetaCall(env, call, transactionId);
    }),
  );
  return { 'google-ads': google ?? 'error', 'meta-capi': meta ?? 'error' };
}
