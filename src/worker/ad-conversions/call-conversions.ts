/**
 * A paid call is a conversion: a partner's payout for a call (postback type `call`, attributed to
 * the visit that held the number) becomes a Google Ads offline conversion of that visit's click,
 * at the call's time and for the payout's value, once per (partner, conversion id). A later payout
 * for the same call (the partner's adjustment) restates that conversion: same transactionId, new
 * value (docs/decisions/0246-paid-calls-are-conversions.md).
 *
 * The same gate as a lead's, as far as a call can have it: a Google click id on the visit (a GPC
 * visit keeps none), no opt-out (GPC on the visit's lead, do-not-sell by this browser or by the
 * lead's contact), not a bot. The call carries no contact: a postback never has the caller's.
 * Meta is not told: its module sends website Lead events only, and a call is not one.
 */
import { sha256Hex } from '../../shared/consent';
import { doNotSellRequested } from '../consent/do-not-sell';
import { whyIneligible, type LeadForAds } from './eligibility';
import { enqueue, type QueueEnv } from './enqueue';
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

export async function whyCallIneligible(env: QueueEnv, sessionId: string): Promise<string | null> {
  const clickIds = await clickIdsOfVisit(env.DB, sessionId);
  if (!clickIds.gclid && !clickIds.gbraid && !clickIds.wbraid) return 'no_click_id';
  const lead = await env.DB.prepare(
    `SELECT id, session_id, visitor_id, submission_id, status, delivery, gpc, trust_verdict, "values"
     FROM leads WHERE session_id = ? ORDER BY created_at DESC LIMIT 1`,
  )
    .bind(sessionId)
    .first<LeadForAds>();
  if (lead) {
    // A call counts whether or not the lead was delivered; an opt-out or a bot verdict still bars it.
    const why = await whyIneligible(env, lead);
    if (why === 'gpc' || why === 'do_not_sell' || why === 'bot') return why;
    return null;
  }
  const visit = await env.DB.prepare('SELECT visitor_id FROM visit_values WHERE session_id = ?')
    .bind(sessionId)
    .first<{ visitor_id: string }>();
  if (await doNotSellRequested(env, { email: null, phone: null }, visit?.visitor_id ?? null)) return 'do_not_sell';
  return null;
}

/**
 * Queues the call's conversion, or (when it was queued before) its restatement at the new payout.
 * Returns what was done, or why nothing was (the reasons of whyCallIneligible).
 */
export async function queueCallConversion(env: QueueEnv, call: PaidCall): Promise<string> {
  const why = await whyCallIneligible(env, call.sessionId);
  if (why) return why;
  const id = `google-ads:call:${call.partner}:${call.conversionId}`;
  const queued = await enqueue(env, {
    id,
    platform: 'google-ads',
    kind: 'call',
    sessionId: call.sessionId,
    leadId: null,
    valueCents: call.payoutCents,
    transactionId: await callTransactionId(call.partner, call.conversionId),
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
